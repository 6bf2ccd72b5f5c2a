import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loadQuery } from 'react-relay';
import { Route, Routes } from 'react-router';
import { createMockEnvironment, MockPayloadGenerator, type RelayMockEnvironment } from 'relay-test-utils';
import CfdisQuery, { type CfdisQuery as CfdisQueryType } from '../../../../__generated__/CfdisQuery.graphql.js';
import ReceiptCfdisQuery, { type ReceiptCfdisQuery as ReceiptCfdisQueryType } from '../../../../__generated__/ReceiptCfdisQuery.graphql.js';
import { renderScreen } from '../../../../test/renderScreen.js';
import { globalId } from '../../../../relay/ids.js';
import type { ScreenRoute } from '../../../../router/screenRoute.js';
import '../../../../i18n/all.js';
import Cfdis from './Cfdis.js';
import ReceiptCfdis from './ReceiptCfdis.js';
import { cfdiRoutes } from './routes.js';

const session = vi.hoisted(() => ({ grants: new Set<string>() }));
vi.mock('../../../../components/SessionProvider.js', () => ({
  useSession: () => ({
    grants: session.grants,
    superAdmin: false,
    session: { activeModules: ['BASE', 'COBRANZA', 'FACTURACION'], neighborhood: { databaseId: 1 } },
  }),
}));

const ADMIN = ['ACfdiCreate', 'ACfdiDelete', 'APdfCfdiUpdate', 'AReceiptsRead'];
const UUID_A = '5f0e6a4c-1b2d-4c3e-9f8a-7b6c5d4e3f2a';

const cfdi = (id: number, fields: Record<string, unknown> = {}) => ({
  __typename: 'Cfdi',
  id: globalId('Cfdi', String(id)),
  databaseId: id,
  kind: 'RECEIPT',
  status: 'STAMPED',
  serie: 'F',
  folio: String(id),
  uuid: UUID_A,
  total: '1850.00',
  stampedAt: '2026-11-10T18:00:00.000Z',
  createdAt: '2026-11-10T17:59:00.000Z',
  errorDescription: null,
  hasXml: true,
  hasPdf: true,
  xmlUrl: `/api/1.0/neighborhoods/1/cfdis/${id}/xml`,
  pdfUrl: `/api/1.0/neighborhoods/1/cfdis/${id}/pdf`,
  globalYear: null,
  globalMonth: null,
  receiptDatabaseIds: [42],
  receiver: { rfc: 'RUMP800101AB1', name: 'PATRICIA RUIZ MENDEZ' },
  receiptHouses: [{ __typename: 'CfdiReceiptHouse', receiptDatabaseId: 42, houseDatabaseId: 7 }],
  substitute: null,
  substitutedBy: null,
  ...fields,
});

const route = cfdiRoutes.find((r) => r.path === '/neighborhood/cfdis') as ScreenRoute;
const operations = (environment: RelayMockEnvironment, name: string) =>
  environment.mock.getAllOperations().filter((op) => op.request.node.params.name === name);

function renderList(url: string, rows: ReturnType<typeof cfdi>[], grants = ADMIN) {
  session.grants = new Set(grants);
  const environment = createMockEnvironment();
  const search = new URLSearchParams(url.split('?')[1] ?? '');
  const variables = route.variables!({ params: {}, search }) as CfdisQueryType['variables'];
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, {
      // biome-ignore lint/correctness/noComponentHookFactories: mock resolvers are named after GraphQL types, not components
      CfdiConnection: () => ({ totalCount: rows.length, edges: rows.map((node) => ({ cursor: String(node.databaseId), node })) }),
      // biome-ignore lint/correctness/noComponentHookFactories: as above
      Query: () => ({
        cfdiResume: [
          { status: 'PENDING', count: 0, total: '0.00' },
          { status: 'STAMPED', count: rows.filter((r) => r.status === 'STAMPED').length, total: '1850.00' },
          { status: 'ERROR', count: rows.filter((r) => r.status === 'ERROR').length, total: '0.00' },
          { status: 'CANCELLED', count: 0, total: '0.00' },
        ],
      }),
    }),
  );
  environment.mock.queuePendingOperation(CfdisQuery, variables);
  const queryRef = loadQuery<CfdisQueryType>(environment, CfdisQuery, variables);
  renderScreen(
    environment,
    url,
    <Routes>
      <Route path="/neighborhood/cfdis" element={<Cfdis queryRef={queryRef} route={route} />} />
    </Routes>,
    { notifications: true },
  );
  return { environment, variables };
}

