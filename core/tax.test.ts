import { describe, expect, it } from 'vitest';
import {
  CFDI_USES,
  cfdiUsesFor,
  FISCAL_REGIMES,
  GENERIC_RFC_MESSAGE,
  isMexico,
  normalizeTaxInfo,
  regimesFor,
  STATES,
  taxInfoSchema,
  validateTaxInfo,
  type TaxInfoInput,
} from './tax.js';

const fisica: TaxInfoInput = {
  rfc: 'gode561231gr8',
  businessName: ' Patricia  Ruiz ',
  fiscalRegime: 'RF612',
  cfdiUse: 'G03',
  postalCode: '76000',
  state: 'QUE',
  country: 'México',
};
const moral: TaxInfoInput = { ...fisica, rfc: 'AAA010101AAA', businessName: 'Inmobiliaria del Bajío SA de CV', fiscalRegime: 'RF601' };

const messages = (input: TaxInfoInput) => validateTaxInfo(input).map((i) => `${i.field}: ${i.message}`);

describe('tax catalogues', () => {
  it('has the SAT regimes between RF601 and RF630 with their person types', () => {
    expect(FISCAL_REGIMES.every((r) => /^RF6[0-3]\d$/.test(r.code) && r.code >= 'RF601' && r.code <= 'RF630')).toBe(true);
    expect(FISCAL_REGIMES.find((r) => r.code === 'RF601')).toMatchObject({ name: 'General de Ley Personas Morales', fisica: false, moral: true });
    expect(FISCAL_REGIMES.find((r) => r.code === 'RF605')).toMatchObject({ fisica: true, moral: false });
    expect(FISCAL_REGIMES.find((r) => r.code === 'RF626')).toMatchObject({ name: 'Régimen Simplificado de Confianza', fisica: true, moral: true });
    expect(new Set(FISCAL_REGIMES.map((r) => r.code)).size).toBe(FISCAL_REGIMES.length);
  });

  it('has the CFDI uses G01-G03, I01-I08, D01-D10, S01, CP01 and CN01', () => {
    expect(CFDI_USES.map((u) => u.code)).toEqual([
      'G01',
      'G02',
      'G03',
      'I01',
      'I02',
      'I03',
      'I04',
      'I05',
      'I06',
      'I07',
      'I08',
      'D01',
      'D02',
      'D03',
      'D04',
      'D05',
      'D06',
      'D07',
      'D08',
      'D09',
      'D10',
      'S01',
      'CP01',
      'CN01',
    ]);
    expect(CFDI_USES.filter((u) => u.code.startsWith('D')).every((u) => u.fisica && !u.moral)).toBe(true);
    const known = new Set(FISCAL_REGIMES.map((r) => r.code));
    expect(CFDI_USES.every((u) => u.regimes.every((r) => known.has(r)))).toBe(true);
  });

  it('has the 32 Mexican states plus EXT', () => {
    expect(STATES).toHaveLength(33);
    expect(STATES.map((s) => s.code)).toEqual(expect.arrayContaining(['AGU', 'CMX', 'MEX', 'NLE', 'QUE', 'ROO', 'ZAC', 'EXT']));
    expect(new Set(STATES.map((s) => s.code)).size).toBe(33);
  });

  it('filters regimes and uses by person type and regime', () => {
    expect(regimesFor('MORAL').map((r) => r.code)).toContain('RF601');
    expect(regimesFor('MORAL').map((r) => r.code)).not.toContain('RF605');
    expect(regimesFor('FISICA').map((r) => r.code)).not.toContain('RF601');
    expect(regimesFor(null)).toHaveLength(FISCAL_REGIMES.length);
    expect(cfdiUsesFor('MORAL').map((u) => u.code)).not.toContain('D01');
    expect(cfdiUsesFor('FISICA', 'RF605').map((u) => u.code)).toEqual([
      'D01',
      'D02',
      'D03',
      'D04',
      'D05',
      'D06',
      'D07',
      'D08',
      'D09',
      'D10',
      'S01',
      'CP01',
      'CN01',
    ]);
  });
});

