import { describe, expect, it } from 'vitest';
import {
  certificateProblems,
  certificateStatus,
  CsdUploadSchema,
  CSD_MAX_BYTES,
  DEFAULT_PRODUCT_CODE,
  FiscalInformationSchema,
  formatCertificateDate,
  isFiscalConfigured,
  issuerRegimes,
  issuerRfcProblem,
  type FiscalInformationInput,
  type FiscalState,
} from './fiscal.js';

const valid: FiscalInformationInput = {
  fiscalName: ' Escuela  Kemper urgate ',
  rfc: ' eku9003173c9 ',
  regime: '601',
  productCode: '',
  invoiceSerie: 'f',
  creditNoteSerie: 'nc',
};

const issues = (input: Partial<FiscalInformationInput>) => {
  const result = FiscalInformationSchema.safeParse({ ...valid, ...input });
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('fiscal information rules', () => {
  it('normalizes the razón social to upper case, the RFC, the regime to its RF code and defaults the product code', () => {
    expect(FiscalInformationSchema.parse(valid)).toEqual({
      fiscalName: 'ESCUELA KEMPER URGATE',
      rfc: 'EKU9003173C9',
      regime: 'RF601',
      productCode: DEFAULT_PRODUCT_CODE,
      invoiceSerie: 'F',
      creditNoteSerie: 'NC',
    });
    expect(FiscalInformationSchema.parse({ ...valid, fiscalName: 'Asociación de colonos Peña', productCode: '01010101' })).toMatchObject({
      fiscalName: 'ASOCIACIÓN DE COLONOS PEÑA',
      productCode: '01010101',
    });
  });

  it('refuses the generic RFCs with a clear Spanish message', () => {
    expect(issuerRfcProblem('XAXX010101000')).toMatch(/^El RFC genérico XAXX010101000 \(público en general\) no puede usarse como RFC de la comunidad/);
    expect(issuerRfcProblem('xexx010101000')).toMatch(
      /^El RFC genérico XEXX010101000 \(residentes en el extranjero\) no puede usarse como RFC de la comunidad/,
    );
    expect(issues({ rfc: 'XAXX010101000' })).toEqual([`rfc: ${issuerRfcProblem('XAXX010101000')}`]);
  });

  it('checks the RFC format, its date and its length', () => {
    expect(issuerRfcProblem('')).toBe('El RFC es requerido');
    expect(issuerRfcProblem('EKU-9003173C9')).toBe('El RFC no tiene un formato válido');
    expect(issuerRfcProblem('EKU9013173C9')).toBe('La fecha del RFC no es válida');
    expect(issuerRfcProblem('GODE561231')).toBe('El RFC debe tener 13 caracteres (persona física) o 12 (persona moral)');
    expect(issuerRfcProblem('GODE561231GR8')).toBeNull();
    expect(issuerRfcProblem('EKU9003173C9')).toBeNull();
  });

  it('offers and accepts only the regimes of the person type the RFC tells', () => {
    expect(issuerRegimes('EKU9003173C9').map((r) => r.satCode)).toContain('601');
    expect(issuerRegimes('EKU9003173C9').map((r) => r.satCode)).not.toContain('612');
    expect(issuerRegimes('GODE561231GR8').map((r) => r.satCode)).toContain('612');
    expect(issuerRegimes('')).toHaveLength(22);
    expect(issues({ regime: 'RF612' })).toEqual(['regime: El régimen fiscal 612 no puede usarse para personas morales']);
    expect(issues({ rfc: 'GODE561231GR8', regime: '626' })).toEqual([]);
    expect(issues({ regime: '699' })).toEqual(['regime: El régimen fiscal RF699 no existe']);
    expect(issues({ regime: '' })).toEqual(['regime: El régimen fiscal es requerido']);
  });

  it('checks the product code and the series', () => {
    expect(issues({ productCode: '8013150' })).toEqual(['productCode: La clave de producto o servicio del SAT debe tener 8 dígitos']);
    expect(issues({ productCode: '00000000' })).toEqual(['productCode: La clave de producto o servicio del SAT no es válida']);
    expect(issues({ invoiceSerie: '', creditNoteSerie: 'F-1' })).toEqual([
      'invoiceSerie: La serie de facturas es requerida',
      'creditNoteSerie: La serie de notas de crédito solo puede tener letras sin acentos y dígitos',
    ]);
    expect(issues({ invoiceSerie: 'ABCDEFGHIJK' })).toEqual(['invoiceSerie: La serie de facturas debe tener como máximo 10 caracteres']);
    expect(issues({ invoiceSerie: 'a1', creditNoteSerie: 'A1' })).toEqual([
      'creditNoteSerie: La serie de notas de crédito debe ser distinta de la serie de facturas',
    ]);
  });

  it('reports every field problem at once and refuses broken or huge text', () => {
    expect(issues({ fiscalName: '', rfc: 'XEXX010101000', invoiceSerie: 'F\u0000' })).toEqual([
      'fiscalName: La razón social es requerida',
      `rfc: ${issuerRfcProblem('XEXX010101000')}`,
      'invoiceSerie: La serie de facturas contiene caracteres no permitidos',
    ]);
    expect(issues({ fiscalName: 'A'.repeat(255) })).toEqual(['fiscalName: La razón social debe tener como máximo 254 caracteres']);
  });
});

describe('CSD rules', () => {
  const csd = { rfc: 'EKU9003173C9', kind: 'CSD' as const, validFrom: new Date('2023-05-18T11:43:51Z'), validTo: new Date('2027-05-18T11:43:51Z') };
  const today = new Date('2026-11-23T12:00:00Z');

  it('accepts a current CSD of the community’s RFC', () => {
    expect(certificateProblems(csd, 'eku9003173c9', today)).toEqual([]);
    expect(certificateStatus(csd.validFrom, csd.validTo, today)).toBe('VALID');
  });

  it('refuses the e.firma, an expired or future certificate and another RFC, all at once', () => {
    const fiel = { rfc: 'AAA010101AAA', kind: 'FIEL' as const, validFrom: new Date('2017-05-16T23:29:17Z'), validTo: new Date('2021-05-15T23:29:17Z') };
    expect(certificateProblems(fiel, 'EKU9003173C9', today)).toEqual([
      'El certificado es de e.firma (FIEL); para facturar sube el certificado de sello digital (CSD) que emite el SAT',
      'El certificado venció el 15 de mayo de 2021',
      'El RFC del certificado (AAA010101AAA) no coincide con el RFC de los datos fiscales (EKU9003173C9)',
    ]);
    expect(certificateProblems(csd, 'EKU9003173C9', new Date('2023-01-01T00:00:00Z'))).toEqual(['El certificado será válido a partir del 18 de mayo de 2023']);
    expect(certificateStatus(csd.validFrom, csd.validTo, new Date('2028-01-01'))).toBe('EXPIRED');
    expect(formatCertificateDate(new Date('2027-05-18T11:43:51Z'))).toBe('18 de mayo de 2027');
  });

  it('the upload needs both files of at most 100 KB and the password', () => {
    const file = (size: number, name = 'a.cer') => new File([new Uint8Array(size)], name);
    const messages = (value: unknown) => {
      const result = CsdUploadSchema.safeParse(value);
      return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(messages({ certificate: file(1460), privateKey: file(1298, 'a.key'), privateKeyPassword: '12345678a' })).toEqual([]);
    expect(messages({ certificate: file(CSD_MAX_BYTES + 1), privateKey: file(0, 'a.key'), privateKeyPassword: '' })).toEqual([
      'certificate: El archivo del certificado (.cer) debe pesar como máximo 100 KB',
      'privateKey: El archivo de la llave privada (.key) está vacío',
      'privateKeyPassword: La contraseña de la llave privada es requerida',
    ]);
    expect(messages({})).toEqual([
      'certificate: Elige el archivo del certificado (.cer)',
      'privateKey: Elige el archivo de la llave privada (.key)',
      'privateKeyPassword: La contraseña de la llave privada es requerida',
    ]);
  });

  it('is configured with complete data, the postal code and a current CSD with its key', () => {
    const state: FiscalState = {
      fiscalName: 'ESCUELA KEMPER URGATE',
      rfc: 'EKU9003173C9',
      regime: 'RF601',
      productCode: '80131500',
      invoiceSerie: 'F',
      creditNoteSerie: 'NC',
      certificateValidFrom: csd.validFrom,
      certificateValidTo: csd.validTo,
      hasPrivateKey: true,
    };
    expect(isFiscalConfigured(state, '76090', today)).toBe(true);
    expect(isFiscalConfigured(state, null, today)).toBe(false);
    expect(isFiscalConfigured({ ...state, hasPrivateKey: false }, '76090', today)).toBe(false);
    expect(isFiscalConfigured({ ...state, invoiceSerie: null }, '76090', today)).toBe(false);
    expect(isFiscalConfigured(state, '76090', new Date('2027-06-01'))).toBe(false);
    expect(isFiscalConfigured(null, '76090', today)).toBe(false);
  });
});