describe('/neighborhood/cfdis', () => {
  it('reads its filters from the query string and shows the resume, the rows and their actions', async () => {
    const { variables } = renderList('/neighborhood/cfdis?status=STAMPED&kind=NADA&from=2026-11-01&to=2026-11-30&page=2&page_size=50', [
      cfdi(1),
      cfdi(2, {
        status: 'ERROR',
        uuid: null,
        hasXml: false,
        hasPdf: false,
        xmlUrl: null,
        pdfUrl: null,
        stampedAt: null,
        errorDescription: 'CFDI40145 - El nombre del receptor no coincide',
      }),
    ]);
    expect(variables).toEqual({ first: 50, offset: 50, filter: { status: 'STAMPED', kind: null, from: '2026-11-01', to: '2026-11-30' } });
    await screen.findByRole('heading', { name: 'Facturas (CFDI)' });
    expect(within(screen.getByTestId('cfdi-summary-STAMPED')).getByText('1 factura')).toBeTruthy();
    const stamped = within(screen.getByTestId('cfdi-1'));
    expect(stamped.getByText('F-1')).toBeTruthy();
    expect(stamped.getByText(UUID_A)).toBeTruthy();
    expect(stamped.getByText('$1,850.00')).toBeTruthy();
    expect(stamped.getByTestId('cfdi-status').textContent).toBe('Timbrada');
    const failed = within(screen.getByTestId('cfdi-2'));
    expect(failed.getByTestId('cfdi-error').textContent).toBe('CFDI40145 - El nombre del receptor no coincide');
    expect(failed.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Emitir factura global' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Descargar' })).toBeTruthy();
  });

  it("«Enviar por correo» needs both dates and requests the period's zip (the incomes report's CFDI request)", async () => {
    const { environment } = renderList('/neighborhood/cfdis?from=2026-11-01&to=2026-11-30', [cfdi(1)]);
    await screen.findByTestId('cfdi-1');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Enviar por correo' }));
    });
    const [request] = operations(environment, 'CfdisRequestZipMutation');
    expect(request.request.variables.input).toMatchObject({ from: '2026-11-01', to: '2026-11-30' });
    await act(async () => {
      environment.mock.resolve(request, {
        data: {
          requestCfdisZip: {
            __typename: 'MutationRequestCfdisZipSuccess',
            data: { message: 'Te enviaremos por correo las facturas del periodo', items: [{ id: globalId('Cfdi', '1') }] },
          },
        },
      });
    });
    await screen.findByText('Te enviaremos por correo las facturas del periodo (1 factura)');
  });

  it('«Enviar por correo» stays disabled without a period', async () => {
    renderList('/neighborhood/cfdis?from=2026-11-01', [cfdi(1)]);
    await screen.findByTestId('cfdi-1');
    expect(screen.getByRole('button', { name: 'Enviar por correo' })).toHaveProperty('disabled', true);
  });

  it('an empty list says why, differently when filtered', async () => {
    renderList('/neighborhood/cfdis', []);
    await screen.findByText('No hay facturas');
    expect(screen.getByRole('button', { name: 'Descargar' })).toHaveProperty('disabled', true);
  });

  it('says when the filters leave nothing', async () => {
    renderList('/neighborhood/cfdis?status=CANCELLED', [], ['ACfdiDelete']);
    await screen.findByText('Ninguna factura coincide con los filtros');
    // Without ACfdiCreate there is no global invoice to issue.
    expect(screen.queryByRole('button', { name: 'Emitir factura global' })).toBeNull();
  });

  it('retry: an answer in ERROR shows its description, or the generic message', async () => {
    const { environment } = renderList('/neighborhood/cfdis', [
      cfdi(2, { status: 'ERROR', uuid: null, hasXml: false, hasPdf: false, xmlUrl: null, pdfUrl: null }),
    ]);
    await screen.findByTestId('cfdi-2');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    });
    const [first] = operations(environment, 'useCfdiActionsGenerateMutation');
    expect(first.request.variables.input).toMatchObject({ cfdiId: globalId('Cfdi', '2') });
    await act(async () => {
      environment.mock.resolve(first, {
        data: { generateReceiptCfdi: { __typename: 'MutationGenerateReceiptCfdiSuccess', data: { message: '', status: 'ERROR', errorDescription: null } } },
      });
    });
    await screen.findByText('No logramos generar tu CFDi', { selector: '.mantine-Notification-description' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    });
    const [second] = operations(environment, 'useCfdiActionsGenerateMutation');
    expect(second.request.variables.input.idempotencyKey).not.toBe(first.request.variables.input.idempotencyKey);
    await act(async () => {
      environment.mock.resolve(second, {
        data: {
          generateReceiptCfdi: {
            __typename: 'MutationGenerateReceiptCfdiSuccess',
            data: { message: 'CFDI generado', status: 'STAMPED', errorDescription: null },
          },
        },
      });
    });
    await screen.findByText('CFDI generado');
    expect(document.querySelector('[data-kind="success"]')).toBeTruthy();
  });

  it('cancel: motive 01 sends regenerate, and the list reloads after «La factura ha sido cancelada»', async () => {
    const { environment } = renderList('/neighborhood/cfdis', [cfdi(1)]);
    await screen.findByTestId('cfdi-1');
    fireEvent.click(within(screen.getByTestId('cfdi-1')).getByRole('button', { name: 'Cancelar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/PATRICIA RUIZ MENDEZ \(RUMP800101AB1\)/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: /^01/ }));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar factura' }));
    });
    const [cancel] = operations(environment, 'useCfdiActionsCancelMutation');
    expect(cancel.request.variables.input).toMatchObject({ cfdiId: globalId('Cfdi', '1'), motive: '01', regenerate: true });
    await act(async () => {
      environment.mock.resolve(cancel, {
        data: {
          cancelCfdi: {
            __typename: 'MutationCancelCfdiSuccess',
            data: { message: 'La factura ha sido cancelada', status: 'CANCELLED', errorDescription: null },
          },
        },
      });
    });
    await screen.findByText('La factura ha sido cancelada');
    await waitFor(() => expect(operations(environment, 'CfdiListRefetchQuery')).toHaveLength(1));
  });

  it('a refused cancellation keeps the dialog open with the server message', async () => {
    const { environment } = renderList('/neighborhood/cfdis', [cfdi(1)]);
    await screen.findByTestId('cfdi-1');
    fireEvent.click(within(screen.getByTestId('cfdi-1')).getByRole('button', { name: 'Cancelar' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: /^02/ }));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar factura' }));
    });
    const [cancel] = operations(environment, 'useCfdiActionsCancelMutation');
    expect(cancel.request.variables.input).toMatchObject({ motive: '02', regenerate: false });
    await act(async () => {
      environment.mock.resolve(cancel, {
        data: { cancelCfdi: { __typename: 'ConflictError', __isError: 'ConflictError', code: 409, message: 'La factura ya fue cancelada' } },
      });
    });
    await screen.findByText('La factura ya fue cancelada');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

