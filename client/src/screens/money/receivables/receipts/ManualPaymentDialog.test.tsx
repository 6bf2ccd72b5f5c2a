import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMockEnvironment, MockPayloadGenerator, type RelayMockEnvironment } from 'relay-test-utils';
import { renderScreen } from '../../../../test/renderScreen.js';
import { globalId } from '../../../../relay/ids.js';
import '../../../../i18n/all.js';
import { ManualPaymentDialog } from './ManualPaymentDialog.js';

const FILE_ID = '5f0c6f0e-8a47-4a55-9a39-1f2b8c7d6e5a';

/** The browser's upload to POST /api/1.0/files, answered at once with the stored file's id. */
class UploadRequest {
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  static sent: { url: string; body: FormData }[] = [];
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    UploadRequest.sent.push({ url: this.url, body });
    this.status = 201;
    this.responseText = JSON.stringify({ id: FILE_ID, name: 'comprobante.pdf' });
    this.onload?.();
  }
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  UploadRequest.sent = [];
});

const concept = (conceptDatabaseId: number, description: string, allowAttachments: boolean) => ({
  conceptDatabaseId,
  description,
  maxAmount: '800.00',
  maxPaymentDate: null,
  allowAttachments,
});

async function openDialog(concepts: ReturnType<typeof concept>[]) {
  const environment = createMockEnvironment();
  renderScreen(environment, '/houses/7/receipts', <ManualPaymentDialog opened houseId={globalId('House', '7')} onClose={() => {}} onDone={() => {}} />);
  await waitFor(() => expect(environment.mock.getAllOperations().length).toBe(1));
  await act(async () => {
    environment.mock.resolveMostRecentOperation((operation) =>
      MockPayloadGenerator.generate(operation, {
        // biome-ignore lint/correctness/noComponentHookFactories: mock resolvers are named after GraphQL types, not components
        ManualPaymentOptions: () => ({ defaultDueDate: null, concepts }),
      }),
    );
  });
  return { environment, dialog: await screen.findByRole('dialog', { name: 'Solicitar pago' }) };
}

async function submit(environment: RelayMockEnvironment, dialog: HTMLElement) {
  fireEvent.change(within(dialog).getByLabelText(/Monto/), { target: { value: '500' } });
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Solicitar pago' }));
  });
  await waitFor(() => expect(environment.mock.getAllOperations().some((op) => op.request.node.params.name === 'ManualPaymentDialogMutation')).toBe(true));
  return environment.mock.getAllOperations().find((op) => op.request.node.params.name === 'ManualPaymentDialogMutation')!.request.variables;
}

describe('manual payment dialog', () => {
  it('offers a file when the concept allows attachments and sends the uploaded id with the request', async () => {
    vi.stubGlobal('XMLHttpRequest', UploadRequest);
    const { environment, dialog } = await openDialog([concept(31, 'Adeudo inicial', true)]);
    expect(within(dialog).getByText('Comprobante (opcional): PDF, PNG, JPG o WEBP de hasta 10 MB')).toBeTruthy();
    const input = dialog.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toBe('.pdf,.png,.jpg,.jpeg,.webp');
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'comprobante.pdf', { type: 'application/pdf' })] } });
    });
    expect(UploadRequest.sent.map((s) => s.url)).toEqual(['/api/1.0/files']);
    expect(await within(dialog).findByText('Archivo cargado')).toBeTruthy();
    const variables = await submit(environment, dialog);
    expect(variables.input).toMatchObject({ houseId: globalId('House', '7'), conceptId: 31, amount: '500', attachmentFileId: FILE_ID });
  });

  it('hides the file field for a concept without attachments and sends none', async () => {
    const { environment, dialog } = await openDialog([concept(32, 'Pago anticipado de cuotas', false)]);
    expect(within(dialog).queryByText(/Comprobante/)).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Elegir archivo' })).toBeNull();
    const variables = await submit(environment, dialog);
    expect(variables.input).toMatchObject({ conceptId: 32, attachmentFileId: null });
  });
});
