import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import expenses from '../../../../i18n/es/expenses.json';
import { logDetails } from './logDetails.js';

await i18n.init({ lng: 'es', resources: { es: { translation: expenses } }, interpolation: { escapeValue: false } });
const details = (data: unknown) => logDetails(JSON.stringify(data), i18n.t, (key) => i18n.exists(key));

describe("the expense log's details", () => {
  it('shows amounts as pesos and dates as days, statuses and payment types in words, and no internal ids', () => {
    expect(details({ from: 'APPROVED', paymentType: 'TRANSFER', accountId: 4, bank: 'BBVA', total: '5287.28', paymentDate: '2026-11-03' })).toEqual([
      { label: 'Antes', value: 'Aprobado' },
      { label: 'Total', value: '$5,287.28' },
      { label: 'Tipo de pago', value: 'Transferencia' },
      { label: 'Banco', value: 'BBVA' },
      { label: 'Fecha de pago', value: '03/11/2026' },
    ]);
  });

  it('an edit says what the expense was and what it became', () => {
    expect(
      details({
        from: { status: 'NEW', total: '100.00', providerId: 2 },
        to: { status: 'EDITED', subtotal: '120.00', total: '139.20', providerId: 3, lines: 2 },
      }),
    ).toEqual([
      { label: 'Antes', value: 'Nuevo · $100.00' },
      { label: 'Después', value: 'Editado · $139.20' },
    ]);
    expect(details({ status: 'NEW', serie: 'A', folio: 12, total: '-3.5', lines: 1, providerId: 9 })).toEqual([
      { label: 'Estado', value: 'Nuevo' },
      { label: 'Folio', value: 'A-12' },
      { label: 'Total', value: '-$3.50' },
      { label: 'Partidas', value: '1' },
    ]);
  });

  it('data that is missing or not an object shows nothing', () => {
    expect(logDetails(null, i18n.t, () => false)).toEqual([]);
    expect(logDetails('not json', i18n.t, () => false)).toEqual([]);
    expect(details({ fileId: 'f1', attachmentId: 3 })).toEqual([]);
  });
});
