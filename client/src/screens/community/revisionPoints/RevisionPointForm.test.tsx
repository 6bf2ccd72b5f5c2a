import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { loadQuery } from 'react-relay';
import { Route, Routes } from 'react-router';
import { createMockEnvironment, MockPayloadGenerator, type RelayMockEnvironment } from 'relay-test-utils';
import RevisionPointFormQuery, { type RevisionPointFormQuery as Query } from '../../../__generated__/RevisionPointFormQuery.graphql.js';
import { renderScreen } from '../../../test/renderScreen.js';
import '../../../i18n/all.js';
import RevisionPointForm from './RevisionPointForm.js';

function renderForm(point?: Record<string, unknown>): RelayMockEnvironment {
  const environment = createMockEnvironment();
  const variables = { id: btoa(`RevisionPoint:${point ? 7 : 0}`), edit: !!point };
  // Only the route query answers by itself: a mutation stays pending for the test to read.
  environment.mock.queueOperationResolver((operation) =>
    operation.request.node.params.name !== 'RevisionPointFormQuery'
      ? null
      : MockPayloadGenerator.generate(operation, {
          // biome-ignore lint/correctness/noComponentHookFactories: mock resolvers are named after GraphQL types, not components
          Node: () => ({ __typename: 'RevisionPoint' }),
          // biome-ignore lint/correctness/noComponentHookFactories: as above
          RevisionPoint: () => point ?? {},
        }),
  );
  environment.mock.queuePendingOperation(RevisionPointFormQuery, variables);
  const queryRef = loadQuery<Query>(environment, RevisionPointFormQuery, variables);
  const path = point ? '/neighborhood/settings/revision-points/form/7' : '/neighborhood/settings/revision-points/form';
  renderScreen(
    environment,
    path,
    <Routes>
      <Route path={path} element={<RevisionPointForm queryRef={queryRef} />} />
      <Route path="*" element={<p>lista</p>} />
    </Routes>,
  );
  return environment;
}

const rule = (n: number) => screen.getByTestId(`rule-${n}`);
const days = (n: number) => within(rule(n)).getAllByRole('checkbox') as HTMLInputElement[];

afterEach(() => cleanup());

describe('RevisionPointForm', () => {
  it('keeps the last rule, starts new rules with every day off and needs a day in each before sending', async () => {
    const environment = renderForm();
    await screen.findByRole('heading', { name: 'Registrar punto de revisión' });
    expect(within(rule(1)).getByRole('button', { name: 'Quitar horario' })).toHaveProperty('disabled', true);
    expect(days(1).map((d) => d.checked)).toEqual([false, false, false, false, false, false, false]);
    await act(async () => {
      fireEvent.change(screen.getByLabelText(/^Nombre/), { target: { value: 'Caseta norte' } });
      fireEvent.click(screen.getByRole('button', { name: 'Agregar horario' }));
    });
    expect(days(2).every((d) => !d.checked)).toBe(true);
    expect(within(rule(1)).getByRole('button', { name: 'Quitar horario' })).toHaveProperty('disabled', false);
    await act(async () => {
      fireEvent.click(within(rule(1)).getByLabelText('Lun'));
      fireEvent.change(within(rule(2)).getByLabelText(/^Desde/), { target: { value: '15:00' } });
      fireEvent.change(within(rule(2)).getByLabelText(/^Hasta/), { target: { value: '17:00' } });
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    });
    expect(within(rule(2)).getByText('Elige al menos un día para este horario')).toBeTruthy();
    expect(within(rule(1)).queryByText('Elige al menos un día para este horario')).toBeNull();
    expect(environment.mock.getAllOperations().some((op) => op.request.node.params.name === 'RevisionPointFormCreateMutation')).toBe(false);

    await act(async () => {
      fireEvent.click(within(rule(2)).getByLabelText('Sáb'));
    });
    expect(within(rule(2)).queryByText('Elige al menos un día para este horario')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    });
    const create = environment.mock.getMostRecentOperation();
    expect(create.request.node.params.name).toBe('RevisionPointFormCreateMutation');
    const sent = create.request.variables.input.revisionPoint;
    expect(sent).toMatchObject({ name: 'Caseta norte', activeUntil: null, minutes: 20 });
    expect(sent.activeFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(sent.rules).toEqual([
      { startHour: '09:00', endHour: '14:00', monday: true, tuesday: false, wednesday: false, thursday: false, friday: false, saturday: false, sunday: false },
      { startHour: '15:00', endHour: '17:00', monday: false, tuesday: false, wednesday: false, thursday: false, friday: false, saturday: true, sunday: false },
    ]);
  });

  it('edits a saved point with its rules and removes one of two', async () => {
    const environment = renderForm({
      id: 'UmV2aXNpb25Qb2ludDo3',
      name: 'Caseta principal',
      activeFrom: '2025-01-01',
      activeUntil: '2025-12-31',
      minutes: 20,
      rules: [
        { startHour: '09:00', endHour: '14:00', monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: false, sunday: false },
        {
          startHour: '09:00',
          endHour: '12:00',
          monday: false,
          tuesday: false,
          wednesday: false,
          thursday: false,
          friday: false,
          saturday: true,
          sunday: false,
        },
      ],
    });
    await screen.findByRole('heading', { name: 'Editar punto de revisión' });
    expect(screen.getByLabelText(/^Nombre/)).toHaveProperty('value', 'Caseta principal');
    expect(days(2).map((d) => d.checked)).toEqual([false, false, false, false, false, true, false]);
    await act(async () => {
      fireEvent.click(within(rule(1)).getByRole('button', { name: 'Quitar horario' }));
    });
    expect(screen.queryByTestId('rule-2')).toBeNull();
    expect(within(rule(1)).getByRole('button', { name: 'Quitar horario' })).toHaveProperty('disabled', true);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    });
    const update = environment.mock.getMostRecentOperation();
    expect(update.request.node.params.name).toBe('RevisionPointFormUpdateMutation');
    expect(update.request.variables.input).toMatchObject({
      id: 'UmV2aXNpb25Qb2ludDo3',
      revisionPoint: { name: 'Caseta principal', activeFrom: '2025-01-01', activeUntil: '2025-12-31', minutes: 20 },
    });
    expect(update.request.variables.input.revisionPoint.rules).toEqual([
      { startHour: '09:00', endHour: '12:00', monday: false, tuesday: false, wednesday: false, thursday: false, friday: false, saturday: true, sunday: false },
    ]);
  });
});
