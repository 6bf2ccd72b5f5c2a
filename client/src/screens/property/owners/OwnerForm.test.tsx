import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/renderScreen.js';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { loadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator, type RelayMockEnvironment } from 'relay-test-utils';
import OwnerFormQuery, { type OwnerFormQuery as OwnerFormQueryType } from '../../../__generated__/OwnerFormQuery.graphql.js';
import '../../../i18n/all.js';
import { globalId } from '../../../relay/ids.js';
import OwnerForm from './OwnerForm.js';

vi.mock('../../../components/SessionProvider.js', () => ({
  useSession: () => ({ grants: new Set(['AHousesUpdate']), superAdmin: false, session: { neighborhood: { databaseId: 1 } } }),
}));

(globalThis as { jest?: unknown }).jest = vi;

const FLAGS_OFF = {
  requireDimension: false,
  requireCondominium: false,
  requireBlock: false,
  requireLot: false,
  requireInteriorNumber: false,
  requireMall: false,
};

function renderForm(): RelayMockEnvironment {
  const environment = createMockEnvironment();
  const variables = { id: globalId('House', '5'), edit: true };
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, {
      // biome-ignore lint/correctness/noComponentHookFactories: mock resolvers are named after GraphQL types, not components
      Node: () => ({ __typename: 'House', id: variables.id }),
      // biome-ignore lint/correctness/noComponentHookFactories: as above
      House: () => ({
        id: variables.id,
        databaseId: 5,
        status: 'ACTIVE',
        label: '15',
        catastral: 'OLV-15',
        block: null,
        lot: null,
        exteriorNumber: '15',
        interiorNumber: null,
        dimension: null,
        parkingSpots: 1,
        initialBalance: '0',
        balanceReason: null,
        houseType: { id: 'HouseType:1' },
        streetId: 3,
        condominiumName: null,
        mallName: null,
        pendingOwnerEmail: null,
        officialIdFileId: null,
      }),
      // biome-ignore lint/correctness/noComponentHookFactories: as above
      HouseOwner: () => ({ email: 'diego@demo.mx', firstName: 'Diego', lastName: 'Ruiz', mobile: '4421234567', landline: null }),
      // biome-ignore lint/correctness/noComponentHookFactories: as above
      HouseType: () => ({ id: 'HouseType:1', title: 'Casa', ...FLAGS_OFF, requireStreet: true, requireExteriorNumber: true }),
      // biome-ignore lint/correctness/noComponentHookFactories: as above
      Neighborhood: () => ({ restrictVehicles: false }),
    }),
  );
  environment.mock.queuePendingOperation(OwnerFormQuery, variables);
  const queryRef = loadQuery<OwnerFormQueryType>(environment, OwnerFormQuery, variables);
  renderScreen(environment, '/owners/edit/5', <OwnerForm queryRef={queryRef} />, { notifications: true });
  return environment;
}

const operation = (environment: RelayMockEnvironment, name: string) => environment.mock.getAllOperations().find((op) => op.request.node.params.name === name);

describe('OwnerForm', () => {
  it('takes the edit lock, refuses a bad phone with the shared schema, and puts a server issue under its field', async () => {
    const environment = renderForm();
    expect(await screen.findByLabelText('Teléfono celular')).toHaveProperty('value', '4421234567');
    expect(screen.getByLabelText('Correo electrónico')).toHaveProperty('readOnly', true);

    const lock = operation(environment, 'useEditLockTakeMutation')!;
    expect(lock.request.variables).toEqual({ input: { id: globalId('House', '5') } });
    await act(async () => {
      environment.mock.resolve(lock, { data: { lockHouse: { __typename: 'MutationLockHouseSuccess', data: { house: { id: globalId('House', '5') } } } } });
    });
    const save = screen.getByRole('button', { name: 'Guardar' });
    await waitFor(() => expect(save).toHaveProperty('disabled', false));

    fireEvent.change(screen.getByLabelText('Teléfono celular'), { target: { value: '123' } });
    await act(async () => {
      fireEvent.click(save);
    });
    expect(await screen.findByText('El celular debe tener 10 dígitos')).toBeTruthy();
    expect(operation(environment, 'OwnerFormUpdateMutation')).toBeUndefined();

    fireEvent.change(screen.getByLabelText('Teléfono celular'), { target: { value: '442 765 4321' } });
    await act(async () => {
      fireEvent.click(save);
    });
    const update = await waitFor(() => {
      const found = operation(environment, 'OwnerFormUpdateMutation');
      expect(found).toBeDefined();
      return found!;
    });
    expect(update.request.variables.input).toMatchObject({
      id: globalId('House', '5'),
      house: { houseTypeId: 'HouseType:1', streetId: globalId('Street', '3'), exteriorNumber: '15', block: null, activate: false },
    });
    expect(update.request.variables.input.house.owner).toMatchObject({ email: 'diego@demo.mx', mobile: '4427654321' });
    await act(async () => {
      environment.mock.resolve(update, {
        data: {
          updateHouse: {
            __typename: 'InputError',
            code: 400,
            message: 'Revisa los datos',
            issues: [{ field: 'owner.landline', message: 'El teléfono fijo no se puede usar' }],
          },
        },
      });
    });
    const issue = await screen.findByText('El teléfono fijo no se puede usar');
    expect(issue.closest('.mantine-InputWrapper-root')?.querySelector('label')?.textContent).toBe('Teléfono fijo');
  });
});
