/**
 * Demo data (issue 2): an organisation with an admin, a teacher and two students (one on first login with the
 * terms not accepted), a group and cohort with the students, and an individual free-plan user; and (issue 10)
 * the published program "MRI Fundamentals" with the students enrolled (seed-programs.ts). The passwords
 * are public demo passwords, printed by `larmor start` and listed in the README; never seed a real deployment.
 * The SQL is the modules' repositories'.
 */
import type { Role } from '@larmor/contracts';
import type { Kysely } from 'kysely';
import { hashPassword, PASSWORD_HASH_COST, type PasswordHashCost } from '../modules/auth/passwords.ts';
import { isoNow, newId } from './ids.ts';
import { insertIndividualAccess } from '../modules/auth/repository.ts';
import {
  addCohortMembers,
  addGroupMembers,
  clientIdByName,
  insertClient,
  insertCohort,
  insertGroup,
} from '../modules/organisations/repository.ts';
import { hasAnyUser, insertUser, replaceMemberships, usersHolding } from '../modules/users/repository.ts';
import type { Database } from './schema.ts';
import { seedLearningContent } from './seed-programs.ts';

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
  return !(await hasAnyUser(db));
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
    const [clash] = await usersHolding(
      trx,
      DEMO_USERS.map((u) => u.username),
      [],
    );
    const org = await clientIdByName(trx, DEMO_ORGANISATION);
    if (clash || org)
      throw new Error(
        `The demo data is already there (${clash ? `user '${clash.username}'` : DEMO_ORGANISATION}).`,
      );

    const clientId = await insertClient(trx, DEMO_ORGANISATION, 'trial');
    const groupId = await insertGroup(trx, clientId, 'MRI Basics');
    const cohortId = await insertCohort(trx, groupId, 'Autumn intake');
    const studentIds: string[] = [];
    let adminId: string | null = null;
    for (const [index, demo] of DEMO_USERS.entries()) {
      const userId = newId();
      if (demo.role === 'Admin') adminId ??= userId;
      await insertUser(trx, {
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
      });
      if (demo.access === 'individual') {
        await insertIndividualAccess(trx, userId, 'free');
        continue;
      }
      await replaceMemberships(trx, userId, null, [{ clientId, role: demo.role }]);
      if (demo.role === 'Student') {
        await addGroupMembers(trx, groupId, [userId]);
        await addCohortMembers(trx, cohortId, [userId]);
        studentIds.push(userId);
      }
    }
    if (adminId === null) throw new Error('The demo data needs an administrator to own its program.');
    await seedLearningContent(trx, { clientId, ownerId: adminId, studentIds, now });
  });
  return DEMO_USERS.map(({ username, password, description }) => ({ username, password, description }));
}

/** The accounts as lines for the console. */
export function formatAccounts(accounts: readonly DemoAccount[]): string {
  const lines = accounts.map((a) => `  ${a.username.padEnd(12)} ${a.password.padEnd(20)} ${a.description}`);
  return ['Demo accounts (username, password):', ...lines].join('\n');
}
