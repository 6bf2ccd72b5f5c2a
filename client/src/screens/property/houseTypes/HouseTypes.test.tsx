import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/renderScreen.js';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { loadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator, type RelayMockEnvironment } from 'relay-test-utils';
import type { OperationDescriptor } from 'relay-runtime';
import HouseTypesQuery, { type HouseTypesQuery as HouseTypesQueryType } from '../../../__generated__/HouseTypesQuery.graphql.js';
import { listVariables } from '../../../components/paging.js';
import type { ScreenRoute } from '../../../router/screenRoute.js';
import '../../../i18n/all.js';
import HouseTypes from './HouseTypes.js';

vi.mock('../../../components/SessionProvider.js', () => ({
  useSession: () => ({
    grants: new Set(['CHousesTypesRead', 'CHousesTypesCreate', 'CHousesTypesUpdate', 'CHousesTypesDelete']),
    superAdmin: false,
    session: { activeModules: ['COBRANZA'], neighborhood: { neighborhoodType: 'NEIGHBORHOOD' } },
  }),
}));

const route: ScreenRoute = {
  path: '/neighborhood/settings/houses-types',
  variables: ({ search }) => listVariables(search, ['name']),
};

interface Row {
  title: string;
  amount: string | null;
  isCustom?: boolean;
}

/** The list page the server would answer: `rows` and the total they are a page of. */
function answer(operation: OperationDescriptor, rows: Row[], totalCount: number) {
  return MockPayloadGenerator.generate(operation, {
    // biome-ignore lint/correctness/noComponentHookFactories: mock resolvers are named after GraphQL types, not components
    Boolean: () => true,
    // biome-ignore lint/correctness/noComponentHookFactories: as above
    QueryHouseTypesConnection: () => ({
      totalCount,
      edges: rows.map((row, i) => ({
        node: {
          id: `HouseType:${row.title}`,
          databaseId: i + 1,
          title: row.title,
          defaultName: null,
          isCustom: !!row.isCustom,
          hiddenToPublic: false,
          amount: row.amount,
        },
      })),
    }),
  });
}

function renderList(url: string, rows: Row[], totalCount: number): RelayMockEnvironment {
  const environment = createMockEnvironment();
  const variables = route.variables!({ params: {}, search: new URL(url, 'http://test').searchParams }) as HouseTypesQueryType['variables'];
  environment.mock.queueOperationResolver((operation) => answer(operation, rows, totalCount));
  environment.mock.queuePendingOperation(HouseTypesQuery, variables);
  const queryRef = loadQuery<HouseTypesQueryType>(environment, HouseTypesQuery, variables);
  renderScreen(environment, url, <HouseTypes queryRef={queryRef} route={route} />);
  return environment;
}

const PAGE: Row[] = [
  { title: 'Propiedad en avenida', amount: '1250.5' },
  { title: 'Bodega', amount: null, isCustom: true },
  { title: 'Local', amount: '12000' },
];

describe('HouseTypes list', () => {
  it('shows each type with its fee in pesos, right-aligned, and the custom badge', async () => {
    renderList('/neighborhood/settings/houses-types', PAGE, 3);
    const avenida = (await screen.findByText('Propiedad en avenida')).closest('tr')!;
    const fee = within(avenida).getByText('$1,250.50');
    expect(fee.closest('td')!.style.textAlign).toBe('right');
    expect(within(screen.getByText('Local').closest('tr')!).getByText('$12,000.00')).toBeTruthy();
    const bodega = screen.getByText('Bodega').closest('tr')!;
    expect(within(bodega).getByText('Personalizado')).toBeTruthy();
    expect(within(bodega).getByText('Sin cuota')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(PAGE.length + 1);
    expect(screen.getByRole('link', { name: 'Registrar tipo de propiedad' }).getAttribute('href')).toBe('/neighborhood/settings/houses-types/form');
    expect(within(avenida).getByRole('link', { name: 'Editar' }).getAttribute('href')).toBe('/neighborhood/settings/houses-types/form/1');
    expect(screen.queryByTestId('empty-state')).toBeNull();
  });

  it('says what to do next when there are none, and when the filter matches none', async () => {
    renderList('/neighborhood/settings/houses-types', [], 0);
    const empty = await screen.findByTestId('empty-state');
    expect(within(empty).getByText('Aún no hay tipos de propiedad')).toBeTruthy();
    expect(within(empty).getByRole('link', { name: 'Registrar tipo de propiedad' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    cleanup();

    const environment = renderList('/neighborhood/settings/houses-types?name=zz', [], 0);
    const noMatch = await screen.findByTestId('empty-state');
    expect(within(noMatch).getByText('Ningún registro coincide con la búsqueda')).toBeTruthy();
    expect(within(noMatch).queryByRole('link')).toBeNull();
    expect(screen.getByLabelText('Buscar por nombre')).toHaveProperty('value', 'zz');
    // Opening a list refetches nothing: the route query already holds its page.
    expect(environment.mock.getAllOperations().filter((op) => op.request.node.params.name === 'HouseTypesRefetchQuery')).toHaveLength(0);
  });

  it('pages from the query string and refetches the fragment when the page changes', async () => {
    const environment = renderList('/neighborhood/settings/houses-types?page=2&page_size=10', PAGE, 45);
    await screen.findByText('Propiedad en avenida');
    expect(screen.getByText('45 registros')).toBeTruthy();
    // 45 rows by 10: five pages, the second one current.
    expect(screen.getByRole('button', { name: '5' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '6' })).toBeNull();
    expect(screen.getByRole('button', { name: '2' }).getAttribute('data-active')).toBe('true');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '3' }));
    });
    const refetch = environment.mock.getMostRecentOperation();
    expect(refetch.request.node.params.name).toBe('HouseTypesRefetchQuery');
    expect(refetch.request.variables).toMatchObject({ first: 10, offset: 20, name: null });
    await act(async () => {
      environment.mock.resolve(refetch, answer(refetch, [{ title: 'Cochera', amount: '99.9' }], 45));
    });
    const cochera = (await screen.findByText('Cochera')).closest('tr')!;
    expect(within(cochera).getByText('$99.90')).toBeTruthy();
    expect(screen.queryByText('Propiedad en avenida')).toBeNull();
    expect(screen.getByRole('button', { name: '3' }).getAttribute('data-active')).toBe('true');
  });
});
