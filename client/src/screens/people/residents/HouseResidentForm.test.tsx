import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/renderScreen.js';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { loadQuery } from 'react-relay';
import { Route, Routes } from 'react-router';
import { createMockEnvironment, MockPayloadGenerator, type RelayMockEnvironment } from 'relay-test-utils';
import HouseResidentFormQuery, { type HouseResidentFormQuery as FormQuery } from '../../../__generated__/HouseResidentFormQuery.graphql.js';
import '../../../i18n/all.js';
import HouseResidentForm from './HouseResidentForm.js';
import { residentFormVariables } from './variables.js';

const ROLES = [
  { databaseId: 3, name: 'Residente', assignable: true },
  { databaseId: 4, name: 'Arrendatario', assignable: false },
];

function renderForm(path: string, pattern: string, resident?: Record<string, unknown>): RelayMockEnvironment {
  const environment = createMockEnvironment();
  const url = new URL(path, 'http://test');
  const residentId = /\/(\d+)$/.exec(url.pathname)?.[1];
  const variables = residentFormVariables({ params: { residentId }, search: url.searchParams }) as FormQuery['variables'];
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, {
      // biome-ignore lint/correctness/noComponentHookFactories: mock resolvers are named after GraphQL types, not components
      Query: () => ({ houseRoles: ROLES }),
      // biome-ignore lint/correctness/noComponentHookFactories: as above
      Node: () => ({ __typename: 'Resident' }),
      // biome-ignore lint/correctness/noComponentHookFactories: as above
      Resident: () => resident ?? {},
    }),
  );
  environment.mock.queuePendingOperation(HouseResidentFormQuery, variables);
  const queryRef = loadQuery<FormQuery>(environment, HouseResidentFormQuery, variables);
  renderScreen(
    environment,
    path,
    <Routes>
      <Route path={pattern} element={<HouseResidentForm queryRef={queryRef} />} />
      <Route path="*" element={<p>otra pantalla</p>} />
    </Routes>,
  );
  return environment;
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });

describe('HouseResidentForm', () => {
  it('checks a new resident with the core schema, sends it and puts the server’s field errors under their fields', async () => {
    const environment = renderForm('/houses/residents/form', '/houses/residents/form');
    await screen.findByRole('heading', { name: 'Registrar habitante' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    });
    expect(screen.getByText('El correo electrónico no es válido')).toBeTruthy();
    expect(screen.getByText('El nombre es requerido')).toBeTruthy();
    expect(screen.getByText('El rol es requerido')).toBeTruthy();
    expect(environment.mock.getAllOperations().some((op) => op.request.node.params.name === 'HouseResidentFormCreateMutation')).toBe(false);

    await act(async () => {
      type('Correo electrónico', ' Lucia@Demo.mx ');
      type('Nombre', 'Lucía');
      type('Celular', '442 111 2233');
      fireEvent.click(screen.getByLabelText(/^Rol/, { selector: 'input' }));
    });
    await act(async () => {
      fireEvent.click(await screen.findByRole('option', { name: 'Residente', hidden: true }));
    });
    // A role only the administration gives is not offered.
    expect(screen.queryByRole('option', { name: 'Arrendatario', hidden: true })).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    });
    const create = environment.mock.getMostRecentOperation();
    expect(create.request.node.params.name).toBe('HouseResidentFormCreateMutation');
    expect(create.request.variables.input).toEqual({
      houseId: null,
      email: 'lucia@demo.mx',
      firstName: 'Lucía',
      lastName: null,
      mobile: '4421112233',
      roleId: 3,
      accreditationFileId: null,
    });
    await act(async () => {
      environment.mock.resolve(create, {
        data: {
          createResident: {
            __typename: 'InputError',
            code: 400,
            message: 'Datos no válidos',
            issues: [{ field: 'roleId', message: 'El rol no es válido para un habitante' }],
          },
        },
      });
    });
    const role = screen.getByLabelText(/^Rol/, { selector: 'input' }).closest('.mantine-InputWrapper-root') as HTMLElement;
    expect(within(role).getByText('El rol no es válido para un habitante')).toBeTruthy();
    expect(screen.queryByText('otra pantalla')).toBeNull();
  });

  it('sends only the role of a person whose name and mobile are their own', async () => {
    const environment = renderForm('/residents/7', '/residents/:residentId', {
      id: 'UmVzaWRlbnQ6Nw==',
      houseDatabaseId: 12,
      houseLabel: 'Calle Olivo 12',
      firstName: 'Marta',
      lastName: 'Luna',
      email: 'marta@demo.mx',
      mobile: '5512345678',
      pending: false,
      personalDataEditable: false,
      roleDatabaseId: 3,
      accreditationFileId: null,
      accreditationFileUrl: null,
      accreditationFileName: null,
      canEdit: true,
    });
    await screen.findByRole('heading', { name: 'Editar habitante' });
    expect(screen.getByText('Propiedad Calle Olivo 12')).toBeTruthy();
    expect(screen.getByLabelText('Nombre')).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('Celular')).toHaveProperty('disabled', true);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    });
    const update = environment.mock.getMostRecentOperation();
    expect(update.request.node.params.name).toBe('HouseResidentFormUpdateMutation');
    expect(update.request.variables.input).toEqual({ id: 'UmVzaWRlbnQ6Nw==', roleId: 3 });
  });
});