describe('validateTaxInfo', () => {
  it('accepts a natural person (13 characters) and a legal entity (12)', () => {
    expect(messages(fisica)).toEqual([]);
    expect(messages(moral)).toEqual([]);
  });

  it('normalizes: upper-case RFC, squeezed name, RF prefix, blanks to null and México by default', () => {
    expect(normalizeTaxInfo({ ...fisica, fiscalRegime: '612', country: '', street: '  ' })).toMatchObject({
      rfc: 'GODE561231GR8',
      businessName: 'Patricia Ruiz',
      fiscalRegime: 'RF612',
      street: null,
      country: 'México',
    });
    expect(normalizeTaxInfo({ ...fisica, country: 'mexico' }).country).toBe('México');
    expect(isMexico('MX')).toBe(true);
    expect(isMexico('España')).toBe(false);
  });

  it('rejects the generic RFC XAXX010101000', () => {
    expect(messages({ ...fisica, rfc: 'XAXX010101000' })).toEqual([`rfc: ${GENERIC_RFC_MESSAGE}`]);
    expect(messages({ ...fisica, rfc: 'xaxx010101000' })).toEqual([`rfc: ${GENERIC_RFC_MESSAGE}`]);
  });

  it('rejects malformed RFCs, impossible dates and RFCs without homoclave', () => {
    expect(messages({ ...fisica, rfc: 'GO561231GR8' })).toEqual(['rfc: El RFC no tiene un formato válido']);
    expect(messages({ ...fisica, rfc: 'GODE561331GR8' })).toEqual(['rfc: La fecha del RFC no es válida']);
    expect(messages({ ...fisica, rfc: 'GODE561231' })).toEqual(['rfc: El RFC debe tener 13 caracteres (persona física) o 12 (persona moral)']);
    expect(messages({ ...fisica, rfc: '' })).toContain('rfc: El RFC es requerido');
  });

  it('pairs the CFDI use with the person type', () => {
    expect(messages({ ...moral, cfdiUse: 'D01' })).toEqual(['cfdiUse: El uso de CFDI D01 no puede usarse para personas morales']);
    expect(messages({ ...moral, cfdiUse: 'CN01' })).toEqual(['cfdiUse: El uso de CFDI CN01 no puede usarse para personas morales']);
    expect(messages({ ...fisica, fiscalRegime: 'RF605', cfdiUse: 'D01' })).toEqual([]);
    expect(messages({ ...moral, cfdiUse: 'G01' })).toEqual([]);
  });

  it('pairs the regime with the person type and the use with the regime', () => {
    expect(messages({ ...fisica, fiscalRegime: 'RF601' })).toEqual(['fiscalRegime: El régimen fiscal RF601 no puede usarse para personas físicas']);
    expect(messages({ ...moral, fiscalRegime: 'RF605' })).toEqual(['fiscalRegime: El régimen fiscal RF605 no puede usarse para personas morales']);
    expect(messages({ ...fisica, fiscalRegime: 'RF605', cfdiUse: 'G03' })).toEqual(['cfdiUse: El uso de CFDI G03 no puede usarse con el régimen fiscal RF605']);
    expect(messages({ ...fisica, fiscalRegime: 'RF699' })).toEqual(['fiscalRegime: El régimen fiscal RF699 no existe']);
    expect(messages({ ...fisica, cfdiUse: 'P01' })).toEqual(['cfdiUse: El uso de CFDI P01 no existe']);
  });

  it('checks the postal code, the state and the country', () => {
    expect(messages({ ...fisica, postalCode: '7600' })).toEqual(['postalCode: El código postal debe tener 5 dígitos']);
    expect(messages({ ...fisica, postalCode: '7600A' })).toEqual(['postalCode: El código postal debe tener 5 dígitos']);
    expect(messages({ ...fisica, state: 'XYZ' })).toEqual(['state: El estado XYZ no existe']);
    expect(messages({ ...fisica, state: 'EXT' })).toEqual(['state: Elige un estado de México o cambia el país']);
    expect(messages({ ...fisica, country: 'Estados Unidos', state: 'QUE' })).toEqual([
      'state: Para un domicilio fuera de México el estado debe ser Extranjero (EXT)',
    ]);
    expect(messages({ ...fisica, country: 'Estados Unidos', state: 'EXT' })).toEqual([]);
    expect(messages({ ...fisica, businessName: '  ' })).toEqual(['businessName: La razón social es requerida']);
  });

  it('works as a zod schema with normalized output', () => {
    const parsed = taxInfoSchema.safeParse({ ...fisica, country: null });
    expect(parsed.success && parsed.data).toMatchObject({ rfc: 'GODE561231GR8', country: 'México' });
    const failed = taxInfoSchema.safeParse({ ...moral, cfdiUse: 'D02' });
    expect(failed.success).toBe(false);
    expect(failed.error?.issues[0]).toMatchObject({ path: ['cfdiUse'], message: 'El uso de CFDI D02 no puede usarse para personas morales' });
  });
});
