/**
 * Password hashing with argon2id. Hashes are PHC strings (`$argon2id$v=19$m=…,t=…,p=1$…`) that carry their own
 * cost, so verification follows whatever cost a hash was made with.
 */
import { hash, verify } from '@node-rs/argon2';

/** argon2id work factors: memory [KiB] and passes (one lane). */
export interface PasswordHashCost {
  memoryCostKiB: number;
  timeCost: number;
}

/**
 * The production cost: 19 MiB, 2 passes, 1 lane, the first argon2id recommendation of the OWASP Password
 * Storage Cheat Sheet (also @node-rs/argon2's defaults).
 */
export const PASSWORD_HASH_COST: PasswordHashCost = { memoryCostKiB: 19_456, timeCost: 2 };

/** Hashes `password` with argon2id (the library's default algorithm) at `cost` (the production cost unless a test configuration says otherwise). */
export function hashPassword(password: string, cost: PasswordHashCost = PASSWORD_HASH_COST): Promise<string> {
  return hash(password, {
    memoryCost: cost.memoryCostKiB,
    timeCost: cost.timeCost,
    parallelism: 1,
  });
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

const dummyHashes = new Map<string, Promise<string>>();

/**
 * Spends the time of one verification against a throw-away hash of the same `cost` as real ones, so that an
 * unknown username takes as long to refuse as a wrong password and response times do not reveal which
 * accounts exist.
 */
export async function verifyAgainstDummy(
  password: string,
  cost: PasswordHashCost = PASSWORD_HASH_COST,
): Promise<void> {
  const key = `${cost.memoryCostKiB}:${cost.timeCost}`;
  let dummy = dummyHashes.get(key);
  if (!dummy) {
    dummy = hashPassword('larmor-dummy-password-for-timing', cost);
    dummyHashes.set(key, dummy);
  }
  await verifyPassword(await dummy, password);
}
