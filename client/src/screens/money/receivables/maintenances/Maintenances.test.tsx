import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator, type RelayMockEnvironment } from 'relay-test-utils';
import MaintenancesQuery, { type MaintenancesQuery as MaintenancesQueryType } from '../../../../__generated__/MaintenancesQuery.graphql.js';
import ExtraordinaryMaintenanceFormQuery, {
  type ExtraordinaryMaintenanceFormQuery as FormQueryType,
} from '../../../../__generated__/ExtraordinaryMaintenanceFormQuery.graphql.js';
import { renderScreen } from '../../../../test/renderScreen.js';
import type { ScreenRoute } from '../../../../router/screenRoute.js';
import '../../../../i18n/all.js';
import Maintenances from './Maintenances.js';
import ExtraordinaryMaintenanceForm from './ExtraordinaryMaintenanceForm.js';
import { firstFreePeriod } from './GenerateMaintenanceDialog.js';

const session = vi.hoisted(() => ({ grants: new Set<string>() }));
vi.mock('../../../../components/SessionProvider.js', () => ({
  useSession: () => ({
    grants: session.grants,
    superAdmin: false,
    session: { activeModules: ['BASE', 'COBRANZA'], neighborhood: { databaseId: 1, neighborhoodType: 'NEIGHBORHOOD' } },
  }),
}));

afterEach(() => cleanup());

const summary = (receipts: number, paidReceipts: number, collected: string, outstanding: string) => ({
  receipts,
  paidReceipts,
  pendingReceipts: receipts - paidReceipts,
  charged: '0.00',
  collected,
  outstanding,
});

const ROWS = [
  {
    id: 'TWFpbnRlbmFuY2U6Mw==',
    databaseId: 3,
    description: 'Reparación de la barda',
    ordinary: false,
    year: 2026,
    month: 12,
    dueDate: '2026-12-15',
    amount: '500.00',
    status: 'GENERATED',
    summary: summary(4, 0, '0.00', '2000.00'),
  },
  {
    id: 'TWFpbnRlbmFuY2U6Mg==',
    databaseId: 2,
    description: 'Mantenimiento noviembre 2026',
    ordinary: true,
    year: 2026,
    month: 11,
    dueDate: '2026-11-10',
    amount: null,
    status: 'COLLECTING',
    summary: summary(10, 4, '5700.00', '7125.00'),
  },
  {
    id: 'TWFpbnRlbmFuY2U6MQ==',
    databaseId: 1,
    description: 'Mantenimiento octubre 2026',
    ordinary: true,
    year: 2026,
    month: 10,
    dueDate: '2026-10-10',
    amount: null,
    status: 'NEW',
    summary: summary(0, 0, '0.00', '0.00'),
  },
];

function renderList(grants: string[]): RelayMockEnvironment {
  session.grants = new Set(grants);
  const environment = createMockEnvironment();
  const variables = { first: 20, offset: 0, ordinary: null, status: null };
  const route: ScreenRoute = { path: '/maintenances', variables: () => variables };
  environment.mock.queueOperationResolver((operation) =>
    operation.request.node.params.name !== 'MaintenancesQuery'
      ? null
      : MockPayloadGenerator.generate(operation, {
          // biome-ignore lint/correctness/noComponentHookFactories: mock resolvers are named after GraphQL types, not components
          QueryMaintenancesConnection: () => ({ totalCount: ROWS.length, edges: ROWS.map((node) => ({ node })) }),
        }),
  );
  environment.mock.queuePendingOperation(MaintenancesQuery, variables);
  const queryRef = loadQuery<MaintenancesQueryType>(environment, MaintenancesQuery, variables);
  renderScreen(environment, '/maintenances', <Maintenances queryRef={queryRef} route={route} />);
  return environment;
}

const rowOf = (text: string) =>
  screen
    .getAllByText(text)
    .map((el) => el.closest('tr'))
    .find(Boolean)!;

describe('firstFreePeriod', () => {
  it('proposes this month, or the first month after the taken ones, across the year', () => {
    expect(firstFreePeriod(new Set(), { year: 2026, month: 11 })).toEqual({ year: 2026, month: 11 });
    expect(firstFreePeriod(new Set(['2026-11', '2026-12', '2027-02']), { year: 2026, month: 11 })).toEqual({ year: 2027, month: 1 });
  });
});

