// Sign-in and account inputs, validated in the browser's forms and on the server with these schemas.
import { z } from 'zod';
import { boundedText, phoneInput } from './input.js';
import { capitalize } from './validators.js';
import { emailInput, MAX_EMAIL, MAX_PASSWORD, SignInCredentials } from './signIn.js';
import { MIN_PASSWORD, PASSWORDS_DIFFER } from './passwords.js';

export { emailInput, MAX_EMAIL, MAX_PASSWORD, PASSWORDS_DIFFER, SignInCredentials };

export const SignInSchema = z.object({
  ...SignInCredentials.shape,
  houseId: z.number().int().positive().max(2_147_483_647).nullish(),
  domain: boundedText(60, 'El dominio').nullish(),
  apiToken: z.boolean().nullish(),
  setCookie: z.boolean().nullish(),
});

/** A phone input, bounded before it is normalized. */
export const boundedPhone = (message: string) => z.string().max(40, message).nullish().pipe(phoneInput(message));

/** A date of birth: a real calendar day between 1900 and today. */
const birthDate = z.iso
  .date({ error: 'La fecha de nacimiento debe tener el formato AAAA-MM-DD', abort: true })
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= '1900-01-01' && d.getTime() <= Date.now();
  }, 'La fecha de nacimiento no es válida')
  .nullish();

/** «Mis datos», personal data. */
export const BasicDataSchema = z.object({
  firstName: boundedText(100, 'El nombre', { required: true }).transform(capitalize),
  lastName: boundedText(100, 'El apellido')
    .nullish()
    .transform((v) => (v ? capitalize(v) : null)),
  birthDate,
  mobile: boundedPhone('El teléfono celular debe tener 10 dígitos'),
  landline: boundedPhone('El teléfono fijo debe tener 10 dígitos'),
});

/** «Mis datos», e-mail change: the current address (as a check) and the new one, verified by a mailed code. */
export const EmailChangeSchema = z.object({
  oldEmail: emailInput('El correo electrónico actual no es válido'),
  email: emailInput('El correo electrónico nuevo no es válido'),
});

/** «Mis datos», password change: the current password and the new one, twice. */
export const PasswordChangeSchema = z
  .object({
    currentPassword: z.string().min(1, 'La contraseña actual es requerida').max(MAX_PASSWORD, 'La contraseña actual no es correcta'),
    password: z
      .string()
      .min(MIN_PASSWORD, `La contraseña nueva debe tener al menos ${MIN_PASSWORD} caracteres`)
      .max(MAX_PASSWORD, `La contraseña nueva debe tener como máximo ${MAX_PASSWORD} caracteres`),
    passwordConfirmation: z.string().max(MAX_PASSWORD),
  })
  .refine((v) => v.password === v.passwordConfirmation, { path: ['passwordConfirmation'], message: PASSWORDS_DIFFER });

export const INVITATION_INVALID = 'La invitación no es válida o ya fue aceptada';

/** /invitations/{code}: the code of the e-mailed link, accepted or declined by the signed-in person. */
export const InvitationCodeSchema = z.object({ code: z.string().max(64, INVITATION_INVALID).trim().min(1, INVITATION_INVALID) });
