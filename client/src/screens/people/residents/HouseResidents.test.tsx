import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/renderScreen.js';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { loadQuery } from 'react-relay';
import { Route, Routes } from 'react-router';
import { createMockEnvironment, MockPayloadGenerator, type RelayMockEnvironment } from 'relay-test-utils';
import type { OperationDescriptor } from 'relay-runtime';
import HouseResidentsQuery, { type HouseResidentsQuery as ListQuery } from '../../../__generated__/HouseResidentsQuery.graphql.js';
import { globalId } from '../../../relay/ids.js';
import type { ScreenRoute } from '../../../router/screenRoute.js';
import { ROUTES } from '../../../routes.js';
import '../../../i18n/all.js';
import HouseResidents from './HouseResidents.js';

vi.mock('../../../components/SessionProvider.js', () => ({
  useSession: () => ({ grants: new Set(['AResidentsRead', 'AResidentsCreate']), superAdmin: false, session: { house: null } }),
}));

const route: ScreenRoute = ROUTES.find((r) => r.path === '/houses/:houseId/residents')!;

interface Row {
  firstName: string;
  email: string;
  pending?: boolean;
  accountActive?: boolean;
  canEdit?: boolean;
}

function answer(operation: OperationDescriptor, rows: Row[], totalCount: number) {
  return MockPayloadGenerator.generate(operation, {
    // biome-ignore lint/correctness/noComponentHookFactories: mock resolvers are named after GraphQL types, not components
    Node: () => ({ __typename: 'House' }),
    // biome-ignore lint/correctness/noComponentHookFactories: as above
    House: () => ({ label: 'Calle Olivo 12' }),
    // biome-ignore lint/correctness/noComponentHookFactories: as above
    QueryResidentsConnection: () => ({
      totalCount,
      edges: rows.map((row, i) => ({
        node: {
          id: `Resident:${i + 1}`,
          databaseId: i + 1,
          firstName: row.firstName,
          lastName: null,
          email: row.email,
          mobile: null,
          pending: !!row.pending,
          accountActive: !!row.accountActive,
          accreditationFileUrl: null,
          accreditationFileName: null,
          canEdit: !!row.canEdit,
          canDelete: false,
          role: { name: 'Residente' },
        },
      })),
    }),
  });
}

function renderList(url: string, rows: Row[], totalCount: number): RelayMockEnvironment {
  const environment = createMockEnvironment();
  const parsed = new URL(url, 'http://test');
  const houseId = /^\/houses\/(\d+)\//.exec(parsed.pathname)?.[1];
  const variables = route.variables!({ params: { houseId }, search: parsed.searchParams }) as ListQuery['variables'];
  environment.mock.queueOperationResolver((operation) => answer(operation, rows, totalCount));
  environment.mock.queuePendingOperation(HouseResidentsQuery, variables);
  const queryRef = loadQuery<ListQuery>(environment, HouseResidentsQuery, variables);
  renderScreen(
    environment,
    url,
    <Routes>
      <Route path={route.path} element={<HouseResidents queryRef={queryRef} route={route} />} />
    </Routes>,
  );
  return environment;
}

describe('HouseResidents list', () => {
  it('shows each resident with a status badge, the invitation by its e-mail, and only the actions the server allows', async () => {
    renderList(
      '/houses/12/residents',
      [
        { firstName: 'Rosa', email: 'rosa@demo.mx', accountActive: true, canEdit: true },
        { firstName: '', email: 'marta@demo.mx', pending: true },
      ],
      2,
    );
    const rosa = (await screen.findByText('Rosa')).closest('tr')!;
    expect(within(rosa).getByText('Activo')).toBeTruthy();
    expect(within(rosa).getByRole('link', { name: 'Editar' }).getAttribute('href')).toBe('/residents/1');
    const marta = screen.getByText('marta@demo.mx').closest('tr')!;
    expect(within(marta).getByText('Invitación pendiente')).toBeTruthy();
    expect(within(marta).queryByRole('link', { name: 'Editar' })).toBeNull();
    expect(screen.getByText('Propiedad Calle Olivo 12')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Registrar habitante' }).getAttribute('href')).toBe('/residents/form?houseId=12');
  });

  it('says what to do next when the house has no residents', async () => {
    renderList('/houses/12/residents', [], 0);
    const empty = await screen.findByTestId('empty-state');
    expect(within(empty).getByText('Aún no hay habitantes registrados')).toBeTruthy();
    expect(within(empty).getByRole('link', { name: 'Registrar habitante' }).getAttribute('href')).toBe('/residents/form?houseId=12');
  });

  it('refetches its fragment for the house with the page of the query string', async () => {
    const environment = renderList('/houses/12/residents?page=1&page_size=10&name=ro', [{ firstName: 'Rosa', email: 'rosa@demo.mx' }], 25);
    await screen.findByText('Rosa');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '2' }));
    });
    const refetch = environment.mock.getMostRecentOperation();
    expect(refetch.request.node.params.name).toBe('HouseResidentsRefetchQuery');
    expect(refetch.request.variables).toMatchObject({ houseId: globalId('House', '12'), first: 10, offset: 10, name: 'ro' });
  });
});