function renderReceipt(receipt: Record<string, unknown>, grants: string[], url = '/receipts/42/cfdis') {
  session.grants = new Set(grants);
  const environment = createMockEnvironment();
  const variables = { id: globalId('Receipt', '42') };
  const data = {
    __typename: 'Receipt',
    id: variables.id,
    databaseId: 42,
    description: 'Cuota extraordinaria de impermeabilización',
    year: 2031,
    month: 1,
    status: 'PAID',
    houseDatabaseId: 7,
    houseLabel: 'M1B7',
    cfdiActions: { allowGenerateCfdi: false },
    cfdis: [],
    ...receipt,
  };
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, {
      // biome-ignore lint/correctness/noComponentHookFactories: mock resolvers are named after GraphQL types, not components
      Node: () => data,
      // biome-ignore lint/correctness/noComponentHookFactories: as above
      Receipt: () => data,
    }),
  );
  environment.mock.queuePendingOperation(ReceiptCfdisQuery, variables);
  const queryRef = loadQuery<ReceiptCfdisQueryType>(environment, ReceiptCfdisQuery, variables);
  renderScreen(
    environment,
    url,
    <Routes>
      <Route path="/receipts/:receiptId/cfdis" element={<ReceiptCfdis queryRef={queryRef} />} />
    </Routes>,
    { notifications: true },
  );
  return environment;
}

describe('/receipts/{receiptId}/cfdis', () => {
  it('a paid receipt without invoice offers «Generar CFDI»; an ERROR answer shows its description', async () => {
    const environment = renderReceipt({ cfdiActions: { allowGenerateCfdi: true } }, ['OCfdiCreate']);
    await screen.findByRole('heading', { name: 'Facturas del recibo' });
    expect(screen.getByText('Este recibo aún no tiene facturas')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver al recibo' }).getAttribute('href')).toBe('/houses/7/receipts/42');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Generar CFDI' }));
    });
    const [generate] = operations(environment, 'useCfdiActionsGenerateMutation');
    expect(generate.request.variables.input).toMatchObject({ receiptId: globalId('Receipt', '42') });
    await act(async () => {
      environment.mock.resolve(generate, {
        data: {
          generateReceiptCfdi: {
            __typename: 'MutationGenerateReceiptCfdiSuccess',
            data: { message: 'x', status: 'ERROR', errorDescription: 'CFDI40157 - El régimen fiscal del receptor no corresponde' },
          },
        },
      });
    });
    await screen.findByText('CFDI40157 - El régimen fiscal del receptor no corresponde');
    expect(document.querySelector('[data-kind="danger"]')).toBeTruthy();
    await waitFor(() => expect(operations(environment, 'ReceiptCfdisRefetchQuery')).toHaveLength(1));
  });

  it('an unpaid receipt cannot be invoiced yet; an invoiced one shows its rows without «Generar CFDI»', async () => {
    renderReceipt({ status: 'NEW' }, ['OCfdiCreate']);
    await screen.findByText('El recibo se podrá facturar cuando esté pagado.');
    expect(screen.queryByRole('button', { name: 'Generar CFDI' })).toBeNull();
  });

  it('?cancel=1 (the receipt menu) opens the cancellation of its valid invoice', async () => {
    renderReceipt({ cfdis: [cfdi(3, { status: 'CANCELLED', uuid: 'old' }), cfdi(4)] }, ['OCfdiDelete'], '/receipts/42/cfdis?cancel=1');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Cancelar factura F-4')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Recibo #/ })).toBeNull();
  });
});
