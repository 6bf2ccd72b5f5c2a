import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loadQuery } from 'react-relay';
import { Route, Routes } from 'react-router';
import { createMockEnvironment, MockPayloadGenerator, type RelayMockEnvironment } from 'relay-test-utils';
import ServicePeriodsQuery, { type ServicePeriodsQuery as ServicePeriodsQueryType } from '../../../../__generated__/ServicePeriodsQuery.graphql.js';
import { renderScreen } from '../../../../test/renderScreen.js';
import { globalId } from '../../../../relay/ids.js';
import type { ScreenRoute } from '../../../../router/screenRoute.js';
import '../../../../i18n/all.js';
import ServicePeriods from './ServicePeriods.js';
import { servicePeriodRoutes } from './routes.js';

const session = vi.hoisted(() => ({ grants: new Set<string>() }));
vi.mock('../../../../components/SessionProvider.js', () => ({
  useSession: () => ({ grants: session.grants, superAdmin: false, session: { activeModules: ['BASE', 'COBRANZA'], neighborhood: { databaseId: 1 } } }),
}));

const ADMIN = ['AServicesPeriodsRead', 'AServicesPeriodsCreate', 'AServicesPeriodsUpdate', 'AServicesPeriodsDelete', 'AServicePeriodIncomesRead'];

const period = (id: number, status: string, fields: Record<string, unknown> = {}) => ({
  __typename: 'ServicePeriod',
  id: globalId('ServicePeriod', String(id)),
  databaseId: id,
  description: `Agua periodo ${id}`,
  cost: '12.5',
  conversionRate: '1',
  dueDate: '2026-12-15',
  status,
  editable: status === 'NEW' || status === 'READY',
  deletable: status !== 'APPLIED' && status !== 'DELETED',
  ...fields,
});

const route = servicePeriodRoutes.find((r) => r.path === '/services/:serviceId/periods') as ScreenRoute;
const operations = (environment: RelayMockEnvironment, name: string) =>
  environment.mock.getAllOperations().filter((op) => op.request.node.params.name === name);

function renderList(rows: ReturnType<typeof period>[], { grants = ADMIN, type = 'FACTOR' } = {}) {
  session.grants = new Set(grants);
  const environment = createMockEnvironment();
  const variables = route.variables!({ params: { serviceId: '7' }, search: new URLSearchParams() }) as ServicePeriodsQueryType['variables'];
  environment.mock.queueOperationResolver((operation) =>
    operation.request.node.params.name !== 'ServicePeriodsQuery'
      ? null
      : MockPayloadGenerator.generate(operation, {
          // biome-ignore lint/correctness/noComponentHookFactories: mock resolvers are named after GraphQL types, not components
          MeasuredService: () => ({ id: globalId('MeasuredService', '7'), databaseId: 7, description: 'Agua potable', type }),
          // biome-ignore lint/correctness/noComponentHookFactories: as above
          ServicePeriodConnection: (context: unknown) =>
            (context as { alias?: string }).alias === 'latest'
              ? { edges: rows.slice(0, 1).map((node) => ({ node })) }
              : { totalCount: rows.length, edges: rows.map((node) => ({ node })) },
        }),
  );
  environment.mock.queuePendingOperation(ServicePeriodsQuery, variables);
  const queryRef = loadQuery<ServicePeriodsQueryType>(environment, ServicePeriodsQuery, variables);
  renderScreen(
    environment,
    '/services/7/periods',
    <Routes>
      <Route path="/services/:serviceId/periods" element={<ServicePeriods queryRef={queryRef} route={route} />} />
      <Route path="/services/:serviceId/periods/:periodId/measurements" element={<p>captura</p>} />
    </Routes>,
    { notifications: true },
  );
  return { environment, variables };
}

const row = (id: number) => within(screen.getByTestId(`period-${id}`));

