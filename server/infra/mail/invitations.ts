// The one e-mail that carries a sign-up code: the /signup/{code} link where a person chooses their
// first password. Sign-up codes travel only this way (never on screen, never to an administrator):
// the code opens the person's whole account, which may reach other communities.
import type { Config } from '../../config.js';
import { appLink } from './links.js';
import type { Email } from './outbox.js';

export type InvitationKind =
  /** The owner of a house, registered by the administration (house form, massive load, resend). */
  | 'OWNER'
  /** The visitor who registered themselves as owner on the public onboarding page. */
  | 'ONBOARDING'
  /** An administration user (Administrador, configuración, Seguridad...). */
  | 'ADMINISTRATION'
  /** A resident of a house, registered by the administration or by someone of the house. */
  | 'RESIDENT';

export interface SignupInvitation {
  kind: InvitationKind;
  to: string;
  firstName: string;
  communityName: string;
  neighborhoodId: number;
  code: string;
  /** The house the invitation is about (owners and residents). */
  houseLabel?: string | null;
  /** The role given (administration users and residents). */
  roleName?: string | null;
  /** Who registered the person (residents). */
  invitedBy?: string | null;
}

/** The activation e-mail with an absolute /signup/{code} link (PUBLIC_URL, else this server). */
export function signupInvitation(config: Pick<Config, 'publicUrl' | 'port'>, m: SignupInvitation): Email {
  const link = appLink(config, `/signup/${m.code}`);
  const choose = `Para activar tu cuenta y elegir tu contraseña abre ${link}`;
  const about = (() => {
    switch (m.kind) {
      case 'OWNER':
        return `${m.communityName} te registró${m.houseLabel ? ` como propietario de ${m.houseLabel}` : ''}.`;
      case 'ONBOARDING':
        return `Te registraste como propietario en ${m.communityName}${m.houseLabel ? ` (${m.houseLabel})` : ''}.`;
      case 'ADMINISTRATION':
        return `Te registraron en ${m.communityName}${m.roleName ? ` como ${m.roleName}` : ''}.`;
      case 'RESIDENT':
        return `${m.invitedBy ?? m.communityName} te registró${m.roleName ? ` como ${m.roleName}` : ''}${m.houseLabel ? ` de la propiedad ${m.houseLabel}` : ''} en ${m.communityName}.`;
    }
  })();
  const subject = m.kind === 'OWNER' || m.kind === 'ONBOARDING' ? `Activa tu cuenta en ${m.communityName}` : `Te damos acceso a ${m.communityName}`;
  return {
    to: m.to,
    neighborhoodId: m.neighborhoodId,
    subject,
    text: `Hola ${m.firstName}:\n\n${about} ${choose}\n\nSi no esperabas este correo, puedes ignorarlo.`,
  };
}
