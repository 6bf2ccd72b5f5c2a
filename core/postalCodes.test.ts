import { describe, expect, it } from 'vitest';
import { postalCodeCentre } from './postalCodes.js';

describe('postal code centre', () => {
  it('finds the state from the first two digits', () => {
    expect(postalCodeCentre('76090')?.state).toBe('Querétaro');
    expect(postalCodeCentre('03100')?.state).toBe('Ciudad de México');
    expect(postalCodeCentre('44100')).toMatchObject({ state: 'Jalisco', lat: 20.6597 });
    expect(postalCodeCentre(' 99000 ')?.state).toBe('Zacatecas');
  });

  it('answers null for anything that is not a Mexican postal code', () => {
    expect(postalCodeCentre('17000')).toBeNull();
    expect(postalCodeCentre('7609')).toBeNull();
    expect(postalCodeCentre(null)).toBeNull();
    expect(postalCodeCentre('ABCDE')).toBeNull();
  });
});
