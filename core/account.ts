// Sign-in and account inputs, validated in the browser's forms and on the server with these schemas.
import { z } from 'zod';
import { boundedText } from './input.js';
import { emailInput, MAX_EMAIL, MAX_PASSWORD, SignInCredentials } from './signIn.js';

export { emailInput, MAX_EMAIL, MAX_PASSWORD, SignInCredentials };

export const SignInSchema = z.object({
  ...SignInCredentials.shape,
  houseId: z.number().int().positive().max(2_147_483_647).nullish(),
  domain: boundedText(60, 'El dominio').nullish(),
  apiToken: z.boolean().nullish(),
  setCookie: z.boolean().nullish(),
});
