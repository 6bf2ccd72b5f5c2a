import { describe, expect, it } from 'vitest';
import { signupInvitation } from './invitations.js';

const base = { to: 'ana@correo.mx', firstName: 'Ana', communityName: 'Residencial Los Olivos', neighborhoodId: 1, code: 'Abc-123_xyz9' };

describe('the sign-up invitation e-mail', () => {
  it('always carries an absolute /signup/{code} link: PUBLIC_URL, else this server on localhost', () => {
    expect(signupInvitation({ publicUrl: 'https://comunidad.example/', port: 3000 }, { ...base, kind: 'OWNER' }).text).toContain(
      'https://comunidad.example/signup/Abc-123_xyz9',
    );
    expect(signupInvitation({ port: 8080 }, { ...base, kind: 'ADMINISTRATION' }).text).toContain('http://localhost:8080/signup/Abc-123_xyz9');
  });

  it('names what the person was registered as', () => {
    const owner = signupInvitation({ port: 3000 }, { ...base, kind: 'OWNER', houseLabel: 'Calle 5 #12' });
    expect(owner).toMatchObject({ to: 'ana@correo.mx', neighborhoodId: 1, subject: 'Activa tu cuenta en Residencial Los Olivos' });
    expect(owner.text).toContain('Residencial Los Olivos te registró como propietario de Calle 5 #12.');
    expect(signupInvitation({ port: 3000 }, { ...base, kind: 'ONBOARDING' }).text).toContain('Te registraste como propietario en Residencial Los Olivos.');
    const admin = signupInvitation({ port: 3000 }, { ...base, kind: 'ADMINISTRATION', roleName: 'Seguridad' });
    expect(admin.subject).toBe('Te damos acceso a Residencial Los Olivos');
    expect(admin.text).toContain('Te registraron en Residencial Los Olivos como Seguridad.');
    const resident = signupInvitation({ port: 3000 }, { ...base, kind: 'RESIDENT', roleName: 'Residente', houseLabel: 'A-1', invitedBy: 'Patricia' });
    expect(resident.text).toContain('Patricia te registró como Residente de la propiedad A-1 en Residencial Los Olivos.');
  });
});
