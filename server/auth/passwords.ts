import { hash, verify } from '@node-rs/argon2';

// Argon2id with OWASP's minimum memory cost (19 MiB, 2 passes).
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/** How many password checks this process ran (tests count how many guesses reached the check). */
export const passwordChecks = { count: 0 };

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  passwordChecks.count++;
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of a real check when the account does not exist, so timing does not reveal accounts. */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('contraseña-de-relleno');
  await verifyPassword(await dummyHash, password);
  return false;
}
