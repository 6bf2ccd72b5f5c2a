import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { loadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import ModulesQuery, { type ModulesQuery as ModulesQueryType } from '../../../__generated__/ModulesQuery.graphql.js';
import { renderScreen } from '../../../test/renderScreen.js';
import '../../../i18n/all.js';
import Modules from './Modules.js';

function renderModules(installed: string[]) {
  const environment = createMockEnvironment();
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, {
      // biome-ignore lint/correctness/noComponentHookFactories: mock resolvers are named after GraphQL types, not components
      CommunityModules: () => ({
        id: 'CommunityModules:1',
        installed,
        discounts: [
          { paidModules: 2, percentage: 10 },
          { paidModules: 3, percentage: 15 },
          { paidModules: 4, percentage: 20 },
          { paidModules: 5, percentage: 25 },
        ],
        tosAcceptedAt: null,
      }),
    }),
  );
  environment.mock.queuePendingOperation(ModulesQuery, {});
  const queryRef = loadQuery<ModulesQueryType>(environment, ModulesQuery, {});
  renderScreen(environment, '/neighborhood/settings/modules', <Modules queryRef={queryRef} />);
  return environment;
}

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('Modules screen', () => {
  it('unticks dependants with their master, ticks the master with a dependant, and prices the selection', async () => {
    renderModules(['BASE', 'COBRANZA', 'PAGO_EN_LINEA', 'FACTURACION', 'VISITAS']);
    await screen.findByText('Resumen mensual');
    // 4 paid modules: 20% off 990 + 490 + 590 + 490.
    expect(screen.getByTestId('modules-total').textContent).toBe('$2,048.00');
    expect(box('Base').disabled).toBe(true);
    await act(async () => fireEvent.click(box('Cobranza')));
    expect([box('Cobranza').checked, box('Pago en línea').checked, box('Facturación').checked]).toEqual([false, false, false]);
    // Only VISITAS is left: no discount.
    expect(screen.getByTestId('modules-total').textContent).toBe('$490.00');
    expect(screen.getByText(/Cambiaste la selección de módulos/)).toBeTruthy();
    await act(async () => fireEvent.click(box('Pago en línea')));
    expect([box('Cobranza').checked, box('Pago en línea').checked, box('Facturación').checked]).toEqual([true, true, false]);
  });

  it('asks for the terms before activating and sends every switch', async () => {
    const environment = renderModules(['BASE', 'VISITAS']);
    await screen.findByText('Resumen mensual');
    expect((screen.getByRole('button', { name: 'Activar módulos' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => fireEvent.click(box('Acceso vehicular')));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Activar módulos' })));
    expect(screen.getByText('Debes aceptar los términos y condiciones para activar los módulos')).toBeTruthy();
    expect(environment.mock.getAllOperations().filter((op) => op.request.node.params.name === 'ModulesMutation')).toHaveLength(0);
    await act(async () => fireEvent.click(screen.getByRole('checkbox', { name: /Acepto los términos/ })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Activar módulos' })));
    const sent = environment.mock.getMostRecentOperation();
    expect(sent.request.node.params.name).toBe('ModulesMutation');
    expect(sent.request.variables.input).toEqual({
      acceptTos: true,
      modules: [
        { module: 'COBRANZA', active: false },
        { module: 'PAGO_EN_LINEA', active: false },
        { module: 'FACTURACION', active: false },
        { module: 'ACCESO_VEHICULAR', active: true },
        { module: 'VISITAS', active: true },
      ],
    });
  });
});