describe('Maintenances list', () => {
  it('shows each maintenance with its type, status in Spanish and what it collected', async () => {
    renderList(['AMaintenancesCreate', 'AMaintenanceIncomesRead']);
    await screen.findByRole('heading', { name: 'Cuotas de mantenimiento' });
    const november = rowOf('Mantenimiento noviembre 2026');
    expect(within(november).getByText('En cobranza')).toBeTruthy();
    expect(within(november).getByText('Ordinario')).toBeTruthy();
    expect(within(november).getByText('$5,700.00')).toBeTruthy();
    expect(within(november).getByText('$7,125.00')).toBeTruthy();
    expect(within(november).getByText('4 pagados')).toBeTruthy();
    expect(within(november).getByRole('link', { name: 'Mantenimiento noviembre 2026' }).getAttribute('href')).toBe('/maintenances/2');
    const extraordinary = rowOf('Reparación de la barda');
    expect(within(extraordinary).getByText('Extraordinario')).toBeTruthy();
    expect(within(extraordinary).getByText('Generado')).toBeTruthy();
    expect(within(extraordinary).getByText('$500.00 por propiedad')).toBeTruthy();
    expect(within(rowOf('Mantenimiento octubre 2026')).getByText('Nuevo')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mantenimiento extraordinario' }).getAttribute('href')).toBe('/maintenances/custom/form');
  });

  it('without AMaintenancesCreate: no generate or extraordinary actions', async () => {
    renderList(['AMaintenanceIncomesRead']);
    await screen.findByRole('heading', { name: 'Cuotas de mantenimiento' });
    expect(screen.queryByRole('button', { name: 'Generar mantenimiento' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Mantenimiento extraordinario' })).toBeNull();
  });

  it('generates a month: the server’s error stays in the dialog, then create and generate run in turn', async () => {
    const environment = renderList(['AMaintenancesCreate']);
    await screen.findByRole('heading', { name: 'Cuotas de mantenimiento' });
    fireEvent.click(screen.getByRole('button', { name: 'Generar mantenimiento' }));
    const dialog = await screen.findByRole('dialog');
    // The list's ordinary months are taken: the dialog proposes the first free one from this month on.
    const proposed = firstFreePeriod(new Set(['2026-11', '2026-10']));
    const monthInput = within(dialog)
      .getAllByLabelText('Mes')
      .find((el): el is HTMLInputElement => el.tagName === 'INPUT')!;
    expect(monthInput.value).toBe(
      ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'][proposed.month - 1],
    );
    await act(async () => {
      fireEvent.click(
        within(dialog)
          .getAllByLabelText('Mes')
          .find((el) => el.tagName === 'INPUT')!,
      );
    });
    await act(async () => {
      fireEvent.click(await screen.findByRole('option', { name: 'Marzo', hidden: true }));
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Generar' }));
    });
    const create = environment.mock.getMostRecentOperation();
    expect(create.request.node.params.name).toBe('GenerateMaintenanceDialogCreateMutation');
    expect(create.request.variables.input).toMatchObject({ year: proposed.year, month: 3 });
    expect(typeof create.request.variables.input.idempotencyKey).toBe('string');
    await act(async () => {
      environment.mock.resolve(create, {
        data: {
          createOrdinaryMaintenance: {
            __typename: 'ConflictError',
            __isError: 'ConflictError',
            code: 409,
            message: 'El mantenimiento de ese periodo ya existe',
          },
        },
      });
    });
    expect(within(dialog).getByRole('alert').textContent).toBe('El mantenimiento de ese periodo ya existe');
    // Another month: the error goes away, and this time the period is free.
    await act(async () => {
      fireEvent.click(
        within(dialog)
          .getAllByLabelText('Mes')
          .find((el) => el.tagName === 'INPUT')!,
      );
    });
    await act(async () => {
      fireEvent.click(await screen.findByRole('option', { name: 'Abril', hidden: true }));
    });
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Generar' }));
    });
    const second = environment.mock.getMostRecentOperation();
    expect(second.request.variables.input).toMatchObject({ month: 4 });
    expect(second.request.variables.input.idempotencyKey).not.toBe(create.request.variables.input.idempotencyKey);
    await act(async () => {
      environment.mock.resolve(second, {
        data: {
          createOrdinaryMaintenance: {
            __typename: 'MutationCreateOrdinaryMaintenanceSuccess',
            data: { message: 'El mantenimiento ha sido creado', maintenance: { id: 'TWFpbnRlbmFuY2U6OQ==', databaseId: 9 } },
          },
        },
      });
    });
    const generate = environment.mock.getAllOperations().find((op) => op.request.node.params.name === 'GenerateMaintenanceDialogGenerateMutation')!;
    expect(generate.request.variables.input.id).toBe('TWFpbnRlbmFuY2U6OQ==');
    await act(async () => {
      environment.mock.resolve(generate, {
        data: {
          generateMaintenance: {
            __typename: 'MutationGenerateMaintenanceSuccess',
            data: {
              message: 'Los recibos del mantenimiento han sido generados',
              created: 12,
              maintenance: {
                id: 'TWFpbnRlbmFuY2U6OQ==',
                status: 'GENERATED',
                generatedAt: '2026-04-01T06:00:00.000Z',
                summary: summary(12, 0, '0.00', '13200.00'),
              },
            },
          },
        },
      });
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

function renderForm(): RelayMockEnvironment {
  session.grants = new Set(['AMaintenancesCreate', 'AHousesRead']);
  const environment = createMockEnvironment();
  environment.mock.queueOperationResolver((operation) =>
    operation.request.node.params.name !== 'ExtraordinaryMaintenanceFormQuery'
      ? null
      : MockPayloadGenerator.generate(operation, {
          // biome-ignore lint/correctness/noComponentHookFactories: mock resolvers are named after GraphQL types, not components
          QueryHouseTypesConnection: () => ({
            edges: [
              { node: { id: 'SG91c2VUeXBlOjE=', databaseId: 1, title: 'Casa/Departamento' } },
              { node: { id: 'SG91c2VUeXBlOjI=', databaseId: 2, title: 'Lote sin construir' } },
            ],
          }),
        }),
  );
  environment.mock.queuePendingOperation(ExtraordinaryMaintenanceFormQuery, {});
  const queryRef = loadQuery<FormQueryType>(environment, ExtraordinaryMaintenanceFormQuery, {});
  renderScreen(environment, '/maintenances/custom/form', <ExtraordinaryMaintenanceForm queryRef={queryRef} />);
  return environment;
}

const mutations = (environment: RelayMockEnvironment) =>
  environment.mock.getAllOperations().filter((op) => op.request.node.params.operationKind === 'mutation');

describe('ExtraordinaryMaintenanceForm', () => {
  it('checks description, amount and due date before sending anything', async () => {
    const environment = renderForm();
    await screen.findByRole('heading', { name: 'Mantenimiento extraordinario' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Crear y emitir recibos' }));
    });
    expect(await screen.findByText('La descripción es requerida')).toBeTruthy();
    expect(screen.getByText('El monto es requerido')).toBeTruthy();
    expect(screen.getByText('La fecha límite es requerida')).toBeTruthy();
    await act(async () => {
      fireEvent.change(screen.getByLabelText(/^Monto por propiedad/), { target: { value: '0' } });
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Crear y emitir recibos' }));
    });
    expect(await screen.findByText('El monto debe ser mayor a cero con hasta dos decimales')).toBeTruthy();
    expect(mutations(environment)).toHaveLength(0);
  });

  it('sends the amount, the date and the chosen house types by database id; server field errors land under their fields', async () => {
    const environment = renderForm();
    await screen.findByRole('heading', { name: 'Mantenimiento extraordinario' });
    fireEvent.change(screen.getByLabelText(/^Descripción/), { target: { value: 'Pintura de fachadas' } });
    fireEvent.change(screen.getByLabelText(/^Monto por propiedad/), { target: { value: '1500' } });
    // The date picker: open it and choose the 15th of the month it shows.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /^Fecha límite/ }));
    });
    const day = await screen.findByRole('button', { name: /^15 /, hidden: true });
    await act(async () => {
      fireEvent.click(day);
    });
    await act(async () => {
      fireEvent.click(screen.getAllByLabelText(/^Tipos de propiedad/).find((el) => el.tagName === 'INPUT')!);
    });
    await act(async () => {
      fireEvent.click(await screen.findByRole('option', { name: 'Lote sin construir', hidden: true }));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Crear y emitir recibos' }));
    });
    const [save] = mutations(environment);
    expect(save.request.node.params.name).toBe('ExtraordinaryMaintenanceFormCreateMutation');
    const now = new Date();
    expect(save.request.variables.input).toMatchObject({
      description: 'Pintura de fachadas',
      amount: '1500',
      dueDate: `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-15`,
      houseTypeIds: [2],
    });
    await act(async () => {
      environment.mock.resolve(save, {
        data: {
          createExtraordinaryMaintenance: {
            __typename: 'InputError',
            __isError: 'InputError',
            code: 400,
            message: 'Datos inválidos',
            issues: [{ field: 'houseTypeIds', message: 'El tipo de propiedad no existe' }],
          },
        },
      });
    });
    expect(screen.getByText('El tipo de propiedad no existe')).toBeTruthy();
  });
});
