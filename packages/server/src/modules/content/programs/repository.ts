/** SQL of programs and the organisations global programs are assigned to. */
import type { ProgramListQuery } from '@larmor/contracts';
import { toCount, type Db } from '../../../db/database.ts';
import type { ProgramsTable } from '../../../db/schema.ts';
import type { ContentScope, ProgramRelation } from './access.ts';

export type { Db };
export type ProgramRow = ProgramsTable;

type Count = string | number | bigint | null;

/** A program row with what its summary shows. */
export interface ProgramRecord extends ProgramRow {
  clientName: string | null;
  courseCount: number;
  moduleCount: number;
  enrolledCount: number;
}

function programsQuery(db: Db) {
  return db
    .selectFrom('programs as p')
    .leftJoin('clients as c', 'c.id', 'p.client_id')
    .selectAll('p')
    .select((eb) => [
      'c.name as clientName',
      eb
        .selectFrom('courses as co')
        .select((inner) => inner.fn.countAll().as('n'))
        .whereRef('co.program_id', '=', 'p.id')
        .where('co.archived', '=', 0)
        .as('courseCount'),
      eb
        .selectFrom('labs as l')
        .innerJoin('courses as co', 'co.id', 'l.course_id')
        .select((inner) => inner.fn.countAll().as('n'))
        .whereRef('co.program_id', '=', 'p.id')
        .where('co.archived', '=', 0)
        .where('l.archived', '=', 0)
        .as('moduleCount'),
      eb
        .selectFrom('enrollments as e')
        .select((inner) => inner.fn.countAll().as('n'))
        .whereRef('e.program_id', '=', 'p.id')
        .as('enrolledCount'),
    ]);
}

type RawRecord = ProgramRow & {
  clientName: string | null;
  courseCount: unknown;
  moduleCount: unknown;
  enrolledCount: unknown;
};

const toRecord = (row: RawRecord): ProgramRecord => ({
  ...row,
  courseCount: toCount(row.courseCount as Count),
  moduleCount: toCount(row.moduleCount as Count),
  enrolledCount: toCount(row.enrolledCount as Count),
});

