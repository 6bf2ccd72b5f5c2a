import { describe, expect, it } from 'vitest';
import '../i18n/all.js';
import { errorMessage, gatewayMessage } from './errors.js';

describe('generic error display (spec 1 section 8)', () => {
  it('uses the description of a response with a numeric code', () => {
    expect(errorMessage({ status: 409, data: { code: 2079, description: 'No se completó la solicitud' } })).toBe('No se completó la solicitud');
  });
  it('uses the gateway table for card gateway errors, and the server text for -1', () => {
    expect(errorMessage({ status: 402, data: { source: 'gateway', code: 3001, description: 'declined' } })).toBe('La tarjeta fue declinada por el banco');
    expect(gatewayMessage(4001)).toBe('La cuenta del procesador no tiene fondos suficientes');
    expect(gatewayMessage(6003)).toBe('El servicio del webhook respondió con errores');
    expect(gatewayMessage(-1, 'Mensaje del servidor')).toBe('Mensaje del servidor');
  });
  it('apologises for 500 and above with key and code', () => {
    const message = errorMessage({ status: 503, key: 'HousesQuery' });
    expect(message).toMatch(/dificultades técnicas/);
    expect(message).toContain('HousesQuery');
    expect(message).toContain('503');
    expect(message).toContain('soporte@comunidad.mx');
  });
  it('explains structural 4xx errors', () => {
    expect(errorMessage({ status: 400, data: { errors: [] }, key: 'X' })).toMatch(/errores de estructura.*código 400/);
  });
  it('reports a lost connection for status 0 without data, and a critical error without a response', () => {
    expect(errorMessage({ status: 0 })).toBe('Se perdió la conexión. Recarga la página.');
    expect(errorMessage(null)).toMatch(/error crítico/);
    expect(errorMessage({ status: 302, data: 'x' })).toBe('El servicio no está disponible (código 302).');
  });
});
