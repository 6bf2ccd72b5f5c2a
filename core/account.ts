// Sign-in and account inputs, validated in the browser's forms and on the server with these schemas.
import { z } from 'zod';
import { boundedText } from './input.js';

/** Longest e-mail address (RFC 5321 path limit) and password accepted anywhere. */
export const MAX_EMAIL = 254;
export const MAX_PASSWORD = 200;

export const emailInput = (message = 'El correo electrónico no es válido') =>
  z
    .string()
    .max(MAX_EMAIL * 2, message)
    .trim()
    .toLowerCase()
    .pipe(z.email(message).max(MAX_EMAIL, message));

export const SignInSchema = z.object({
  email: emailInput(),
  password: z.string().min(1, 'La contraseña es requerida').max(MAX_PASSWORD, `La contraseña debe tener como máximo ${MAX_PASSWORD} caracteres`),
  houseId: z.number().int().positive().max(2_147_483_647).nullish(),
  domain: boundedText(60, 'El dominio').nullish(),
  apiToken: z.boolean().nullish(),
  setCookie: z.boolean().nullish(),
});
