import { describe, expect, it } from 'vitest';
import {
  applyActivation,
  dependantsOf,
  discountPercentage,
  MODULE_CATALOGUE,
  modulePrice,
  normalizeModules,
  quoteModules,
  selectionChanged,
  selectionProblem,
  TOS_REQUIRED,
  toggleModule,
} from './modules.js';

describe('module catalogue', () => {
  it('PAGO_EN_LINEA and FACTURACION depend on COBRANZA; BASE is free', () => {
    expect(MODULE_CATALOGUE.PAGO_EN_LINEA.master).toBe('COBRANZA');
    expect(MODULE_CATALOGUE.FACTURACION.master).toBe('COBRANZA');
    expect(dependantsOf('COBRANZA')).toEqual(['PAGO_EN_LINEA', 'FACTURACION']);
    expect(dependantsOf('VISITAS')).toEqual([]);
    expect(MODULE_CATALOGUE.BASE.cost).toBe('0.00');
  });

  it('normalizes a selection: catalogue order, BASE always in, unknown names out', () => {
    expect(normalizeModules(['VISITAS', 'COBRANZA', 'NADA', 'VISITAS'])).toEqual(['BASE', 'COBRANZA', 'VISITAS']);
    expect(normalizeModules([])).toEqual(['BASE']);
  });
});

describe('ticking and unticking', () => {
  it('unticking a master unticks its dependants', () => {
    expect(toggleModule(['BASE', 'COBRANZA', 'PAGO_EN_LINEA', 'FACTURACION', 'VISITAS'], 'COBRANZA', false)).toEqual(['BASE', 'VISITAS']);
  });
  it('ticking a dependant ticks its master', () => {
    expect(toggleModule(['BASE'], 'PAGO_EN_LINEA', true)).toEqual(['BASE', 'COBRANZA', 'PAGO_EN_LINEA']);
    expect(toggleModule(['BASE'], 'FACTURACION', true)).toEqual(['BASE', 'COBRANZA', 'FACTURACION']);
  });
  it('unticking a dependant leaves its master; BASE cannot be unticked', () => {
    expect(toggleModule(['BASE', 'COBRANZA', 'PAGO_EN_LINEA'], 'PAGO_EN_LINEA', false)).toEqual(['BASE', 'COBRANZA']);
    expect(toggleModule(['BASE', 'VISITAS'], 'BASE', false)).toEqual(['BASE', 'VISITAS']);
  });
  it('a dependant without its master is a problem', () => {
    expect(selectionProblem(['BASE', 'PAGO_EN_LINEA'])).toBe('El módulo Pago en línea requiere el módulo Cobranza');
    expect(selectionProblem(['BASE', 'COBRANZA', 'PAGO_EN_LINEA'])).toBeNull();
  });
  it('flags a change only when the selection differs from the installed set', () => {
    expect(selectionChanged(['VISITAS', 'BASE'], ['BASE', 'VISITAS'])).toBe(false);
    expect(selectionChanged(['VISITAS'], ['BASE', 'VISITAS'])).toBe(false);
    expect(selectionChanged(['BASE'], ['BASE', 'VISITAS'])).toBe(true);
  });
});

describe('prices', () => {
  it('discount by the number of paid active modules', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(discountPercentage)).toEqual([0, 0, 10, 15, 20, 25, 25]);
  });
  it('price is the cost minus the percentage, to the cent', () => {
    expect(modulePrice('COBRANZA', 0).toFixed(2)).toBe('990.00');
    expect(modulePrice('COBRANZA', 15).toFixed(2)).toBe('841.50');
    expect(modulePrice('VISITAS', 25).toFixed(2)).toBe('367.50');
    expect(modulePrice('BASE', 25).toFixed(2)).toBe('0.00');
  });
  it('quotes a selection: one paid module has no discount', () => {
    expect(quoteModules(['VISITAS'])).toMatchObject({ paidModules: 1, percentage: 0, subtotal: '490.00', discount: '0.00', total: '490.00' });
  });
  it('quotes every module with 25% off', () => {
    const quote = quoteModules(['COBRANZA', 'PAGO_EN_LINEA', 'FACTURACION', 'ACCESO_VEHICULAR', 'VISITAS']);
    expect(quote.paidModules).toBe(5);
    expect(quote.percentage).toBe(25);
    expect(quote.subtotal).toBe('3250.00');
    expect(quote.total).toBe('2437.50');
    expect(quote.discount).toBe('812.50');
    expect(quote.lines.find((l) => l.module === 'FACTURACION')).toEqual({ module: 'FACTURACION', cost: '590.00', price: '442.50' });
  });
  it('rounds each price half up to the cent', () => {
    // 3 paid modules: 15% of 490.00 is 73.50; of 690.00 is 103.50.
    const quote = quoteModules(['COBRANZA', 'ACCESO_VEHICULAR', 'VISITAS']);
    expect(quote.lines.map((l) => l.price)).toEqual(['0.00', '841.50', '586.50', '416.50']);
    expect(quote.total).toBe('1844.50');
  });
});

describe('activation', () => {
  const installed = ['BASE', 'COBRANZA', 'VISITAS'];
  it('switches named modules and keeps the others', () => {
    expect(applyActivation(installed, { modules: [{ module: 'PAGO_EN_LINEA', active: true }], acceptTos: true })).toEqual({
      modules: ['BASE', 'COBRANZA', 'PAGO_EN_LINEA', 'VISITAS'],
      changed: true,
      problem: null,
    });
  });
  it('needs the terms accepted for a change, not for the same selection', () => {
    expect(applyActivation(installed, { modules: [{ module: 'VISITAS', active: false }], acceptTos: false }).problem).toEqual({
      field: 'acceptTos',
      message: TOS_REQUIRED,
    });
    expect(applyActivation(installed, { modules: [{ module: 'VISITAS', active: true }], acceptTos: false })).toMatchObject({ changed: false, problem: null });
  });
  it('refuses BASE off and a dependant without its master', () => {
    expect(applyActivation(installed, { modules: [{ module: 'BASE', active: false }], acceptTos: true }).problem?.message).toBe(
      'El módulo Base siempre está activo',
    );
    expect(
      applyActivation(installed, {
        modules: [
          { module: 'COBRANZA', active: false },
          { module: 'FACTURACION', active: true },
        ],
        acceptTos: true,
      }).problem?.message,
    ).toBe('El módulo Facturación requiere el módulo Cobranza');
  });
});
