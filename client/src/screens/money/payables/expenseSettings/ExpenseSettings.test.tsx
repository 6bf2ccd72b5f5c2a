import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { loadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator, type RelayMockEnvironment } from 'relay-test-utils';
import ExpenseSettingsQuery, { type ExpenseSettingsQuery as Query } from '../../../../__generated__/ExpenseSettingsQuery.graphql.js';
import { renderScreen } from '../../../../test/renderScreen.js';
import '../../../../i18n/all.js';
import ExpenseSettings from './ExpenseSettings.js';

const session = { grants: new Set<string>() };
vi.mock('../../../../components/SessionProvider.js', () => ({
  useSession: () => ({ grants: session.grants, superAdmin: false, session: { activeModules: ['COBRANZA'] } }),
}));

const ADRIANA = 'VXNlcjox';
const TERESA = 'VXNlcjo5';
const SETTINGS = {
  configured: true,
  requiredExpenseApproval: true,
  useFolio: true,
  initialFolio: 1,
  serie: 'EG',
  groupInitialFolio: 1,
  groupSerie: null,
  approverCandidates: [
    { userId: ADRIANA, firstName: 'Adriana', lastName: 'Morales', email: 'admin@demo.mx', roleName: 'Administrador', approver: true },
    { userId: TERESA, firstName: 'Teresa', lastName: null, email: 'tesoreria@demo.mx', roleName: 'Administrador', approver: false },
  ],
};

function renderSettings(grants: string[], settings: Record<string, unknown> = SETTINGS): RelayMockEnvironment {
  session.grants = new Set(grants);
  const environment = createMockEnvironment();
  environment.mock.queueOperationResolver((operation) =>
    operation.request.node.params.name !== 'ExpenseSettingsQuery'
      ? null
      : // biome-ignore lint/correctness/noComponentHookFactories: mock resolvers are named after GraphQL types, not components
        MockPayloadGenerator.generate(operation, { ExpenseSettings: () => settings }),
  );
  environment.mock.queuePendingOperation(ExpenseSettingsQuery, {});
  const queryRef = loadQuery<Query>(environment, ExpenseSettingsQuery, {});
  renderScreen(environment, '/neighborhood/settings/expenses', <ExpenseSettings queryRef={queryRef} />);
  return environment;
}

const sent = (environment: RelayMockEnvironment) =>
  environment.mock.getAllOperations().filter((op) => op.request.node.params.name === 'ExpenseSettingsUpdateMutation');

afterEach(() => cleanup());

describe('ExpenseSettings', () => {
  it('shows the stored values and every candidate; read-only without CExpensesUpdate', async () => {
    renderSettings(['CExpensesRead']);
    await screen.findByRole('heading', { name: 'Configuración de egresos' });
    expect(screen.getByLabelText('Requerir aprobación de egresos')).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Adriana Morales')).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Teresa')).toHaveProperty('checked', false);
    expect(screen.getByText('tesoreria@demo.mx · Administrador')).toBeTruthy();
    expect(screen.getByLabelText(/^Serie$/)).toHaveProperty('value', 'EG');
    expect(screen.queryByRole('button', { name: 'Guardar' })).toBeNull();
    expect(screen.getByText('Puedes consultar esta configuración, pero no modificarla.')).toBeTruthy();
    expect(screen.getByLabelText('Teresa').matches(':disabled')).toBe(true);
  });

  it('says so when nobody can approve, and that the settings were never saved', async () => {
    renderSettings(['CExpensesRead', 'CExpensesUpdate'], { ...SETTINGS, configured: false, requiredExpenseApproval: false, approverCandidates: [] });
    await screen.findByText('Aún no configuras los egresos');
    expect(screen.getByText(/No hay administradores con permisos de egresos/)).toBeTruthy();
  });

  it("states the approver rule and warns while one person alone approves, since that person's own expenses could never be approved", async () => {
    renderSettings(['CExpensesRead', 'CExpensesUpdate']);
    await screen.findByRole('heading', { name: 'Configuración de egresos' });
    expect(screen.getByText('Nadie puede aprobar un egreso que registró: lo aprueba otra de las personas elegidas.')).toBeTruthy();
    // Adriana alone is ticked.
    expect(screen.getByText('Solo hay un aprobador')).toBeTruthy();
    expect(screen.getByText(/Los egresos que registre Adriana Morales no podrán aprobarse/)).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByLabelText('Teresa'));
    });
    expect(screen.queryByText('Solo hay un aprobador')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByLabelText('Adriana Morales'));
    });
    expect(screen.getByText(/Los egresos que registre Teresa no podrán aprobarse/)).toBeTruthy();
    // Without required approval, who approves does not matter yet.
    await act(async () => {
      fireEvent.click(screen.getByLabelText('Requerir aprobación de egresos'));
    });
    expect(screen.queryByText('Solo hay un aprobador')).toBeNull();
  });

  it('refuses approval without approvers before sending, then sends the chosen user ids and the serie in capitals', async () => {
    const environment = renderSettings(['CExpensesRead', 'CExpensesUpdate']);
    await screen.findByRole('heading', { name: 'Configuración de egresos' });
    await act(async () => {
      fireEvent.click(screen.getByLabelText('Adriana Morales'));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    });
    expect(screen.getByText('Elige al menos un aprobador para requerir la aprobación de egresos')).toBeTruthy();
    expect(sent(environment)).toHaveLength(0);
    await act(async () => {
      fireEvent.click(screen.getByLabelText('Teresa'));
      fireEvent.change(screen.getByLabelText(/^Serie$/), { target: { value: 'eg7' } });
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    });
    const [save] = sent(environment);
    expect(save.request.variables.input).toEqual({
      requiredExpenseApproval: true,
      useFolio: true,
      initialFolio: 1,
      serie: 'EG7',
      groupInitialFolio: 1,
      groupSerie: null,
      approverIds: [TERESA],
    });
    await act(async () => {
      environment.mock.resolve(save, {
        data: {
          updateExpenseSettings: {
            __typename: 'InputError',
            code: 400,
            message: 'Solo un administrador activo de la comunidad con permisos de egresos puede aprobar egresos',
            issues: [{ field: 'approverIds', message: 'Solo un administrador activo de la comunidad con permisos de egresos puede aprobar egresos' }],
          },
        },
      });
    });
    expect(screen.getByText('Solo un administrador activo de la comunidad con permisos de egresos puede aprobar egresos')).toBeTruthy();
  });
});
