/** Pending deep-linking requests and the content a picker offers (issue 27.3; table of migration 0018). */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { isoNow } from '../../db/ids.ts';
import type { LtiDeepLinksTable } from '../../db/schema.ts';

export type DeepLinkRow = Selectable<LtiDeepLinksTable>;

/** Stores a new request, forgetting expired ones. */
export async function insertDeepLink(db: Db, row: Insertable<LtiDeepLinksTable>): Promise<void> {
  await db.deleteFrom('lti_deep_links').where('expires_at', '<', isoNow()).execute();
  await db.insertInto('lti_deep_links').values(row).execute();
}

/** The request `id`, if it has not expired. */
export function liveDeepLink(db: Db, id: string): Promise<DeepLinkRow | undefined> {
  return db
    .selectFrom('lti_deep_links')
    .selectAll()
    .where('id', '=', id)
    .where('expires_at', '>=', isoNow())
    .executeTakeFirst();
}

/** Records the teacher's choice and the hash of the token that posts the response (a new choice replaces it). */
export async function chooseContent(
  db: Db,
  id: string,
  contentItem: string,
  responseTokenHash: string,
): Promise<void> {
  await db
    .updateTable('lti_deep_links')
    .set({ content_item: contentItem, response_token_hash: responseTokenHash })
    .where('id', '=', id)
    .execute();
}

/** The chosen, unexpired request of this response token, removed (single use). */
export function takeChosenDeepLink(db: Db, responseTokenHash: string): Promise<DeepLinkRow | undefined> {
  return db
    .deleteFrom('lti_deep_links')
    .where('response_token_hash', '=', responseTokenHash)
    .where('expires_at', '>=', isoNow())
    .where('content_item', 'is not', null)
    .returningAll()
    .executeTakeFirst();
}

/** One module of a published program the organisation owns or is assigned, with its course and program. */
export interface LinkableModule {
  programId: string;
  programTitle: string;
  courseId: string | null;
  courseTitle: string | null;
  labId: string | null;
  labTitle: string | null;
}

/**
 * The modules (and programs) the organisation may link: its own and assigned published programs, their courses
 * and modules that are not archived, in program-title and position order. A program without courses, or a course
 * without modules, appears once with null fields there. `only` narrows to one program or one module.
 */
export async function linkableContent(
  db: Db,
  clientId: string,
  only?: { programId: string } | { labId: string },
): Promise<LinkableModule[]> {
  let query = db
    .selectFrom('programs as p')
    .leftJoin('program_assignments as a', (join) =>
      join.onRef('a.program_id', '=', 'p.id').on('a.client_id', '=', clientId),
    )
    .leftJoin('courses as c', (join) => join.onRef('c.program_id', '=', 'p.id').on('c.archived', '=', 0))
    .leftJoin('labs as l', (join) => join.onRef('l.course_id', '=', 'c.id').on('l.archived', '=', 0))
    .select([
      'p.id as programId',
      'p.title as programTitle',
      'c.id as courseId',
      'c.title as courseTitle',
      'l.id as labId',
      'l.title as labTitle',
    ])
    .where('p.status', '=', 'published')
    .where((eb) => eb.or([eb('p.client_id', '=', clientId), eb('a.client_id', '=', clientId)]));
  if (only !== undefined && 'programId' in only) query = query.where('p.id', '=', only.programId);
  if (only !== undefined && 'labId' in only) query = query.where('l.id', '=', only.labId);
  return query
    .orderBy('p.title')
    .orderBy('p.id')
    .orderBy('c.position')
    .orderBy('c.id')
    .orderBy('l.position')
    .orderBy('l.id')
    .execute();
}

export function organisationName(db: Db, clientId: string): Promise<string | undefined> {
  return db
    .selectFrom('clients')
    .select('name')
    .where('id', '=', clientId)
    .executeTakeFirst()
    .then((row) => row?.name);
}
