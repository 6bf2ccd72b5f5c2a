// The sign-in credentials in zod's tree-shakable build: the sign-in page is the first thing every
// visitor loads, and the server's SignInSchema (core/account.ts) is built from these same fields.
import * as z from 'zod/mini';

/** Longest e-mail address (RFC 5321 path limit) and password accepted anywhere. */
export const MAX_EMAIL = 254;
export const MAX_PASSWORD = 200;

/** An e-mail address: trimmed, lower-cased, at most MAX_EMAIL characters. */
export const emailInput = (message = 'El correo electrónico no es válido') =>
  z.pipe(z.string().check(z.maxLength(MAX_EMAIL * 2, message), z.trim(), z.toLowerCase()), z.email(message).check(z.maxLength(MAX_EMAIL, message)));

export const SignInCredentials = z.object({
  email: emailInput(),
  password: z
    .string()
    .check(z.minLength(1, 'La contraseña es requerida'), z.maxLength(MAX_PASSWORD, `La contraseña debe tener como máximo ${MAX_PASSWORD} caracteres`)),
});
