/** The signed-in user's own account: profile, password change, terms acceptance. */
import { ERROR_CAUSES, ERROR_CODES, type Profile } from '@larmor/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { ApiError, notFound } from '../../plugins/errors.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { revokeAllOf } from '../auth/repository.ts';
import { identitiesOf } from '../identities/repository.ts';
import { groupNamesOf, passwordHashOf, profileRow, setOwnPassword, setTermsAccepted } from './repository.ts';

/**
 * The profile of GET me/ (platform-shell.md §3). `license` is the licence of the active identity (null
 * without one); `clients` and `groups` are the user's own organisations and groups.
 */
export async function profileOf(
  db: Kysely<Database>,
  userId: string,
  identityId: string | null,
): Promise<Profile> {
  const user = await profileRow(db, userId);
  if (!user) throw notFound('User');
  const identities = await identitiesOf(db, userId);
  const groups = await groupNamesOf(db, userId);
  const active = identities.find((i) => i.id === identityId) ?? null;
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    name: `${user.first_name} ${user.last_name}`.trim(),
    clients: identities.flatMap((i) => (i.clientId ? [{ id: i.clientId, name: i.clientName }] : [])),
    terms_ack: user.terms_ack === 1,
    first_login: user.first_login === 1,
    license: active?.license ?? null,
    groups: groups.map((name) => ({ name })),
  };
}

/**
 * Changes the password after checking the current one (a wrong one answers 400 INVALID_PASSWORD, not 401,
 * so the client does not sign the user out) and clears first_login. Every other session of the user ends;
 * `sessionId`, the one that changed it, stays signed in.
 */
export async function changePassword(
  app: FastifyInstance,
  userId: string,
  sessionId: string,
  oldPassword: string,
  newPassword: string,
): Promise<void> {
  const currentHash = await passwordHashOf(app.db, userId);
  if (currentHash === undefined) throw notFound('User');
  if (!(await verifyPassword(currentHash, oldPassword))) {
    throw new ApiError(
      400,
      ERROR_CODES.INVALID_PASSWORD,
      'Current password field is not correct',
      ERROR_CAUSES.VALIDATION,
      {
        oldPassword: 'incorrect',
      },
    );
  }
  const passwordHash = await hashPassword(newPassword, app.config.passwordHashCost);
  await app.db.transaction().execute(async (trx) => {
    await setOwnPassword(trx, userId, passwordHash);
    await revokeAllOf(trx, userId, sessionId);
  });
}

/** Records that the user accepted the terms. */
export async function acceptTerms(db: Kysely<Database>, userId: string): Promise<void> {
  await setTermsAccepted(db, userId);
}
