// /agreements: the owners list's search box and «Crear convenio», which asks which house (a search from
// 2 characters) and opens its new agreement; without AAgreementsCreate there is no such button.
import { describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { loadQuery } from 'react-relay';
import { useLocation } from 'react-router';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import AgreementsQuery, { type AgreementsQuery as AgreementsQueryType } from '../../../../__generated__/AgreementsQuery.graphql.js';
import type { ScreenRoute } from '../../../../router/screenRoute.js';
import { renderScreen } from '../../../../test/renderScreen.js';
import '../../../../i18n/all.js';
import { houseFilterFromSearch } from '../../../property/owners/filters.js';
import { listVariables } from '../../../../components/paging.js';
import Agreements from './Agreements.js';

const grants = vi.hoisted(() => ({ current: new Set<string>() }));
vi.mock('../../../../components/SessionProvider.js', () => ({
  useSession: () => ({ grants: grants.current, superAdmin: false, session: { neighborhood: { databaseId: 1 } } }),
}));

(globalThis as { jest?: unknown }).jest = vi;

const route: ScreenRoute = { path: '/agreements', variables: ({ search }) => ({ ...listVariables(search), filter: houseFilterFromSearch(search) }) };

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderList(url: string) {
  const environment = createMockEnvironment();
  const variables = route.variables!({ params: {}, search: new URL(url, 'http://test').searchParams }) as AgreementsQueryType['variables'];
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, {
      // biome-ignore lint/correctness/noComponentHookFactories: mock resolvers are named after GraphQL types, not components
      AgreementConnection: () => ({ totalCount: 0, edges: [] }),
    }),
  );
  environment.mock.queuePendingOperation(AgreementsQuery, variables);
  const queryRef = loadQuery<AgreementsQueryType>(environment, AgreementsQuery, variables);
  renderScreen(
    environment,
    url,
    <>
      <Agreements queryRef={queryRef} route={route} />
      <Where />
    </>,
  );
  return environment;
}

describe('Agreements list', () => {
  it('«Crear convenio» asks which house and opens its new agreement', async () => {
    grants.current = new Set(['AAgreementsRead', 'AAgreementsCreate']);
    const environment = renderList('/agreements');
    fireEvent.click(await screen.findByRole('button', { name: 'Crear convenio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crear convenio' });
    const box = within(dialog).getByRole('combobox', { name: 'Buscar propiedad' });
    fireEvent.click(box);
    fireEvent.change(box, { target: { value: 'OLV-01' } });
    const search = await vi.waitFor(() => {
      const operation = environment.mock.getMostRecentOperation();
      expect(operation.request.node.params.name).toBe('HouseSearchQuery');
      return operation;
    });
    expect(search.request.variables).toEqual({ phrase: 'OLV-01' });
    await act(async () => {
      environment.mock.resolve(search, {
        data: {
          searchHouses: [
            {
              id: 'SG91c2U6Nw==',
              databaseId: 7,
              label: '112',
              catastral: 'OLV-01-07',
              owner: { id: 'VXNlcjo3', firstName: 'Luis', lastName: 'Pérez', email: 'luis@demo.mx' },
            },
          ],
        },
      });
    });
    fireEvent.click(await screen.findByRole('option', { name: '112 (OLV-01-07) · Luis Pérez', hidden: true }));
    expect(screen.getByTestId('where').textContent).toBe('/owners/7/agreements/new');
  });

  it('has no «Crear convenio» without AAgreementsCreate, and its search box filters the list', async () => {
    grants.current = new Set(['AAgreementsRead']);
    renderList('/agreements?search=Ruiz');
    await screen.findByRole('heading', { name: 'Convenios' });
    expect(screen.queryByRole('button', { name: 'Crear convenio' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Buscar propiedad' })).toHaveProperty('value', 'Ruiz');
    expect(screen.getByText('Ningún registro coincide con la búsqueda')).toBeTruthy();
    cleanup();
  });
});
