/**
 * The order of learning content: courses within their program and modules (labs) within their course, each by
 * `position` (0, 1, …), written once for both.
 */
import type { Db } from '../../db/database.ts';

/** The column naming the parent an ordered row sits in. */
const PARENT = { courses: 'program_id', labs: 'course_id' } as const;

/** The position after the last row of `table` in `parentId` (0 for the first). */
export async function nextPosition(db: Db, table: keyof typeof PARENT, parentId: string): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('position').as('last'))
    .where(PARENT[table], '=', parentId)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

/** Gives each row of `orderedIds` its index as position. */
export async function setPositions(
  db: Db,
  table: keyof typeof PARENT,
  orderedIds: readonly string[],
  now: string,
): Promise<void> {
  for (const [position, id] of orderedIds.entries()) {
    await db.updateTable(table).set({ position, updated_at: now }).where('id', '=', id).execute();
  }
}
