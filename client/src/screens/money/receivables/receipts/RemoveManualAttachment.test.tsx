import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMockEnvironment } from 'relay-test-utils';
import { renderScreen } from '../../../../test/renderScreen.js';
import { globalId } from '../../../../relay/ids.js';
import '../../../../i18n/all.js';
import { canRemoveManualAttachment, RemoveManualAttachment } from './RemoveManualAttachment.js';

const session = vi.hoisted(() => ({ grants: ['OReceiptsRead', 'OReceiptsCreate'] as string[] }));
vi.mock('../../../../components/SessionProvider.js', () => ({
  useSession: () => ({ grants: new Set(session.grants), superAdmin: false, session: { neighborhood: { databaseId: 1 } } }),
}));

afterEach(cleanup);

const request = { id: globalId('Receipt', '41'), houseDatabaseId: 7, creditsWallet: true, status: 'NEW', documents: { attachment: true } };

describe('removing a manual payment request’s file', () => {
  it('is offered for a request with a file that nothing pays yet, to whoever may ask for manual payments', () => {
    const owner = new Set(['OReceiptsCreate']);
    expect(canRemoveManualAttachment(request, owner)).toBe(true);
    expect(canRemoveManualAttachment({ ...request, status: 'PENALTY' }, new Set(['AReceiptsCreate']))).toBe(true);
    for (const status of ['PAID', 'IN_PROGRESS', 'REVIEW']) expect(canRemoveManualAttachment({ ...request, status }, owner)).toBe(false);
    expect(canRemoveManualAttachment({ ...request, creditsWallet: false }, owner)).toBe(false);
    expect(canRemoveManualAttachment({ ...request, documents: { attachment: false } }, owner)).toBe(false);
    expect(canRemoveManualAttachment(request, new Set(['RReceiptsRead']))).toBe(false);
  });

  it('asks first, then sends the house and the request', async () => {
    const environment = createMockEnvironment();
    const onReload = vi.fn();
    renderScreen(environment, '/houses/7/receipts/41', <RemoveManualAttachment receipt={request} onReload={onReload} />);
    fireEvent.click(screen.getByRole('button', { name: 'Quitar archivo adjunto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Quitar archivo adjunto' });
    expect(dialog.textContent).toContain('La solicitud de pago dejará de llevar su archivo adjunto. ¿Quieres quitarlo?');
    expect(environment.mock.getAllOperations()).toHaveLength(0);
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Quitar archivo adjunto' }).at(-1)!);
    });
    await waitFor(() => expect(environment.mock.getAllOperations()).toHaveLength(1));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe('RemoveManualAttachmentMutation');
    expect(operation.request.variables.input).toMatchObject({ houseId: globalId('House', '7'), receiptId: globalId('Receipt', '41') });
    await act(async () => {
      environment.mock.resolve(operation, {
        data: {
          removeManualPaymentAttachment: {
            __typename: 'MutationRemoveManualPaymentAttachmentSuccess',
            data: { message: 'El archivo adjunto ha sido eliminado' },
          },
        },
      });
    });
    await waitFor(() => expect(onReload).toHaveBeenCalledTimes(1));
  });
});
