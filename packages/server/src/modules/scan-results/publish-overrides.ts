/**
 * GET v1/programs/{programId}/publish-overrides (issue 21.2): the reasons a program was published although a
 * module's objectives failed its own reference scan (kept by reference-checks.ts `checkReferencesBeforePublish`,
 * migration 0013), newest first, with who gave each and the modules and objectives that failed, named as they
 * read now. The program's editors only (403 otherwise, 404 for an unknown program).
 */
import { labObjectivesSchema, objectiveTitle, type PublishOverrides } from '@larmor/contracts';
import type { Db } from '../../db/database.ts';
import type { ContentScope } from '../content/programs/access.ts';
import { loadEditableProgram } from '../content/programs/service.ts';

/** What `publish_overrides.failing` holds. */
type StoredFailing = { labId: string; objectiveIds: string[] }[];

/** The titles of the modules `labIds` and of their objectives, by module id. */
async function titlesOf(db: Db, labIds: readonly string[]) {
  if (labIds.length === 0) return new Map<string, { title: string; objectives: Map<string, string> }>();
  const labs = await db
    .selectFrom('labs')
    .select(['id', 'title', 'objectives'])
    .where('id', 'in', [...labIds])
    .execute();
  return new Map(
    labs.map((lab) => {
      const objectives = labObjectivesSchema.parse(JSON.parse(lab.objectives));
      return [
        lab.id,
        { title: lab.title, objectives: new Map(objectives.map((o) => [o.id, objectiveTitle(o)])) },
      ];
    }),
  );
}

export async function listPublishOverrides(
  db: Db,
  scope: ContentScope,
  programId: string,
): Promise<PublishOverrides> {
  await loadEditableProgram(db, scope, programId);
  const rows = await db
    .selectFrom('publish_overrides as o')
    .innerJoin('users as u', 'u.id', 'o.set_by')
    .select([
      'o.id',
      'o.reason',
      'o.failing',
      'o.set_at',
      'u.id as user_id',
      'u.username',
      'u.first_name',
      'u.last_name',
    ])
    .where('o.program_id', '=', programId)
    .orderBy('o.set_at', 'desc')
    .orderBy('o.id', 'desc')
    .execute();
  const failing = rows.map((row) => JSON.parse(row.failing) as StoredFailing);
  const titles = await titlesOf(db, [...new Set(failing.flat().map((f) => f.labId))]);
  return {
    overrides: rows.map((row, i) => ({
      id: row.id,
      reason: row.reason,
      failing: (failing[i] ?? []).map((f) => {
        const lab = titles.get(f.labId);
        return {
          labId: f.labId,
          title: lab?.title ?? null,
          objectiveTitles: f.objectiveIds.map((id) => lab?.objectives.get(id) ?? id),
        };
      }),
      setBy: { id: row.user_id, name: `${row.first_name} ${row.last_name}`.trim() || row.username },
      setAt: row.set_at,
    })),
  };
}
