/**
 * The students list of the API bench (issue 14: "the students list at 50 clients (p99)"), measured by api.ts's
 * runner at its regular load (50 concurrent connections) on each database it runs (SQLite, and PostgreSQL when
 * DATABASE_URL is set): `GET /api/v2/clients/{groupId}/users` (first page, 20 by last name) as the seeded demo
 * teacher acting in the demo organisation, after BENCH_STUDENTS more students joined it (the demo's two would
 * measure an empty list). Figures: `<db>.students.*`.
 */
import crypto from 'node:crypto';
import type { Db } from '@larmor/server/db/database';
import type { Options as AutocannonOptions } from 'autocannon';

type Measure = (options: AutocannonOptions) => Promise<{ perSec: number; p99Ms: number }>;

const TEACHER = { username: 'teacher', password: 'larmor-teacher' };

/** Students added to the demo organisation before measuring: a large school's intake. */
export const BENCH_STUDENTS = 2_000;
/** Rows per insert statement (well under SQLite's 32,766 bound variables at 12 columns). */
const INSERT_BATCH = 500;

/** Adds `count` active students (no password: they never sign in) to organisation `clientId`. */
async function addStudents(db: Db, clientId: string, count: number): Promise<void> {
  const now = new Date().toISOString();
  for (let start = 0; start < count; start += INSERT_BATCH) {
    const users = Array.from({ length: Math.min(INSERT_BATCH, count - start) }, (_, i) => {
      const n = String(start + i).padStart(5, '0');
      return {
        id: crypto.randomUUID(),
        username: `bench-student-${n}`,
        email: `bench-student-${n}@example.test`,
        first_name: 'Bench',
        last_name: `Student ${n}`,
        password_hash: null,
        role: 'Student' as const,
        status: 'active' as const,
        terms_ack: 1 as const,
        first_login: 0 as const,
        created_at: now,
        updated_at: now,
      };
    });
    await db.insertInto('users').values(users).execute();
    await db
      .insertInto('memberships')
      .values(
        users.map((u) => ({
          id: crypto.randomUUID(),
          user_id: u.id,
          client_id: clientId,
          role: 'Student' as const,
          created_at: now,
        })),
      )
      .execute();
  }
}

export async function studentsFigures(
  prefix: string,
  address: string,
  db: Db,
  measure: Measure,
): Promise<Record<string, number>> {
  const signIn = await fetch(`${address}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(TEACHER),
  });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  const me = (await (await fetch(`${address}/api/v2/me/`, { headers })).json()) as {
    activeClientId: string | null;
  };
  if (me.activeClientId === null) throw new Error('the demo teacher acts in no organisation');
  await addStudents(db, me.activeClientId, BENCH_STUDENTS);
  const url = `${address}/api/v2/clients/${me.activeClientId}/users?page=1&per_page=20&order_by=last_name`;
  const first = await fetch(url, { headers });
  if (!first.ok) throw new Error(`the students list answered ${first.status}`);
  const { total } = (await first.json()) as { total: number };
  if (total < BENCH_STUDENTS) throw new Error(`the students list counts ${total}, not ${BENCH_STUDENTS}+`);
  const measured = await measure({ url, headers });
  return { [`${prefix}.students.perSec`]: measured.perSec, [`${prefix}.students.p99.ms`]: measured.p99Ms };
}
