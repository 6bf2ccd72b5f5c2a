// Account activation from the /signup/{code} e-mail link (spec 1 sections 4 and 9): the form and the
// server validate with these schemas.
import { z } from 'zod';
import { boundedText, phoneInput } from './input.js';
import { MAX_PASSWORD } from './signIn.js';
import { confirmationMatches, newPassword } from './passwords.js';
import { capitalize } from './validators.js';

export const SIGNUP_CODE_INVALID = 'El código de registro no es válido o ya fue usado';

/** The code of the e-mail link (and, from the legacy API, the community's domain). */
export const SignupCodeSchema = z.object({
  code: z.string().max(64, SIGNUP_CODE_INVALID).trim().min(1, SIGNUP_CODE_INVALID),
  domain: boundedText(120, 'El dominio').nullish(),
});

const name = (label: string) => boundedText(100, label, { required: true }).transform(capitalize);
const mobile = phoneInput('El teléfono celular debe tener 10 dígitos');

/** The person's name and mobile, saved before the password (legacy PUT /auth/signup/{code}). */
export const SignupProfileSchema = SignupCodeSchema.extend({
  firstName: name('El nombre'),
  lastName: boundedText(100, 'El apellido')
    .nullish()
    .transform((v) => v || null),
  mobile,
});

/** «Activar y entrar»: the profile and the first password, twice (API clients may leave the confirmation out). */
export const CompleteSignupSchema = SignupCodeSchema.extend({
  firstName: name('El nombre').nullish(),
  lastName: boundedText(100, 'El apellido').nullish(),
  mobile,
  password: newPassword(),
  passwordConfirmation: z.string().max(MAX_PASSWORD).nullish(),
}).check(confirmationMatches());
