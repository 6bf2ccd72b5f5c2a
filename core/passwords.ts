// Password recovery and new passwords, in zod's tree-shakable build: the recovery page carries no
// Relay and no full zod. The server validates with these schemas (users/passwordCode.ts, sign-up, activation).
import * as z from 'zod/mini';
import { emailInput, MAX_PASSWORD } from './signIn.js';

export const MIN_PASSWORD = 8;

/** A password being chosen: at least MIN_PASSWORD characters, at most MAX_PASSWORD. */
export const newPassword = () =>
  z
    .string()
    .check(
      z.minLength(MIN_PASSWORD, `La contraseña debe tener al menos ${MIN_PASSWORD} caracteres`),
      z.maxLength(MAX_PASSWORD, `La contraseña debe tener como máximo ${MAX_PASSWORD} caracteres`),
    );

export const PASSWORDS_DIFFER = 'Las contraseñas no coinciden';

/** The confirmation must repeat the password (a null confirmation is not checked: API clients may omit it). */
export const confirmationMatches = <T extends { password: string; passwordConfirmation?: string | null }>() =>
  z.refine<T>((v) => v.passwordConfirmation == null || v.passwordConfirmation === v.password, {
    path: ['passwordConfirmation'],
    message: PASSWORDS_DIFFER,
  });

/** «Recuperar contraseña»: the address the recovery link is mailed to. */
export const RecoverPasswordSchema = z.object({ email: emailInput() });

/** /setup-password/{code}: the recovery code from the e-mail and the new password, twice. */
export const SetupPasswordSchema = z
  .object({
    code: z.string().check(z.maxLength(100)),
    password: newPassword(),
    passwordConfirmation: z.string().check(z.maxLength(MAX_PASSWORD)),
  })
  .check(confirmationMatches<{ password: string; passwordConfirmation: string }>());
