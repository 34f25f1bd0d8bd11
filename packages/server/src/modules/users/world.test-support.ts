/**
 * Test data of the administration tests: two organisations, each with an administrator (a Teacher by
 * platform role, Admin by membership), a teacher and a student, plus a platform administrator.
 */
import type { Role } from '@larmor/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { signAccessToken } from '../../plugins/auth.ts';
import {
  addMembership,
  bearer,
  createClient,
  createUser,
  fixtureSessionId,
  tokenFor,
  type TestUser,
} from '../../test/fixtures.ts';
import { TEST_JWT_SECRET } from '../../test/helper.ts';
import { isoNow, newId } from '../../db/ids.ts';

export interface OrganisationWorld {
  clientId: string;
  admin: TestUser;
  /** Bearer headers of the administrator acting in this organisation. */
  adminHeaders: { authorization: string };
  teacher: TestUser;
  teacherHeaders: { authorization: string };
  student: TestUser;
  studentHeaders: { authorization: string };
  groupId: string;
}

export interface World {
  platformAdmin: TestUser;
  platformHeaders: { authorization: string };
  a: OrganisationWorld;
  b: OrganisationWorld;
}

/** Headers of `user` acting as membership `identity` with `scope`. */
export async function headersAs(
  user: TestUser,
  scope: string,
  identity: string | null,
): Promise<{ authorization: string }> {
  return bearer(
    await signAccessToken(
      TEST_JWT_SECRET,
      { uid: user.id, scope, identity, sid: fixtureSessionId(user) },
      3600,
    ),
  );
}

/** Inserts a group of `clientId` and answers its id. */
export async function createGroup(db: Kysely<Database>, clientId: string, name: string): Promise<string> {
  const id = newId();
  await db.insertInto('groups').values({ id, client_id: clientId, name, created_at: isoNow() }).execute();
  return id;
}

async function member(db: Kysely<Database>, clientId: string, prefix: string, role: Role) {
  const user = await createUser(db, {
    username: `${prefix}-${role.toLowerCase()}`,
    role: role === 'Admin' ? 'Teacher' : role,
  });
  const identity = await addMembership(db, user.id, clientId, role);
  return { user, headers: await headersAs(user, role, identity) };
}

async function organisation(db: Kysely<Database>, name: string, prefix: string): Promise<OrganisationWorld> {
  const clientId = await createClient(db, name, 'paid');
  const admin = await member(db, clientId, prefix, 'Admin');
  const teacher = await member(db, clientId, prefix, 'Teacher');
  const student = await member(db, clientId, prefix, 'Student');
  return {
    clientId,
    admin: admin.user,
    adminHeaders: admin.headers,
    teacher: teacher.user,
    teacherHeaders: teacher.headers,
    student: student.user,
    studentHeaders: student.headers,
    groupId: await createGroup(db, clientId, `${name} group`),
  };
}

export async function createWorld(db: Kysely<Database>): Promise<World> {
  const platformAdmin = await createUser(db, { username: 'root-admin', role: 'Admin' });
  return {
    platformAdmin,
    platformHeaders: bearer(await tokenFor(platformAdmin)),
    a: await organisation(db, 'Alpha Hospital', 'alpha'),
    b: await organisation(db, 'Beta University', 'beta'),
  };
}
