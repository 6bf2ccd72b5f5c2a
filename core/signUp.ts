// Sign-up of a new community with its first administrator (spec 1), in zod's tree-shakable build: the
// sign-up page carries no Relay and no full zod. The server validates with this same schema.
import * as z from 'zod/mini';
import { isCleanText } from './cleanText.js';
import { emailInput, MAX_PASSWORD } from './signIn.js';
import { newPassword } from './passwords.js';
import { capitalize } from './validators.js';

/** core/input.ts boundedText in the tree-shakable build: trimmed, clean, at most `max` characters. */
function cleanText(max: number, label: string, options: { required?: boolean; min?: number } = {}) {
  const tooLong = `${label} debe tener como máximo ${max} caracteres`;
  const checks: z.core.$ZodCheck<string>[] = [z.maxLength(max, tooLong)];
  if (options.required) checks.push(z.minLength(1, `${label} es requerido`));
  if (options.min) checks.push(z.minLength(options.min, `${label} debe tener al menos ${options.min} caracteres`));
  return z.pipe(
    z.string().check(z.maxLength(max * 4, tooLong), z.refine(isCleanText, `${label} contiene caracteres no permitidos`), z.trim()),
    z.string().check(...checks),
  );
}

const optionalText = (max: number, label: string) =>
  z.pipe(
    z.nullish(cleanText(max, label)),
    z.transform((v) => v || null),
  );

export const NEIGHBORHOOD_TYPES = ['NEIGHBORHOOD', 'CONDOMINIUM', 'MALL'] as const;
export const DOMAIN_PATTERN = /^[a-z0-9_-]{3,60}$/;

export const SignUpSchema = z
  .object({
    neighborhood: z.object({
      name: cleanText(120, 'El nombre de la comunidad', { required: true, min: 3 }),
      domain: z
        .string()
        .check(z.maxLength(200), z.trim(), z.regex(DOMAIN_PATTERN, 'El dominio solo puede tener letras minúsculas, números, guiones y guiones bajos (3 a 60)')),
      neighborhoodType: z.pipe(
        z.nullish(z.enum(NEIGHBORHOOD_TYPES)),
        z.transform((v) => v ?? 'NEIGHBORHOOD'),
      ),
      country: z.pipe(
        z.nullish(cleanText(60, 'El país')),
        z.transform((v) => v || 'México'),
      ),
    }),
    /** A new person as first administrator… */
    user: z.nullish(
      z.object({
        firstName: z.pipe(cleanText(100, 'El nombre', { required: true }), z.transform(capitalize)),
        lastName: optionalText(100, 'El apellido'),
        email: emailInput(),
        password: newPassword(),
      }),
    ),
    /** …or an existing account. */
    login: z.nullish(
      z.object({
        email: emailInput(),
        password: z
          .string()
          .check(z.minLength(1, 'La contraseña es requerida'), z.maxLength(MAX_PASSWORD, 'El correo electrónico o la contraseña no son correctos')),
      }),
    ),
  })
  .check(
    z.refine((v) => !!v.user !== !!v.login, {
      path: ['user'],
      message: 'Envía los datos de la persona nueva o los de tu cuenta existente',
    }),
  );