describe('/services/{serviceId}/periods', () => {
  it('shows each period with its status in Spanish and the next step by status', async () => {
    const { variables } = renderList([period(5, 'APPLIED'), period(4, 'DELETED'), period(3, 'COMPLETED'), period(2, 'READY'), period(1, 'NEW')]);
    expect(variables).toEqual({ first: 20, offset: 0, serviceId: globalId('MeasuredService', '7') });
    await screen.findByRole('heading', { name: 'Periodos de Agua potable' });
    expect(row(5).getByTestId('period-status').textContent).toBe('Aplicado');
    expect(row(4).getByTestId('period-status').textContent).toBe('Eliminado');
    expect(row(3).getByTestId('period-status').textContent).toBe('Completado');
    expect(row(2).getByTestId('period-status').textContent).toBe('En captura');
    expect(row(1).getByTestId('period-status').textContent).toBe('Nuevo');
    expect(row(5).getByRole('link', { name: 'Ver recibos' }).getAttribute('href')).toBe('/services/7/periods/5/receipts');
    expect(row(5).getByRole('link', { name: 'Ver ingresos' }).getAttribute('href')).toBe('/services/7/periods/5/incomes');
    expect(row(5).queryByRole('button', { name: /Más acciones/ })).toBeNull();
    expect(row(4).queryAllByRole('button')).toHaveLength(0);
    expect(row(3).getByRole('button', { name: 'Generar recibos de Agua periodo 3' })).toBeTruthy();
    expect(row(2).getByRole('link', { name: 'Capturar lecturas de Agua periodo 2' }).getAttribute('href')).toBe('/services/7/periods/2/measurements');
    expect(row(1).getByRole('button', { name: 'Iniciar captura de Agua periodo 1' })).toBeTruthy();
    expect(row(3).getByText('$12.50')).toBeTruthy();
    // The newest period is applied: nothing pending, a new period may be registered.
    expect(screen.getByRole('link', { name: 'Nuevo periodo' }).getAttribute('href')).toBe('/services/7/periods/form');
  });

  it('hides «Nuevo periodo» while one is pending, and a TABLE service shows no cost or rate', async () => {
    renderList([period(2, 'READY'), period(1, 'APPLIED')], { type: 'TABLE' });
    await screen.findByTestId('pending-period');
    expect(screen.getByTestId('pending-period').textContent).toContain('Agua periodo 2');
    expect(screen.queryByRole('link', { name: 'Nuevo periodo' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Costo por unidad' })).toBeNull();
  });

  it('without update and delete grants only the reading steps remain', async () => {
    renderList([period(3, 'COMPLETED'), period(1, 'NEW')], { grants: ['AServicesPeriodsRead'] });
    await screen.findByTestId('period-3');
    expect(row(3).queryByRole('button', { name: /Generar recibos/ })).toBeNull();
    expect(row(1).queryAllByRole('button')).toHaveLength(0);
    // A completed period's readings can still be read.
    fireEvent.click(row(3).getByRole('button', { name: 'Más acciones de Agua periodo 3' }));
    expect((await screen.findByRole('menuitem', { name: 'Ver lecturas', hidden: true })).getAttribute('href')).toBe('/services/7/periods/3/measurements');
    expect(screen.queryByRole('menuitem', { name: 'Editar', hidden: true })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Nuevo periodo' })).toBeNull();
  });

  it('«Iniciar captura» begins the measurements and opens the capture', async () => {
    const { environment } = renderList([period(1, 'NEW')]);
    await screen.findByTestId('period-1');
    await act(async () => {
      fireEvent.click(row(1).getByRole('button', { name: 'Iniciar captura de Agua periodo 1' }));
    });
    const [begin] = operations(environment, 'PeriodActionsBeginMutation');
    expect(begin.request.variables.input).toMatchObject({ id: globalId('ServicePeriod', '1') });
    await act(async () => {
      environment.mock.resolve(begin, {
        data: {
          beginServicePeriodMeasurements: {
            __typename: 'MutationBeginServicePeriodMeasurementsSuccess',
            data: {
              message: 'Se ha generado el formato de captura de las mediciones',
              period: { id: globalId('ServicePeriod', '1'), status: 'READY', editable: true, deletable: true },
            },
          },
        },
      });
    });
    await screen.findByText('captura');
    await screen.findByText('Se ha generado el formato de captura de las mediciones');
  });

  it('«Generar recibos» confirms with how many receipts, then generates and reloads', async () => {
    const { environment } = renderList([period(3, 'COMPLETED')]);
    await screen.findByTestId('period-3');
    await act(async () => {
      fireEvent.click(row(3).getByRole('button', { name: 'Generar recibos de Agua periodo 3' }));
    });
    const [count] = operations(environment, 'PeriodActionsCountQuery');
    await act(async () => {
      environment.mock.resolve(count, {
        data: { node: { __typename: 'ServicePeriod', id: globalId('ServicePeriod', '3'), measurementCounts: { total: 12, captured: 12 } } },
      });
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('generate-count').textContent).toContain('Se generarán hasta 12 recibos de «Agua periodo 3»');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Generar recibos' }));
    });
    const [generate] = operations(environment, 'PeriodActionsGenerateMutation');
    expect(generate.request.variables.input).toMatchObject({ id: globalId('ServicePeriod', '3') });
    await act(async () => {
      environment.mock.resolve(generate, {
        data: {
          generateServicePeriodReceipts: {
            __typename: 'MutationGenerateServicePeriodReceiptsSuccess',
            data: {
              message: 'Los recibos del periodo han sido generados',
              created: 11,
              period: { id: globalId('ServicePeriod', '3'), status: 'APPLIED', editable: false, deletable: false },
            },
          },
        },
      });
    });
    await screen.findByText('Los recibos del periodo han sido generados: 11 recibos');
    await waitFor(() => expect(operations(environment, 'ServicePeriodsRefetchQuery')).toHaveLength(1));
  });

  it("a refused generation shows the server's message", async () => {
    const { environment } = renderList([period(3, 'COMPLETED')]);
    await screen.findByTestId('period-3');
    await act(async () => {
      fireEvent.click(row(3).getByRole('button', { name: 'Generar recibos de Agua periodo 3' }));
    });
    await act(async () => {
      environment.mock.resolve(operations(environment, 'PeriodActionsCountQuery')[0], {
        data: { node: { __typename: 'ServicePeriod', id: globalId('ServicePeriod', '3'), measurementCounts: { total: 2, captured: 2 } } },
      });
    });
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Generar recibos' })).toHaveProperty('disabled', false));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Generar recibos' }));
    });
    await act(async () => {
      environment.mock.resolve(operations(environment, 'PeriodActionsGenerateMutation')[0], {
        data: {
          generateServicePeriodReceipts: {
            __typename: 'ConflictError',
            __isError: 'ConflictError',
            code: 409,
            message: 'Propiedad Casa 4: Ningún rango del servicio cubre el consumo de 900 unidades',
          },
        },
      });
    });
    await screen.findByText('Propiedad Casa 4: Ningún rango del servicio cubre el consumo de 900 unidades');
  });

  it('«Eliminar» asks first, then deletes', async () => {
    const { environment } = renderList([period(2, 'READY')]);
    await screen.findByTestId('period-2');
    fireEvent.click(row(2).getByRole('button', { name: 'Más acciones de Agua periodo 2' }));
    expect((await screen.findByRole('menuitem', { name: 'Editar', hidden: true })).getAttribute('href')).toBe('/services/7/periods/form/2');
    // jsdom leaves the red item out of the accessibility tree (its colour variables): found by its text.
    fireEvent.click(screen.getByText('Eliminar', { selector: '[role=menuitem] *' }));
    const dialog = await screen.findByRole('dialog');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    });
    const [remove] = operations(environment, 'PeriodActionsDeleteMutation');
    expect(remove.request.variables.input).toMatchObject({ id: globalId('ServicePeriod', '2') });
  });
});
