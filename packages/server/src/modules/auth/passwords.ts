/**
 * Password hashing with argon2id (@node-rs/argon2 defaults: 19 MiB memory, 2 passes, 1 lane, the OWASP
 * Password Storage Cheat Sheet's first recommendation). Hashes are PHC strings (`$argon2id$v=19$...`).
 */
import { hash, verify } from '@node-rs/argon2';

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** Whether `password` matches `passwordHash`; false (never a throw) for a malformed or missing hash. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one verification against a throw-away hash, so that an unknown username takes as long
 * to refuse as a wrong password and response times do not reveal which accounts exist.
 */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hash('larmor-dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
}
