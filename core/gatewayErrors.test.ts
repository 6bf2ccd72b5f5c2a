import { describe, expect, it } from 'vitest';
import { GATEWAY_ERROR_MESSAGES, GATEWAY_GENERIC_MESSAGE, gatewayErrorMessage } from './gatewayErrors.js';

describe('gatewayErrorMessage', () => {
  it('answers the Spanish text of a known code', () => {
    expect(gatewayErrorMessage(3001)).toBe('La tarjeta fue declinada. Comunícate con tu banco o usa otra tarjeta.');
    expect(gatewayErrorMessage(1006, 'The order_id has already been processed')).toBe('Ya existe una transacción con el mismo número de orden.');
    expect(gatewayErrorMessage(4001)).toMatch(/fondos insuficientes/i);
  });

  it('answers the server message for -1 and a generic one when it is blank', () => {
    expect(gatewayErrorMessage(-1, 'El recibo ya fue pagado')).toBe('El recibo ya fue pagado');
    expect(gatewayErrorMessage(-1, '   ')).toBe(GATEWAY_GENERIC_MESSAGE);
    expect(gatewayErrorMessage(-1)).toBe(GATEWAY_GENERIC_MESSAGE);
  });

  it('answers a generic message for an unknown or missing code, never the server text', () => {
    expect(gatewayErrorMessage(9999, 'internal stack trace')).toBe(GATEWAY_GENERIC_MESSAGE);
    expect(gatewayErrorMessage(null, 'x')).toBe(GATEWAY_GENERIC_MESSAGE);
    expect(gatewayErrorMessage(Number.NaN)).toBe(GATEWAY_GENERIC_MESSAGE);
  });

  it('covers every documented group from 1000 to 6003 in Spanish', () => {
    for (const code of [
      1000, 1001, 1002, 1003, 1004, 1005, 1006, 1008, 1009, 1010, 1012, 1018, 2004, 2005, 2006, 2009, 3001, 3002, 3003, 3005, 3012, 4001, 4002, 5001, 6001,
      6003,
    ]) {
      expect(GATEWAY_ERROR_MESSAGES[code], String(code)).toBeTruthy();
    }
    for (const text of Object.values(GATEWAY_ERROR_MESSAGES)) expect(text).not.toMatch(/\b(the|card|was|declined|not)\b/i);
  });
});
