/**
 * Issue 19.1: an attempt belongs to the organisation that owns its module's program (for a global program, the
 * assigned organisation the student takes it through), no longer to the identity the student acted in. Attempts
 * stored before the fix keep their old organisation, which analytics count by; this migration gives each the
 * organisation it belongs to: the owner of its program, or for a global program whose stored organisation is not
 * assigned the program, the one assigned organisation the student belongs to (none when there are several or none).
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Database } from '../schema.ts';

export const attemptOrganisationsMigration: Migration = {
  async up(untyped: Kysely<unknown>): Promise<void> {
    const db = untyped as Kysely<Database>;
    const attempts = await db
      .selectFrom('lab_attempts as a')
      .innerJoin('labs as l', 'l.id', 'a.lab_id')
      .innerJoin('courses as c', 'c.id', 'l.course_id')
      .innerJoin('programs as p', 'p.id', 'c.program_id')
      .select(['a.id', 'a.user_id', 'a.client_id', 'p.id as program_id', 'p.client_id as owner_id'])
      .execute();
    const assignedOf = new Map<string, Set<string>>();
    for (const a of await db
      .selectFrom('program_assignments')
      .select(['program_id', 'client_id'])
      .execute()) {
      const set = assignedOf.get(a.program_id) ?? new Set<string>();
      set.add(a.client_id);
      assignedOf.set(a.program_id, set);
    }
    for (const attempt of attempts) {
      let owner: string | null = attempt.owner_id;
      if (owner === null) {
        const assigned = assignedOf.get(attempt.program_id) ?? new Set<string>();
        if (attempt.client_id !== null && assigned.has(attempt.client_id)) continue;
        const memberships = await db
          .selectFrom('memberships')
          .select('client_id')
          .where('user_id', '=', attempt.user_id)
          .execute();
        const through = [...new Set(memberships.map((m) => m.client_id).filter((id) => assigned.has(id)))];
        owner = through.length === 1 ? (through[0] ?? null) : null;
      }
      if (owner === attempt.client_id) continue;
      await db.updateTable('lab_attempts').set({ client_id: owner }).where('id', '=', attempt.id).execute();
    }
  },
  async down(): Promise<void> {
    // The organisations the attempts were stored with were the defect; nothing to restore.
  },
};
