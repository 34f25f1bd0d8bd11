/**
 * Test data: users, organisations and tokens written straight to the database, so each API test arranges
 * exactly what it needs. Fixture passwords are argon2id hashes at the test configuration's cost, computed
 * once per password (verification follows the cost stored in the hash).
 */
import type { LicenseKind, Role } from '@larmor/contracts';
import type { Kysely } from 'kysely';
import { isoNow, newId } from '../db/ids.ts';
import { signAccessToken } from '../plugins/auth.ts';
import type { Database, UserStatus } from '../db/schema.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { TEST_JWT_SECRET, TEST_PASSWORD_HASH_COST } from './helper.ts';

const hashes = new Map<string, Promise<string>>();

function cachedHash(password: string): Promise<string> {
  let hashed = hashes.get(password);
  if (!hashed) {
    hashed = hashPassword(password, TEST_PASSWORD_HASH_COST);
    hashes.set(password, hashed);
  }
  return hashed;
}

export const DEFAULT_TEST_PASSWORD = 'correct horse battery';

/** A well-formed id (UUID v4) that names nothing: the id of an unknown program, course, module or session. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

export interface TestUser {
  id: string;
  username: string;
  email: string;
  password: string;
  role: Role;
}

export interface UserFixture {
  username?: string;
  email?: string;
  password?: string;
  role?: Role;
  status?: UserStatus;
  termsAck?: boolean;
  firstLogin?: boolean;
}

let counter = 0;
let lastCreatedMs = 0;

/**
 * Creation times that strictly increase from one fixture user to the next: fixtures are written within the
 * same millisecond on a fast machine, and the list's default order (created_at, then the random id) would
 * then put them in a random order.
 */
function nextCreatedAt(): string {
  lastCreatedMs = Math.max(Date.now(), lastCreatedMs + 1);
  return new Date(lastCreatedMs).toISOString();
}

/**
 * Inserts a user (active, terms accepted, no first login unless told) with one sign-in session
 * (fixtureSessionId) and answers its credentials.
 */
export async function createUser(db: Kysely<Database>, fixture: UserFixture = {}): Promise<TestUser> {
  counter += 1;
  const username = fixture.username ?? `user${counter}`;
  const user: TestUser = {
    id: newId(),
    username,
    email: fixture.email ?? `${username}@example.test`,
    password: fixture.password ?? DEFAULT_TEST_PASSWORD,
    role: fixture.role ?? 'Student',
  };
  const now = nextCreatedAt();
  await db
    .insertInto('users')
    .values({
      id: user.id,
      username: user.username,
      email: user.email.toLowerCase(),
      first_name: 'Test',
      last_name: username,
      password_hash: await cachedHash(user.password),
      role: user.role,
      status: fixture.status ?? 'active',
      terms_ack: fixture.termsAck === false ? 0 : 1,
      first_login: fixture.firstLogin ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('auth_sessions')
    .values({ id: fixtureSessionId(user), user_id: user.id, created_at: now, revoked_at: null })
    .execute();
  return user;
}

/** The sign-in session every fixture user starts with, which the tokens of `tokenFor` belong to. */
export function fixtureSessionId(user: Pick<TestUser, 'id'>): string {
  return `fixture-session-${user.id}`;
}

/** Inserts an organisation and answers its id. */
export async function createClient(
  db: Kysely<Database>,
  name: string,
  license: LicenseKind = 'trial',
): Promise<string> {
  const id = newId();
  await db.insertInto('clients').values({ id, name, license, created_at: isoNow() }).execute();
  return id;
}

/** Makes `userId` a member of `clientId` with `role`; answers the membership (identity) id. */
export async function addMembership(
  db: Kysely<Database>,
  userId: string,
  clientId: string,
  role: Role,
): Promise<string> {
  const id = newId();
  await db
    .insertInto('memberships')
    .values({ id, user_id: userId, client_id: clientId, role, created_at: isoNow() })
    .execute();
  return id;
}

/** Gives `userId` individual access on `plan`; answers the identity id. */
export async function addIndividualAccess(
  db: Kysely<Database>,
  userId: string,
  plan: 'free' | 'paid' = 'free',
): Promise<string> {
  const id = newId();
  await db
    .insertInto('individual_access')
    .values({ id, user_id: userId, plan, created_at: isoNow() })
    .execute();
  return id;
}

/** A valid access token for `user` in its fixture session, signed with the test key; `ttlS` may be negative for an expired one. */
export function tokenFor(
  user: Pick<TestUser, 'id' | 'role'>,
  ttlS = 3600,
  identity: string | null = null,
): Promise<string> {
  return signAccessToken(
    TEST_JWT_SECRET,
    { uid: user.id, scope: user.role, identity, sid: fixtureSessionId(user) },
    ttlS,
  );
}

/** `authorization` header for `token`. */
export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}
