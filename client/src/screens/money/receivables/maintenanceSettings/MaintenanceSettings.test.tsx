import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { loadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator, type RelayMockEnvironment } from 'relay-test-utils';
import MaintenanceSettingsQuery, { type MaintenanceSettingsQuery as Query } from '../../../../__generated__/MaintenanceSettingsQuery.graphql.js';
import { renderScreen } from '../../../../test/renderScreen.js';
import '../../../../i18n/all.js';
import MaintenanceSettings from './MaintenanceSettings.js';

const session = { grants: new Set<string>() };
vi.mock('../../../../components/SessionProvider.js', () => ({
  useSession: () => ({ grants: session.grants, superAdmin: false, session: { activeModules: ['COBRANZA'] } }),
}));

const SETTINGS = {
  id: 'TWFpbnRlbmFuY2VTZXR0aW5nczox',
  configured: true,
  cutoffDay: 1,
  hasDiscount: true,
  earlyPaymentDiscountType: 'PERCENTAGE',
  earlyPaymentDiscount: '5.00',
  discountEndDay: 5,
  hasPenalty: false,
  penaltyFeeType: 'PERCENTAGE',
  penaltyFee: null,
  deadlineDay: null,
  incomeAccountingAccount: '401-01-001',
  penaltyAccountingAccount: null,
  discountAccountingAccount: null,
  bankEnabled: true,
  storeEnabled: true,
  cardEnabled: false,
  gatewayFeePaidByPayer: true,
  gatewayDashboardUrl: '/sandbox/gateway/dashboard',
  integratorClientId: 'sandbox-integrator',
  environmentUrl: '/sandbox/gateway',
  fees: [
    { houseTypeId: 'SG91c2VUeXBlOjE=', title: 'Propiedad en avenida', amount: '950.00' },
    { houseTypeId: 'SG91c2VUeXBlOjI=', title: 'Bodega', amount: null },
  ],
};

function renderSettings(grants: string[], settings: Record<string, unknown> = SETTINGS): RelayMockEnvironment {
  session.grants = new Set(grants);
  const environment = createMockEnvironment();
  // Only the route query answers by itself: the save stays pending for the test to read and resolve.
  environment.mock.queueOperationResolver((operation) =>
    operation.request.node.params.name !== 'MaintenanceSettingsQuery'
      ? null
      : // biome-ignore lint/correctness/noComponentHookFactories: mock resolvers are named after GraphQL types, not components
        MockPayloadGenerator.generate(operation, { MaintenanceSettings: () => settings }),
  );
  environment.mock.queuePendingOperation(MaintenanceSettingsQuery, {});
  const queryRef = loadQuery<Query>(environment, MaintenanceSettingsQuery, {});
  renderScreen(environment, '/neighborhood/settings/maintenance', <MaintenanceSettings queryRef={queryRef} />);
  return environment;
}

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => cleanup());

