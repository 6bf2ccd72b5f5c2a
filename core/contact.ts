// The public contact form (spec 1: "contact form (with a contact type)"; POST /auth/contact), in zod's
// tree-shakable build: the contact page carries no Relay and no full zod. The server validates with it.
import * as z from 'zod/mini';
import { isCleanText } from './cleanText.js';
import { emailInput } from './signIn.js';

/** What the person writes about, and how the form names it. */
export const CONTACT_TYPES = {
  SALES: 'Quiero conocer la plataforma para mi comunidad',
  SUPPORT: 'Necesito ayuda con mi cuenta',
  PAYMENTS: 'Pagos y facturación',
  OTHER: 'Otro tema',
} as const;
export type ContactType = keyof typeof CONTACT_TYPES;

export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 2000;

export const CONTACT_MESSAGES = {
  typeRequired: 'Elige el motivo de tu mensaje',
  messageShort: `Escribe tu mensaje (al menos ${CONTACT_MESSAGE_MIN} caracteres)`,
  messageLong: `El mensaje debe tener como máximo ${CONTACT_MESSAGE_MAX} caracteres`,
  messageUnclean: 'El mensaje contiene caracteres no permitidos',
  received: 'Recibimos tu mensaje; te responderemos a tu correo electrónico',
} as const;

export const ContactSchema = z.object({
  contactType: z.enum(Object.keys(CONTACT_TYPES) as [ContactType, ...ContactType[]], CONTACT_MESSAGES.typeRequired),
  visitorEmail: emailInput(),
  message: z
    .string()
    .check(
      z.trim(),
      z.minLength(CONTACT_MESSAGE_MIN, CONTACT_MESSAGES.messageShort),
      z.maxLength(CONTACT_MESSAGE_MAX, CONTACT_MESSAGES.messageLong),
      z.refine(isCleanText, CONTACT_MESSAGES.messageUnclean),
    ),
});
export type ContactRequest = z.output<typeof ContactSchema>;
