import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLABE_REQUIRED, ProviderSchema, providerBank, providerBanks } from './providers.js';
import { clabeCheckDigit } from './validators.js';

const parse = (input: Record<string, unknown>) => ProviderSchema.safeParse(input);
const messages = (input: Record<string, unknown>) => {
  const result = parse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('provider schema', () => {
  it('keeps a TRANSFER provider with its CLABE digits and the bank the CLABE names', () => {
    const result = parse({ name: ' Jardines ', rfc: 'jba150312ab1', paymentMethod: 'TRANSFER', clabe: '002-180-000011835975', bank: 'Otro' });
    expect(result.success && result.data).toEqual({
      name: 'Jardines',
      rfc: 'JBA150312AB1',
      paymentMethod: 'TRANSFER',
      bank: 'Banco Nacional de México',
      clabe: '002180000011835975',
      expenseConceptId: null,
    });
  });

  it('requires the CLABE with TRANSFER only; CHECK providers may leave it out', () => {
    expect(messages({ name: 'A', paymentMethod: 'TRANSFER' })).toEqual([`clabe: ${CLABE_REQUIRED}`]);
    expect(messages({ name: 'A', paymentMethod: 'CHECK', bank: 'Banorte' })).toEqual([]);
    expect(parse({ name: 'A', paymentMethod: 'CHECK', bank: '  ' }).data?.bank).toBeNull();
  });

  it('refuses bad CLABEs, RFCs, methods and names with Spanish messages', () => {
    expect(messages({ name: 'A', paymentMethod: 'TRANSFER', clabe: '002180000011835976' })[0]).toMatch(/dígito verificador/);
    expect(messages({ name: 'A', paymentMethod: 'TRANSFER', clabe: '12345' })[0]).toMatch(/18 dígitos/);
    expect(messages({ name: 'A', paymentMethod: 'CHECK', rfc: 'XAXX010101000' })[0]).toMatch(/genérico/);
    expect(messages({ name: 'A', paymentMethod: 'CHECK', rfc: 'ABC991301AB1' })[0]).toMatch(/fecha del RFC/);
    expect(messages({ name: 'A', paymentMethod: 'CASH' })[0]).toMatch(/cheque o transferencia/);
    expect(messages({ name: '', paymentMethod: 'CHECK' })[0]).toMatch(/nombre es requerido/);
    expect(messages({ name: 'a\u0000', paymentMethod: 'CHECK' })[0]).toMatch(/no permitidos/);
    expect(messages({ name: 'a'.repeat(201), paymentMethod: 'CHECK' })[0]).toMatch(/200/);
  });

  it('accepts every CLABE whose last digit is its check digit, and refuses every other last digit', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{17}$/), fc.integer({ min: 0, max: 9 }), (first17, last) => {
        const ok = clabeCheckDigit(first17) === last;
        expect(parse({ name: 'P', paymentMethod: 'TRANSFER', clabe: `${first17}${last}` }).success).toBe(ok);
      }),
    );
  });

  it('names banks from valid CLABEs only and offers the bank list', () => {
    expect(providerBank('032180000118359719')).toBe('IXE Banco');
    expect(providerBank('032180000118359710')).toBeNull();
    const banks = providerBanks();
    expect(banks).toContain('BBVA Bancomer');
    expect(new Set(banks).size).toBe(banks.length);
  });
});
