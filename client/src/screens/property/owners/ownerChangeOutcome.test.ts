import { describe, expect, it } from 'vitest';
import { ownerWasInvited } from './ownerChangeOutcome.js';

describe('owner change outcome', () => {
  it('recognizes the invitation whatever the case and spaces of the e-mail typed', () => {
    const invited = { pendingOwnerEmail: 'ana.mora@correo.mx', owner: { email: 'previo@correo.mx' } };
    expect(ownerWasInvited(' Ana.Mora@Correo.MX ', invited)).toBe(true);
    expect(ownerWasInvited('ana.mora@correo.mx', invited)).toBe(true);
  });

  it('is not an invitation when the person became the owner, or another person is pending', () => {
    expect(ownerWasInvited('Ana.Mora@correo.mx', { pendingOwnerEmail: null, owner: { email: 'ana.mora@correo.mx' } })).toBe(false);
    expect(ownerWasInvited('ana.mora@correo.mx', { pendingOwnerEmail: 'otra@correo.mx', owner: null })).toBe(false);
    expect(ownerWasInvited('', { pendingOwnerEmail: null, owner: null })).toBe(false);
    expect(ownerWasInvited('ana.mora@correo.mx', null)).toBe(false);
  });
});
