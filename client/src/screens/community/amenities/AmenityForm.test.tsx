import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import AmenityFormQuery, { type AmenityFormQuery as AmenityFormQueryType } from '../../../__generated__/AmenityFormQuery.graphql.js';
import AmenitiesQuery, { type AmenitiesQuery as AmenitiesQueryType } from '../../../__generated__/AmenitiesQuery.graphql.js';
import { renderScreen } from '../../../test/renderScreen.js';
import type { ScreenRoute } from '../../../router/screenRoute.js';
import '../../../i18n/all.js';
import AmenityForm from './AmenityForm.js';
import Amenities from './Amenities.js';

const session = vi.hoisted(() => ({ modules: ['BASE', 'COBRANZA'] as string[] }));
vi.mock('../../../components/SessionProvider.js', () => ({
  useSession: () => ({
    grants: new Set(['CAmenitiesRead', 'CAmenitiesCreate', 'CAmenitiesUpdate', 'CAmenitiesDelete']),
    superAdmin: false,
    session: { activeModules: session.modules, neighborhood: { neighborhoodType: 'NEIGHBORHOOD' } },
  }),
}));

const CONCEPTS = [
  { conceptId: 'concept-amenity', description: 'Reservación de área común', systemKey: 'AMENITY' },
  { conceptId: 'concept-other', description: 'Cuota extraordinaria', systemKey: null },
];

function renderNewForm() {
  const environment = createMockEnvironment();
  const variables = { id: 'new', edit: false };
  environment.mock.queueOperationResolver((operation) =>
    // biome-ignore lint/correctness/noComponentHookFactories: mock resolvers are named after GraphQL types, not components
    MockPayloadGenerator.generate(operation, { Query: () => ({ amenityReceiptConcepts: CONCEPTS }) }),
  );
  environment.mock.queuePendingOperation(AmenityFormQuery, variables);
  const queryRef = loadQuery<AmenityFormQueryType>(environment, AmenityFormQuery, variables);
  renderScreen(environment, '/neighborhood/settings/amenities/form', <AmenityForm queryRef={queryRef} />);
  return environment;
}

/** The input a label names (a Select's list is labelled by it too). */
const inputLabelled = (label: RegExp) => screen.getAllByLabelText(label).find((el): el is HTMLInputElement => el.tagName === 'INPUT')!;

describe('AmenityForm', () => {
  it('with COBRANZA: the AMENITY concept comes chosen, and payments-up-to-date removes the deposit', async () => {
    session.modules = ['BASE', 'COBRANZA'];
    renderNewForm();
    await screen.findByRole('heading', { name: 'Registrar espacio común' });
    expect(screen.getByLabelText(/^Costo por hora/)).toBeTruthy();
    expect(inputLabelled(/^Concepto de cobro/).value).toBe('Reservación de área común');
    const deposit = screen.getByLabelText(/^Depósito/) as HTMLInputElement;
    expect(deposit.disabled).toBe(false);
    await act(async () => {
      fireEvent.click(inputLabelled(/^Reservar con adeudo/));
    });
    await act(async () => {
      fireEvent.click(await screen.findByRole('option', { name: 'Solo si están al corriente en sus pagos', hidden: true }));
    });
    await waitFor(() => expect((screen.getByLabelText(/^Depósito/) as HTMLInputElement).disabled).toBe(true));
    expect(screen.getByText('No se pide depósito cuando se permite un adeudo o se exige estar al corriente.')).toBeTruthy();
  });

  it('without COBRANZA: no cost, deposit or concept, and a note saying why', async () => {
    session.modules = ['BASE'];
    renderNewForm();
    await screen.findByRole('heading', { name: 'Registrar espacio común' });
    expect(screen.queryByLabelText(/^Costo por/)).toBeNull();
    expect(screen.queryByLabelText(/^Depósito/)).toBeNull();
    expect(screen.getByText('Los costos y depósitos se configuran cuando la comunidad tiene el módulo de Cobranza.')).toBeTruthy();
  });

  it('checks hours before sending anything', async () => {
    session.modules = ['BASE'];
    const environment = renderNewForm();
    await screen.findByRole('heading', { name: 'Registrar espacio común' });
    fireEvent.change(screen.getByLabelText(/^Nombre/), { target: { value: 'Gimnasio' } });
    fireEvent.change(screen.getByLabelText(/^Abre a las/), { target: { value: '22:00' } });
    fireEvent.change(screen.getByLabelText(/^Cierra a las/), { target: { value: '06:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await screen.findByText('La hora de cierre debe ser posterior a la hora de apertura');
    expect(environment.mock.getAllOperations().filter((op) => op.request.node.params.operationKind === 'mutation')).toHaveLength(0);
  });
});

describe('Amenities list', () => {
  it('shows the state of each amenity and offers delete only for enabled ones', async () => {
    session.modules = ['BASE', 'COBRANZA'];
    const environment = createMockEnvironment();
    const route: ScreenRoute = { path: '/neighborhood/settings/amenities', variables: () => ({ first: 20, offset: 0, name: null, enabled: null }) };
    const variables = { first: 20, offset: 0, name: null, enabled: null };
    environment.mock.queueOperationResolver((operation) =>
      MockPayloadGenerator.generate(operation, {
        // biome-ignore lint/correctness/noComponentHookFactories: mock resolvers are named after GraphQL types, not components
        QueryAmenitiesConnection: () => ({
          totalCount: 2,
          edges: [
            {
              node: {
                id: 'a1',
                databaseId: 1,
                name: 'Alberca',
                fromTime: '08:00',
                toTime: '20:00',
                reservationUnit: 'DAY',
                cost: null,
                deposit: null,
                ownersOnly: true,
                enabled: false,
              },
            },
            {
              node: {
                id: 'a2',
                databaseId: 2,
                name: 'Salón',
                fromTime: '09:00',
                toTime: '22:00',
                reservationUnit: 'HOUR',
                cost: '800.00',
                deposit: '1000.00',
                ownersOnly: false,
                enabled: true,
              },
            },
          ],
        }),
      }),
    );
    environment.mock.queuePendingOperation(AmenitiesQuery, variables);
    const queryRef = loadQuery<AmenitiesQueryType>(environment, AmenitiesQuery, variables);
    renderScreen(environment, '/neighborhood/settings/amenities', <Amenities queryRef={queryRef} route={route} />);
    const salon = (await screen.findAllByText('Salón')).map((el) => el.closest('tr')).find(Boolean)!;
    const alberca = screen
      .getAllByText('Alberca')
      .map((el) => el.closest('tr'))
      .find(Boolean)!;
    expect(within(salon).getByText('Habilitado')).toBeTruthy();
    expect(within(salon).getByText('$800.00 por hora')).toBeTruthy();
    expect(within(alberca).getByText('Deshabilitado')).toBeTruthy();
    fireEvent.click(within(alberca).getByRole('button', { name: 'Eliminar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(within(salon).getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('¿Eliminar el espacio común Salón? Los residentes ya no podrán reservarlo.')).toBeTruthy();
  });
});
