import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at the ASVS appendix C minimum (m=19 MiB, t=2, p=1): about 20 ms here, and ten
 * concurrent sign-ins stay under 200 MiB. The PHC string keeps the parameters, so they can be raised.
 */
export const ARGON2_PARAMS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password as an argon2id PHC string (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`). */
export function hashPassword(password: string): Promise<string> {
  // The default algorithm of @node-rs/argon2 is argon2id (its Algorithm enum is a const enum).
  return hash(password, { ...ARGON2_PARAMS });
}

/** Verifies a password against a stored PHC string; false for a malformed hash. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** Whether a stored hash was made with weaker parameters than today's and should be rehashed. */
export function needsRehash(stored: string): boolean {
  const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored);
  if (!m) return true;
  return Number(m[1]) < ARGON2_PARAMS.memoryCost || Number(m[2]) < ARGON2_PARAMS.timeCost;
}

// No 0/O, 1/l/I: the generated password is read off a console or a file and typed.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random password from the CSPRNG (16 characters, about 93 bits). */
export function generatePassword(length = 16): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

let dummyHash: Promise<string> | null = null;

/** Verifies against a throw-away hash so an unknown user costs the same time as a known one. */
export async function burnVerify(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-' + generatePassword());
  await verifyPassword(await dummyHash, password);
}
