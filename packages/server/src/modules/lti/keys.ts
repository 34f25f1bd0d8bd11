/**
 * An organisation's LTI signing keys (IMS Security Framework 1.0 §6: the tool signs its messages with RS256 and
 * publishes its public keys as a JWK Set, RFC 7517). A rotation retires the signing key and makes a new one; a
 * retired key stays in the JWKS for LTI_RETIRED_KEY_GRACE_S so that a platform holding a cached copy still
 * verifies what was signed before the rotation.
 */
import { LTI_RETIRED_KEY_GRACE_S, ltiPublicJwkSchema, type LtiJwks, type LtiKey } from '@larmor/contracts';
import { exportJWK, generateKeyPair } from 'jose';
import { isoNow, newId } from '../../db/ids.ts';
import { insertKey, keysOf, retireKeys, type Db, type KeyRow } from './repository.ts';

const ALGORITHM = 'RS256';

async function newKeyRow(clientId: string, createdAt: string): Promise<KeyRow> {
  const { publicKey, privateKey } = await generateKeyPair(ALGORITHM, {
    extractable: true,
    modulusLength: 2048,
  });
  const kid = newId();
  const meta = { kid, alg: ALGORITHM, use: 'sig' };
  return {
    kid,
    client_id: clientId,
    private_jwk: JSON.stringify({ ...(await exportJWK(privateKey)), ...meta }),
    public_jwk: JSON.stringify({ ...(await exportJWK(publicKey)), ...meta }),
    created_at: createdAt,
    retired_at: null,
  };
}

/** Keys still published at `now`: the signing key and those retired less than the grace period ago. */
function published(keys: readonly KeyRow[], nowMs: number): KeyRow[] {
  return keys.filter(
    (key) => key.retired_at === null || Date.parse(key.retired_at) + LTI_RETIRED_KEY_GRACE_S * 1000 > nowMs,
  );
}

/** The organisation's signing key, made on first need. */
export async function ensureSigningKey(db: Db, clientId: string): Promise<KeyRow> {
  const current = (await keysOf(db, clientId)).find((key) => key.retired_at === null);
  if (current) return current;
  const row = await newKeyRow(clientId, isoNow());
  await insertKey(db, row);
  return row;
}

/** Retires the signing key and makes a new one (forgetting keys past their grace period). */
export async function rotateSigningKey(db: Db, clientId: string): Promise<void> {
  const now = isoNow();
  const row = await newKeyRow(clientId, now);
  await db.transaction().execute(async (trx) => {
    await retireKeys(trx, clientId, now, isoNow(-LTI_RETIRED_KEY_GRACE_S));
    await insertKey(trx, row);
  });
}

/** The published keys as administrators see them (public part), the signing one first. */
export async function publishedKeys(db: Db, clientId: string): Promise<LtiKey[]> {
  const keys = published(await keysOf(db, clientId), Date.now());
  keys.sort((a, b) => Number(a.retired_at !== null) - Number(b.retired_at !== null));
  return keys.map((key) => ({ kid: key.kid, createdAt: key.created_at, retiredAt: key.retired_at }));
}

/** The organisation's JWK Set: public keys only. */
export async function jwksOf(db: Db, clientId: string): Promise<LtiJwks> {
  const keys = published(await keysOf(db, clientId), Date.now());
  return { keys: keys.map((key) => ltiPublicJwkSchema.parse(JSON.parse(key.public_jwk) as unknown)) };
}
