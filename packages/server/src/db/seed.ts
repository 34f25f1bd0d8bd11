/**
 * Demo data (issue 2): an organisation with an admin, a teacher and two students (one on first login with the
 * terms not accepted), a group and cohort with the students, and an individual free-plan user. The passwords
 * are public demo passwords, printed by `larmor start` and listed in the README; never seed a real deployment.
 */
import type { Role } from '@larmor/contracts';
import type { Kysely } from 'kysely';
import { hashPassword, PASSWORD_HASH_COST, type PasswordHashCost } from '../modules/auth/passwords.ts';
import { isoNow, newId } from '../modules/auth/opaque-tokens.ts';
import type { Database } from './schema.ts';

export const DEMO_ORGANISATION = 'Larmor Demo Hospital';

export interface DemoAccount {
  username: string;
  password: string;
  description: string;
}

interface DemoUser extends DemoAccount {
  firstName: string;
  lastName: string;
  role: Role;
  /** Member of the demo organisation with `role`, or individual free-plan access. */
  access: 'organisation' | 'individual';
  firstLogin: boolean;
  termsAck: boolean;
}

const DEMO_USERS: DemoUser[] = [
  {
    username: 'admin',
    password: 'larmor-admin',
    description: 'Admin of the demo organisation',
    firstName: 'Ada',
    lastName: 'Admin',
    role: 'Admin',
    access: 'organisation',
    firstLogin: false,
    termsAck: true,
  },
  {
    username: 'teacher',
    password: 'larmor-teacher',
    description: 'Teacher of the demo organisation',
    firstName: 'Tom',
    lastName: 'Teacher',
    role: 'Teacher',
    access: 'organisation',
    firstLogin: false,
    termsAck: true,
  },
  {
    username: 'student',
    password: 'larmor-student',
    description: 'Student of the demo organisation',
    firstName: 'Sam',
    lastName: 'Student',
    role: 'Student',
    access: 'organisation',
    firstLogin: false,
    termsAck: true,
  },
  {
    username: 'newstudent',
    password: 'larmor-newstudent',
    description: 'Student on first login: must accept the terms and change the password',
    firstName: 'Nina',
    lastName: 'Newcomer',
    role: 'Student',
    access: 'organisation',
    firstLogin: true,
    termsAck: false,
  },
  {
    username: 'freeuser',
    password: 'larmor-free',
    description: 'Individual user on the free plan',
    firstName: 'Fred',
    lastName: 'Free',
    role: 'Student',
    access: 'individual',
    firstLogin: false,
    termsAck: true,
  },
];

/** Whether the database has no user yet (the embedded start seeds only then). */
export async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

/**
 * Writes the demo data in one transaction and answers the accounts. Refuses (throws) when the demo
 * organisation or one of the demo usernames already exists, so it never overwrites anyone.
 */
export async function seedDemoData(
  db: Kysely<Database>,
  passwordHashCost: PasswordHashCost = PASSWORD_HASH_COST,
): Promise<DemoAccount[]> {
  const hashes = await Promise.all(DEMO_USERS.map((u) => hashPassword(u.password, passwordHashCost)));
  const now = isoNow();
  await db.transaction().execute(async (trx) => {
    const clash = await trx
      .selectFrom('users')
      .select('username')
      .where(
        'username',
        'in',
        DEMO_USERS.map((u) => u.username),
      )
      .executeTakeFirst();
    const org = await trx
      .selectFrom('clients')
      .select('id')
      .where('name', '=', DEMO_ORGANISATION)
      .executeTakeFirst();
    if (clash || org)
      throw new Error(
        `The demo data is already there (${clash ? `user '${clash.username}'` : DEMO_ORGANISATION}).`,
      );

    const clientId = newId();
    const groupId = newId();
    const cohortId = newId();
    await trx
      .insertInto('clients')
      .values({ id: clientId, name: DEMO_ORGANISATION, license: 'trial', created_at: now })
      .execute();
    await trx
      .insertInto('groups')
      .values({ id: groupId, client_id: clientId, name: 'MRI Basics', created_at: now })
      .execute();
    await trx
      .insertInto('cohorts')
      .values({ id: cohortId, group_id: groupId, name: 'Autumn intake', created_at: now })
      .execute();
    for (const [index, demo] of DEMO_USERS.entries()) {
      const userId = newId();
      await trx
        .insertInto('users')
        .values({
          id: userId,
          username: demo.username,
          email: `${demo.username}@demo.larmor.local`,
          first_name: demo.firstName,
          last_name: demo.lastName,
          password_hash: hashes[index] ?? null,
          role: demo.role,
          status: 'active',
          terms_ack: demo.termsAck ? 1 : 0,
          first_login: demo.firstLogin ? 1 : 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
      if (demo.access === 'individual') {
        await trx
          .insertInto('individual_access')
          .values({ id: newId(), user_id: userId, plan: 'free', created_at: now })
          .execute();
        continue;
      }
      await trx
        .insertInto('memberships')
        .values({ id: newId(), user_id: userId, client_id: clientId, role: demo.role, created_at: now })
        .execute();
      if (demo.role === 'Student') {
        await trx.insertInto('group_members').values({ group_id: groupId, user_id: userId }).execute();
        await trx.insertInto('cohort_members').values({ cohort_id: cohortId, user_id: userId }).execute();
      }
    }
  });
  return DEMO_USERS.map(({ username, password, description }) => ({ username, password, description }));
}

/** The accounts as lines for the console. */
export function formatAccounts(accounts: readonly DemoAccount[]): string {
  const lines = accounts.map((a) => `  ${a.username.padEnd(12)} ${a.password.padEnd(20)} ${a.description}`);
  return ['Demo accounts (username, password):', ...lines].join('\n');
}
