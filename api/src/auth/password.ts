import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

// `Algorithm` is an ambient const enum, which isolated modules cannot read: 2 is its Argon2id member.
const ARGON2ID = 2 as Algorithm;

/**
 * argon2id with the OWASP minimum (19 MiB, 2 passes, 1 lane): about 30 ms on this hardware, costly
 * enough to slow an offline attack on a stolen table, cheap enough for sign-in bursts.
 */
export const PASSWORD_HASH_OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** PHC string ("$argon2id$v=19$m=19456,t=2,p=1$…"), salt included. */
export function hashPassword(plain: string): Promise<string> {
  return hash(plain, PASSWORD_HASH_OPTIONS);
}

/** False, never an exception, for a wrong password or a stored value that is not a valid hash. */
export async function verifyPassword(storedHash: string | null | undefined, plain: string): Promise<boolean> {
  if (!storedHash || !storedHash.startsWith('$argon2')) return false;
  try {
    return await verify(storedHash, plain);
  } catch {
    return false;
  }
}
