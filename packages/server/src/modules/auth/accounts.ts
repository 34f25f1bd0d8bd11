/**
 * Account commands: sign-in, self-registration with activation by mail, forgotten password and username,
 * password reset. Every command validates before it writes; multi-row writes run in one transaction.
 */
import {
  ACTIVATION_TOKEN_TTL_S,
  ERROR_CAUSES,
  ERROR_CODES,
  PASSWORD_RESET_TOKEN_TTL_S,
  type RegisterRequest,
  type TokenPair,
} from '@larmor/contracts';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import { isUniqueViolation } from '../../db/database.ts';
import type { Database, UserTokenPurpose } from '../../db/schema.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { activationMail, passwordResetMail, usernameReminderMail } from '../../mail/templates.ts';
import { ApiError, conflict } from '../../plugins/errors.ts';
import { isoNow, newId } from '../../db/ids.ts';
import { hashOpaqueToken, newOpaqueToken } from './opaque-tokens.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';
import {
  activatePendingUser,
  insertIndividualAccess,
  insertLinkToken,
  isAccountTaken,
  markLinkTokenUsed,
  revokeAllOf,
  setPasswordFromLink,
  spendLinkTokensOf,
  unusedLinkToken,
  userByEmail,
  userBySignInName,
  userStatus,
  type Db,
} from './repository.ts';
import { insertUser } from '../users/repository.ts';
import { issueTokens } from './sessions.ts';

const wrongCredentials = (): ApiError =>
  new ApiError(
    401,
    ERROR_CODES.INVALID_PASSWORD,
    'Invalid username or password',
    ERROR_CAUSES.UNAUTHENTICATED,
  );
const invalidLinkToken = (): ApiError =>
  new ApiError(400, ERROR_CODES.INVALID_TOKEN, 'This link is invalid or has expired', null);

/**
 * Sign-in by username or e-mail. Wrong password, unknown user and invited user without a password give the
 * same 401 (INVALID_PASSWORD) after the same argon2 work; a deactivated user gets DEACTIVATED and a not yet
 * activated one INVALID_USER_STATUS, both only once the password is right, so neither reveals an account to
 * a guesser.
 */
export async function login(app: FastifyInstance, username: string, password: string): Promise<TokenPair> {
  const user = await userBySignInName(app.db, username);
  // An invited user has no password yet: like an unknown one, they cost a dummy verification.
  if (!user?.password_hash) {
    await verifyAgainstDummy(password, app.config.passwordHashCost);
    throw wrongCredentials();
  }
  if (!(await verifyPassword(user.password_hash, password))) throw wrongCredentials();
  if (user.status === 'deactivated') {
    throw new ApiError(
      401,
      ERROR_CODES.DEACTIVATED,
      'This account is deactivated',
      ERROR_CAUSES.UNAUTHENTICATED,
    );
  }
  if (user.status !== 'active') {
    throw new ApiError(
      401,
      ERROR_CODES.INVALID_USER_STATUS,
      'Activate your account from the link we sent by e-mail first',
      ERROR_CAUSES.UNAUTHENTICATED,
    );
  }
  return issueTokens(app, user.id);
}

/**
 * Creates a one-time link token for `userId` and answers the token in clear (it is stored hashed). It lives
 * `ttlS` [s], by default the lifetime of its purpose's links.
 */
export async function createLinkToken(
  db: Db,
  userId: string,
  purpose: UserTokenPurpose,
  ttlS: number = purpose === 'activation' ? ACTIVATION_TOKEN_TTL_S : PASSWORD_RESET_TOKEN_TTL_S,
): Promise<string> {
  const token = newOpaqueToken();
  await insertLinkToken(db, userId, purpose, hashOpaqueToken(token), isoNow(ttlS));
  return token;
}

/**
 * Self-registration: a pending Student on the free individual plan, who must accept the terms, plus an
 * activation mail. An existing username or e-mail answers 409.
 */
export async function register(app: FastifyInstance, body: RegisterRequest): Promise<void> {
  const email = body.email.toLowerCase();
  if (await isAccountTaken(app.db, body.username, email)) throw conflict('Email or Username already exists');
  const passwordHash = await hashPassword(body.password, app.config.passwordHashCost);
  const userId = newId();
  const now = isoNow();
  try {
    await app.db.transaction().execute(async (trx) => {
      await insertUser(trx, {
        id: userId,
        username: body.username,
        email,
        first_name: body.firstName,
        last_name: body.lastName,
        password_hash: passwordHash,
        role: 'Student',
        status: 'pending',
        terms_ack: 0,
        first_login: 0,
        created_at: now,
        updated_at: now,
      });
      await insertIndividualAccess(trx, userId, 'free');
      const token = await createLinkToken(trx, userId, 'activation');
      await enqueueMail(trx, email, activationMail(app.config.publicUrl, body.firstName, token));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('Email or Username already exists');
    throw error;
  }
  void app.mail.deliverPending();
}

/** Spends a valid, unused, unexpired link token of `purpose`; answers its user id or throws INVALID_TOKEN. */
async function spendLinkToken(
  trx: Transaction<Database>,
  token: string,
  purpose: UserTokenPurpose,
): Promise<string> {
  const row = await unusedLinkToken(trx, hashOpaqueToken(token), purpose);
  if (!row || row.expires_at <= isoNow()) throw invalidLinkToken();
  if (!(await markLinkTokenUsed(trx, row.id))) throw invalidLinkToken();
  return row.user_id;
}

/** Activates the account of an activation link; a deactivated account stays deactivated. */
export async function activate(app: FastifyInstance, token: string): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    await activatePendingUser(trx, await spendLinkToken(trx, token, 'activation'));
  });
}

/** Mails a password-reset link if an account that is not deactivated has this address; silent otherwise. */
export async function forgotPassword(app: FastifyInstance, email: string): Promise<void> {
  const user = await userByEmail(app.db, email);
  if (!user || user.status === 'deactivated') return;
  await app.db.transaction().execute(async (trx) => {
    const token = await createLinkToken(trx, user.id, 'password_reset');
    await enqueueMail(trx, user.email, passwordResetMail(app.config.publicUrl, user.first_name, token));
  });
  void app.mail.deliverPending();
}

/** Mails the username if an account that is not deactivated has this address; silent otherwise. */
export async function forgotUsername(app: FastifyInstance, email: string): Promise<void> {
  const user = await userByEmail(app.db, email);
  if (!user || user.status === 'deactivated') return;
  await enqueueMail(
    app.db,
    user.email,
    usernameReminderMail(app.config.publicUrl, user.first_name, user.username),
  );
  void app.mail.deliverPending();
}

/**
 * Sets a new password from a reset link. The link proves the mailbox, so a pending account becomes active;
 * other reset links of the user are spent and every refresh token is revoked.
 */
export async function resetPassword(app: FastifyInstance, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password, app.config.passwordHashCost);
  await app.db.transaction().execute(async (trx) => {
    const userId = await spendLinkToken(trx, token, 'password_reset');
    if ((await userStatus(trx, userId)) === 'deactivated') throw invalidLinkToken();
    await setPasswordFromLink(trx, userId, passwordHash);
    await spendLinkTokensOf(trx, userId, 'password_reset');
    await revokeAllOf(trx, userId);
  });
}
