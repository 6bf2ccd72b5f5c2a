import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/renderScreen.js';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { loadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator, type RelayMockEnvironment } from 'relay-test-utils';
import type { OperationDescriptor } from 'relay-runtime';
import OwnersQuery, { type OwnersQuery as OwnersQueryType } from '../../../__generated__/OwnersQuery.graphql.js';
import type { ScreenRoute } from '../../../router/screenRoute.js';
import '../../../i18n/all.js';
import { ownersListVariables } from './filters.js';
import Owners from './Owners.js';

vi.mock('../../../components/SessionProvider.js', () => ({
  useSession: () => ({
    grants: new Set(['AHousesRead', 'AHousesCreate', 'AHousesUpdate', 'AHousesDelete', 'AHousesSearch']),
    superAdmin: false,
    session: { neighborhood: { databaseId: 1 } },
  }),
}));

(globalThis as { jest?: unknown }).jest = vi;

const route: ScreenRoute = { path: '/owners', variables: ({ search }) => ownersListVariables(search) };

interface Row {
  label: string;
  status: string;
  owner?: { firstName: string; lastName: string; email: string } | null;
  ownerHasAccount?: boolean;
}

function answer(operation: OperationDescriptor, rows: Row[], totalCount: number) {
  return MockPayloadGenerator.generate(operation, {
    // biome-ignore lint/correctness/noComponentHookFactories: mock resolvers are named after GraphQL types, not components
    QueryHousesConnection: () => ({
      totalCount,
      edges: rows.map((row, i) => ({
        node: {
          id: `House:${row.label}`,
          databaseId: i + 1,
          label: row.label,
          catastral: `OLV-${row.label}`,
          status: row.status,
          houseTypeName: 'Propiedad en avenida',
          streetName: 'Calle Encino',
          exteriorNumber: row.label,
          interiorNumber: null,
          ownerHasAccount: !!row.ownerHasAccount,
          owner: row.owner ?? null,
        },
      })),
    }),
    // biome-ignore lint/correctness/noComponentHookFactories: as above
    Place: () => ({ databaseId: 1, name: 'Torre A' }),
  });
}

function renderList(url: string, rows: Row[], totalCount: number): RelayMockEnvironment {
  const environment = createMockEnvironment();
  const variables = route.variables!({ params: {}, search: new URL(url, 'http://test').searchParams }) as OwnersQueryType['variables'];
  environment.mock.queueOperationResolver((operation) => answer(operation, rows, totalCount));
  environment.mock.queuePendingOperation(OwnersQuery, variables);
  const queryRef = loadQuery<OwnersQueryType>(environment, OwnersQuery, variables);
  renderScreen(environment, url, <Owners queryRef={queryRef} route={route} />);
  return environment;
}

const PAGE: Row[] = [
  { label: '100', status: 'ACTIVE', owner: { firstName: 'Patricia', lastName: 'Ruiz', email: 'patricia@demo.mx' }, ownerHasAccount: true },
  { label: '102', status: 'MISSING_BALANCE', owner: { firstName: 'Elena', lastName: 'Paz', email: 'elena@demo.mx' } },
  { label: '104', status: 'INCOMPLETE', owner: null },
];

describe('Owners list', () => {
  it('shows each house with its owner and status badges, and the row actions it allows', async () => {
    renderList('/owners', PAGE, 3);
    const active = (await screen.findByText('patricia@demo.mx')).closest('tr')!;
    expect(within(active).getByText('Activa')).toBeTruthy();
    expect(within(active).getByText('Con cuenta')).toBeTruthy();
    expect(within(active).queryByRole('button', { name: 'Reenviar correo de activación' })).toBeNull();
    const missing = screen.getByText('elena@demo.mx').closest('tr')!;
    expect(within(missing).getByText('Sin saldo inicial')).toBeTruthy();
    expect(within(missing).getByText('Sin cuenta')).toBeTruthy();
    expect(within(missing).getByRole('button', { name: 'Reenviar correo de activación' })).toBeTruthy();
    expect(within(screen.getByText('OLV-104').closest('tr')!).getByText('Sin propietario')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(PAGE.length + 1);
    expect(screen.getByRole('link', { name: 'Registrar propiedad' }).getAttribute('href')).toBe('/owners/form');
  });

  it('says what to do next when there are no houses, and when the filters match none', async () => {
    renderList('/owners', [], 0);
    const empty = await screen.findByTestId('empty-state');
    expect(within(empty).getByText('Aún no hay propiedades registradas')).toBeTruthy();
    expect(within(empty).getByRole('link', { name: 'Registrar propiedad' }).getAttribute('href')).toBe('/owners/form');
    expect(screen.queryByRole('table')).toBeNull();
    cleanup();

    renderList('/owners?lot=9&page_size=50', [], 0);
    const noMatch = await screen.findByTestId('empty-state');
    expect(within(noMatch).getByText('Ninguna propiedad coincide con los filtros')).toBeTruthy();
    expect(within(noMatch).getByRole('link', { name: 'Limpiar filtros' }).getAttribute('href')).toBe('/owners?page_size=50');
    expect(screen.getByTestId('filter-chip-lot').textContent).toBe('Lote: 9');
  });

  it('filters by the search box from 2 characters, in the query string, and each house label opens the house', async () => {
    const environment = renderList('/owners?page=3&page_size=10', PAGE, 23);
    await screen.findByText('patricia@demo.mx');
    expect(screen.getByRole('link', { name: '100' }).getAttribute('href')).toBe('/owners/edit/1');
    const box = screen.getByRole('textbox', { name: 'Buscar propiedad' });
    fireEvent.change(box, { target: { value: 'R' } });
    await screen.findByText('Escribe al menos 2 caracteres');
    fireEvent.change(box, { target: { value: 'Ruiz' } });
    await vi.waitFor(() => expect(environment.mock.getMostRecentOperation().request.node.params.name).toBe('OwnersTableRefetchQuery'));
    expect(environment.mock.getMostRecentOperation().request.variables).toMatchObject({ first: 10, offset: 0, filter: { search: 'Ruiz', catastral: null } });
    // Nothing opened: the search filters, it does not jump.
    expect(screen.getByRole('heading', { name: 'Propietarios' })).toBeTruthy();
  });

  it('refetches the list fragment with the query string when a filter chip is removed', async () => {
    const environment = renderList('/owners?house_status=BLOCKED&catastral=OLV&page=2&page_size=10', PAGE, 23);
    await screen.findByText('patricia@demo.mx');
    expect(screen.getByTestId('filter-chip-house_status').textContent).toBe('Estado: Bloqueada');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Quitar el filtro Estado' }));
    });
    const refetch = environment.mock.getMostRecentOperation();
    expect(refetch.request.node.params.name).toBe('OwnersTableRefetchQuery');
    expect(refetch.request.variables).toMatchObject({ first: 10, offset: 0, filter: { status: null, catastral: 'OLV' } });
    await act(async () => {
      environment.mock.resolve(refetch, answer(refetch, [{ label: '200', status: 'DELETED', owner: null }], 1));
    });
    expect(within((await screen.findByText('OLV-200')).closest('tr')!).getByText('Eliminada')).toBeTruthy();
    expect(screen.queryByText('patricia@demo.mx')).toBeNull();
  });
});