export async function findProgram(db: Db, id: string): Promise<ProgramRow | undefined> {
  return db.selectFrom('programs').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findProgramRecords(db: Db, ids: readonly string[]): Promise<ProgramRecord[]> {
  if (ids.length === 0) return [];
  const rows = await programsQuery(db).where('p.id', 'in', ids).execute();
  return rows.map(toRecord);
}

/** The caller's relation to each program of `ids` (assigned to the caller's organisation; enrolled). */
export async function relationsOf(
  db: Db,
  scope: ContentScope,
  ids: readonly string[],
): Promise<Map<string, ProgramRelation>> {
  if (ids.length === 0) return new Map();
  const assigned =
    scope.clientId === null
      ? []
      : await db
          .selectFrom('program_assignments')
          .select('program_id')
          .where('client_id', '=', scope.clientId)
          .where('program_id', 'in', ids)
          .execute();
  const enrolled = await db
    .selectFrom('enrollments')
    .select('program_id')
    .where('user_id', '=', scope.userId)
    .where('program_id', 'in', ids)
    .execute();
  const assignedIds = new Set(assigned.map((row) => row.program_id));
  const enrolledIds = new Set(enrolled.map((row) => row.program_id));
  return new Map(
    ids.map((id) => [id, { assignedToCaller: assignedIds.has(id), enrolled: enrolledIds.has(id) }]),
  );
}

/**
 * The ids of the programs organisation `clientId` holds, as a subquery: its own and the global ones assigned
 * to it. What an organisation's staff read of a student who also belongs elsewhere stays within these.
 */
export function programIdsHeldBy(db: Db, clientId: string) {
  return db
    .selectFrom('programs as held')
    .select('held.id')
    .where((eb) =>
      eb.or([
        eb('held.client_id', '=', clientId),
        eb(
          'held.id',
          'in',
          eb
            .selectFrom('program_assignments as pa')
            .select('pa.program_id')
            .where('pa.client_id', '=', clientId),
        ),
      ]),
    );
}

export async function relationOf(db: Db, scope: ContentScope, id: string): Promise<ProgramRelation> {
  return (await relationsOf(db, scope, [id])).get(id) ?? { assignedToCaller: false, enrolled: false };
}

/**
 * The programs the caller manages or teaches with: platform administrators all; teachers and administrators
 * their organisation's and the global ones assigned to it. Newest first, paged.
 */
export async function listManagedPrograms(db: Db, scope: ContentScope, query: ProgramListQuery) {
  let base = programsQuery(db);
  if (!scope.platformAdmin) {
    const clientId = scope.clientId ?? '';
    base = base.where((eb) =>
      eb.or([
        eb('p.client_id', '=', clientId),
        eb(
          'p.id',
          'in',
          eb.selectFrom('program_assignments').select('program_id').where('client_id', '=', clientId),
        ),
      ]),
    );
  }
  if (query.owner === 'global') base = base.where('p.client_id', 'is', null);
  if (query.owner === 'client') base = base.where('p.client_id', 'is not', null);
  if (query.clientId) base = base.where('p.client_id', '=', query.clientId);
  if (query.status) base = base.where('p.status', '=', query.status);
  if (query.search) {
    // Case-insensitive on both dialects (PostgreSQL's LIKE is case-sensitive); LIKE wildcards are dropped.
    const pattern = `%${query.search.replace(/[%_\\]/g, '').toLowerCase()}%`;
    base = base.where((eb) => eb(eb.fn<string>('lower', ['p.title']), 'like', pattern));
  }
  const total = await db
    .selectFrom(base.as('listed'))
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  const rows = await base
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id')
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
    .execute();
  return { rows: rows.map(toRecord), total: toCount(total?.n as Count) };
}

/**
 * Published programs the caller could see as a learner (a superset: access.ts decides): of or assigned to the
 * active organisation, enrolled, or global (free catalogue and open ones, for individual access).
 */
export async function catalogueCandidates(db: Db, scope: ContentScope): Promise<ProgramRecord[]> {
  const rows = await programsQuery(db)
    .where('p.status', '=', 'published')
    .where((eb) => {
      const anyOf = [
        eb(
          'p.id',
          'in',
          eb.selectFrom('enrollments').select('program_id').where('user_id', '=', scope.userId),
        ),
      ];
      if (scope.clientId !== null) {
        anyOf.push(eb('p.client_id', '=', scope.clientId));
        anyOf.push(
          eb(
            'p.id',
            'in',
            eb.selectFrom('program_assignments').select('program_id').where('client_id', '=', scope.clientId),
          ),
        );
      }
      if (scope.plan !== null) anyOf.push(eb('p.client_id', 'is', null));
      return eb.or(anyOf);
    })
    .execute();
  return rows.map(toRecord);
}

export async function insertProgram(db: Db, row: ProgramRow): Promise<void> {
  await db.insertInto('programs').values(row).execute();
}

export async function updateProgram(db: Db, id: string, set: Partial<Omit<ProgramRow, 'id'>>): Promise<void> {
  await db.updateTable('programs').set(set).where('id', '=', id).execute();
}

export async function deleteProgram(db: Db, id: string): Promise<void> {
  await db.deleteFrom('programs').where('id', '=', id).execute();
}

export async function assignedClientIdsOf(db: Db, programId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('program_assignments')
    .select('client_id')
    .where('program_id', '=', programId)
    .orderBy('client_id')
    .execute();
  return rows.map((r) => r.client_id);
}

export async function replaceAssignments(
  db: Db,
  programId: string,
  clientIds: readonly string[],
): Promise<void> {
  await db.deleteFrom('program_assignments').where('program_id', '=', programId).execute();
  if (clientIds.length === 0) return;
  await db
    .insertInto('program_assignments')
    .values(clientIds.map((clientId) => ({ program_id: programId, client_id: clientId })))
    .execute();
}

export async function existingClients(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('clients').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}