describe('MaintenanceSettings', () => {
  it('shows the stored values, the fees per house type and this month’s dates; read-only without CMaintenancesUpdate', async () => {
    renderSettings(['CMaintenancesRead']);
    await screen.findByRole('heading', { name: 'Mantenimiento' });
    expect(screen.getByLabelText('Cuota mensual de Propiedad en avenida')).toHaveProperty('value', '950.00');
    expect(screen.getByLabelText('Cuota mensual de Bodega')).toHaveProperty('value', '');
    expect(screen.getByLabelText('Tarjeta de crédito o débito')).toHaveProperty('checked', false);
    expect(screen.getByRole('switch', { name: /El propietario paga la comisión de la pasarela/ })).toHaveProperty('checked', true);
    expect(screen.getByText('La comisión se suma al total que paga el propietario.')).toBeTruthy();
    expect(within(screen.getByTestId('maintenance-example')).getByText(/^Tiene descuento si se paga a más tardar el 05\/\d\d\/\d{4}\.$/)).toBeTruthy();
    // No penalty: no deadline in the example and no penalty fields.
    expect(within(screen.getByTestId('maintenance-example')).queryByText(/Fecha límite de pago/)).toBeNull();
    expect(screen.queryByLabelText(/^Día límite de pago/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Abrir panel' }).getAttribute('href')).toBe('/sandbox/gateway/dashboard');
    expect(screen.queryByRole('button', { name: 'Guardar' })).toBeNull();
    expect(screen.getByText('Puedes consultar esta configuración, pero no modificarla.')).toBeTruthy();
    expect(screen.getByLabelText('Cuota mensual de Propiedad en avenida').matches(':disabled')).toBe(true);
  });

  it('tells a community without settings what to do', async () => {
    renderSettings(['CMaintenancesRead', 'CMaintenancesUpdate'], { ...SETTINGS, configured: false, cutoffDay: null, hasDiscount: false });
    await screen.findByText('El mantenimiento aún no está configurado');
    expect(screen.queryByTestId('maintenance-example')).toBeNull();
  });

  it('checks with the core schema before sending, sends days as numbers and fees by house type, and shows server errors', async () => {
    const environment = renderSettings(['CMaintenancesRead', 'CMaintenancesUpdate']);
    await screen.findByRole('heading', { name: 'Mantenimiento' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    });
    // Bodega has no fee yet: required, nothing sent.
    expect(screen.getByText('La cuota de mantenimiento es requerida')).toBeTruthy();
    expect(environment.mock.getAllOperations().some((op) => op.request.node.params.name === 'MaintenanceSettingsUpdateMutation')).toBe(false);

    await act(async () => {
      type('Cuota mensual de Bodega', '1,200.5');
      fireEvent.click(screen.getByLabelText('Cobrar multa por pago tardío'));
    });
    await act(async () => {
      type(/^Multa( \*)?$/, '10');
      type(/^Día límite de pago/, '4');
      fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    });
    expect(screen.getByText('El día límite del descuento debe ser anterior al día límite de pago')).toBeTruthy();
    await act(async () => {
      type(/^Día límite de pago/, '10');
      // The community pays the gateway fee from now on.
      fireEvent.click(screen.getByRole('switch', { name: /El propietario paga la comisión de la pasarela/ }));
    });
    expect(screen.getByText('La comisión se descuenta del depósito que recibe la comunidad.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    });
    const save = environment.mock.getMostRecentOperation();
    expect(save.request.node.params.name).toBe('MaintenanceSettingsUpdateMutation');
    expect(save.request.variables.input).toEqual({
      cutoffDay: 1,
      hasDiscount: true,
      earlyPaymentDiscountType: 'PERCENTAGE',
      earlyPaymentDiscount: '5.00',
      discountEndDay: 5,
      hasPenalty: true,
      penaltyFeeType: 'PERCENTAGE',
      penaltyFee: '10.00',
      deadlineDay: 10,
      incomeAccountingAccount: '401-01-001',
      penaltyAccountingAccount: null,
      discountAccountingAccount: null,
      bankEnabled: true,
      storeEnabled: true,
      cardEnabled: false,
      gatewayFeePaidByPayer: false,
      fees: [
        { houseTypeId: 'SG91c2VUeXBlOjE=', amount: '950.00' },
        { houseTypeId: 'SG91c2VUeXBlOjI=', amount: '1200.50' },
      ],
    });
    await act(async () => {
      environment.mock.resolve(save, {
        data: {
          updateMaintenanceSettings: {
            __typename: 'InputError',
            code: 400,
            message: 'Falta la cuota de mantenimiento de Cochera',
            issues: [{ field: 'fees', message: 'Falta la cuota de mantenimiento de Cochera' }],
          },
        },
      });
    });
    expect(screen.getByText('Falta la cuota de mantenimiento de Cochera')).toBeTruthy();
  });
});
