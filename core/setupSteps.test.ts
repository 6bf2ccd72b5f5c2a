import { describe, expect, it } from 'vitest';
import { MODULES } from './grants.js';
import { MODULE_SETUP_STEPS, SETUP_STEP_INFO, SETUP_STEPS, setupStepsOf, setupWidgetHiddenByDefault, visibleSetupSteps } from './setupSteps.js';

describe('setup steps', () => {
  it('gives every module its steps, each step in exactly one module, with a settings screen and a C grant', () => {
    const all = MODULES.flatMap((m) => MODULE_SETUP_STEPS[m]);
    expect([...all].sort()).toEqual([...SETUP_STEPS].sort());
    for (const step of SETUP_STEPS) {
      expect(SETUP_STEP_INFO[step].path).toMatch(/^\/neighborhood\/settings\//);
      expect(SETUP_STEP_INFO[step].grant).toMatch(/^C/);
    }
  });

  it('drops the streets step outside fraccionamientos and the steps whose grant the account lacks', () => {
    expect(setupStepsOf('BASE', 'NEIGHBORHOOD')).toEqual(['GENERAL', 'HOUSES_TYPES', 'STREETS', 'USERS', 'AMENITIES']);
    expect(setupStepsOf('BASE', 'CONDOMINIUM')).toEqual(['GENERAL', 'HOUSES_TYPES', 'USERS', 'AMENITIES']);
    expect(visibleSetupSteps('COBRANZA', 'NEIGHBORHOOD', new Set(['CAccountsRead', 'CConceptsRead']))).toEqual(['ACCOUNTS', 'CONCEPTS']);
    expect(visibleSetupSteps('FACTURACION', 'MALL', new Set())).toEqual([]);
  });

  it('hides every widget by default except VISITAS', () => {
    expect(MODULES.filter((m) => !setupWidgetHiddenByDefault(m))).toEqual(['VISITAS']);
  });
});
