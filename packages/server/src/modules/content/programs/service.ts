/**
 * Program commands. Each checks everything first (who, which organisation, which ids exist) and then writes in
 * one transaction, so a refused call writes nothing.
 */
import type {
  Archive,
  Program,
  ProgramCreate,
  ProgramListQuery,
  ProgramListResponse,
  ProgramPatch,
  Publish,
} from '@larmor/contracts';
import { forbidden, invalidField, notFound, conflict } from '../../../plugins/errors.ts';
import { isoNow, newId } from '../../../db/ids.ts';
import { coursesOf } from '../courses/repository.ts';
import { labsOfCourses, type LabRecord } from '../labs/repository.ts';
import { canEdit, canSee, freeOnly, isOrganisationStaff, type ContentScope } from './access.ts';
import { isFreeLab, presentProgram, presentProgramSummary } from './presenter.ts';
import {
  assignedClientIdsOf,
  deleteProgram as deleteProgramRow,
  existingClients,
  findProgram,
  findProgramRecords,
  insertProgram,
  listManagedPrograms,
  relationOf,
  replaceAssignments,
  updateProgram,
  type Db,
  type ProgramRow,
} from './repository.ts';
import { checkDeletable } from './usage.ts';

/** The program `id`, or 404. */
export async function loadProgram(db: Db, id: string): Promise<ProgramRow> {
  const program = await findProgram(db, id);
  if (!program) throw notFound('Program');
  return program;
}

/** The program `id` when the caller may edit it: 404 unknown, 403 another organisation's or a learner. */
export async function loadEditableProgram(db: Db, scope: ContentScope, id: string): Promise<ProgramRow> {
  const program = await loadProgram(db, id);
  if (!canEdit(scope, program)) throw forbidden();
  return program;
}

/** The program `id` when the caller may see it as a learner or editor: 404 unknown, 403 otherwise. */
export async function loadVisibleProgram(db: Db, scope: ContentScope, id: string): Promise<ProgramRow> {
  const program = await loadProgram(db, id);
  if (!canSee(scope, program, await relationOf(db, scope, id))) throw forbidden();
  return program;
}

/**
 * How the caller's active organisation holds `program` as its staff: `owner` (its own program), `assigned` (a
 * global program assigned to it), or null (not a teacher or administrator there, or not its program). The
 * students' work on a program is its organisation's: a teacher reaches it through this, never through the
 * identity the student acted in.
 */
export async function staffHoldOf(
  db: Db,
  scope: ContentScope,
  program: Pick<ProgramRow, 'id' | 'client_id'>,
): Promise<'owner' | 'assigned' | null> {
  if (!isOrganisationStaff(scope)) return null;
  if (program.client_id !== null) return program.client_id === scope.clientId ? 'owner' : null;
  return (await relationOf(db, scope, program.id)).assignedToCaller ? 'assigned' : null;
}

/** Teachers and administrators of an organisation, and platform administrators, manage content (else 403). */
export function requireContentStaff(scope: ContentScope): void {
  if (!scope.platformAdmin && !isOrganisationStaff(scope)) throw forbidden();
}

/**
 * What a caller sees of a program's modules: editors everything (archived included); learners the live ones,
 * and on the free plan only those within the free plan.
 */
export function visibleLabs(
  scope: ContentScope,
  program: ProgramRow,
  labs: readonly LabRecord[],
): LabRecord[] {
  if (canEdit(scope, program)) return [...labs];
  return labs.filter((lab) => lab.archived === 0 && (!freeOnly(scope) || isFreeLab(lab)));
}

/** The modules of `courses` (of `program`) the caller may see, as `visibleLabs` keeps them. */
export async function visibleLabsOfCourses(
  db: Db,
  scope: ContentScope,
  program: ProgramRow,
  courses: readonly { id: string }[],
): Promise<LabRecord[]> {
  return visibleLabs(
    scope,
    program,
    await labsOfCourses(
      db,
      courses.map((c) => c.id),
    ),
  );
}

/** The program as the caller may see it, courses and modules in order. */
export async function programDetail(db: Db, scope: ContentScope, program: ProgramRow): Promise<Program> {
  const [record] = await findProgramRecords(db, [program.id]);
  if (!record) throw notFound('Program');
  const editor = canEdit(scope, program);
  const courses = (await coursesOf(db, program.id)).filter((c) => editor || c.archived === 0);
  const labs = await visibleLabsOfCourses(db, scope, program, courses);
  const assigned = editor ? await assignedClientIdsOf(db, program.id) : [];
  return presentProgram(record, scope, assigned, courses, labs);
}

export async function listPrograms(
  db: Db,
  scope: ContentScope,
  query: ProgramListQuery,
): Promise<ProgramListResponse> {
  requireContentStaff(scope);
  const { rows, total } = await listManagedPrograms(db, scope, query);
  return {
    items: rows.map((row) => presentProgramSummary(row, scope)),
    total,
    page: query.page,
    per_page: query.per_page,
  };
}

/** Organisations to assign must exist (else 404). */
async function checkClients(db: Db, ids: readonly string[]): Promise<void> {
  const existing = await existingClients(db, ids);
  const unknown = ids.find((id) => !existing.has(id));
  if (unknown !== undefined) throw notFound(`Organisation ${unknown}`);
}

/** A cover must be an image uploaded to this program (else 400). */
async function checkCover(
  db: Db,
  programId: string | null,
  uploadId: string | null | undefined,
): Promise<void> {
  if (uploadId === null || uploadId === undefined) return;
  const upload =
    programId === null
      ? undefined
      : await db
          .selectFrom('uploads')
          .select('kind')
          .where('id', '=', uploadId)
          .where('program_id', '=', programId)
          .executeTakeFirst();
  if (upload?.kind !== 'image') {
    throw invalidField(
      'coverUploadId',
      'image_upload',
      'The cover must be an image uploaded to this program',
    );
  }
}

/** The organisation a new program belongs to, or null for a global one; 403/404/400 as the rules say. */
async function owningClient(db: Db, scope: ContentScope, body: ProgramCreate): Promise<string | null> {
  if (body.global) {
    if (!scope.platformAdmin) throw forbidden('Only platform administrators make global programs');
    return null;
  }
  const clientId = body.clientId ?? scope.clientId;
  if (clientId === null) {
    throw invalidField('clientId', 'required', 'Name the organisation the program belongs to');
  }
  if (!scope.platformAdmin && clientId !== scope.clientId) throw forbidden();
  await checkClients(db, [clientId]);
  return clientId;
}

export async function createProgram(db: Db, scope: ContentScope, body: ProgramCreate): Promise<Program> {
  requireContentStaff(scope);
  const clientId = await owningClient(db, scope, body);
  await checkClients(db, body.assignedClientIds);
  await checkCover(db, null, body.coverUploadId);
  const now = isoNow();
  const row: ProgramRow = {
    id: newId(),
    client_id: clientId,
    title: body.title,
    summary: body.summary,
    description: body.description,
    cover_upload_id: null,
    status: 'draft',
    enrollment: body.enrollment,
    free_catalogue: body.freeCatalogue ? 1 : 0,
    created_by: scope.userId,
    created_at: now,
    updated_at: now,
  };
  await db.transaction().execute(async (trx) => {
    await insertProgram(trx, row);
    await replaceAssignments(trx, row.id, body.assignedClientIds);
  });
  return programDetail(db, scope, row);
}

export async function patchProgram(
  db: Db,
  scope: ContentScope,
  id: string,
  patch: ProgramPatch,
): Promise<Program> {
  const program = await loadEditableProgram(db, scope, id);
  const global = program.client_id === null;
  if (!global && patch.freeCatalogue === true) {
    throw invalidField('freeCatalogue', 'global_only', 'Only global programs are in the free catalogue');
  }
  if (!global && patch.assignedClientIds !== undefined && patch.assignedClientIds.length > 0) {
    throw invalidField(
      'assignedClientIds',
      'global_only',
      'Only global programs are assigned to organisations',
    );
  }
  if (patch.assignedClientIds !== undefined) await checkClients(db, patch.assignedClientIds);
  await checkCover(db, id, patch.coverUploadId);
  const set: Partial<ProgramRow> = { updated_at: isoNow() };
  if (patch.title !== undefined) set.title = patch.title;
  if (patch.summary !== undefined) set.summary = patch.summary;
  if (patch.description !== undefined) set.description = patch.description;
  if (patch.coverUploadId !== undefined) set.cover_upload_id = patch.coverUploadId;
  if (patch.enrollment !== undefined) set.enrollment = patch.enrollment;
  if (patch.freeCatalogue !== undefined) set.free_catalogue = patch.freeCatalogue ? 1 : 0;
  await db.transaction().execute(async (trx) => {
    await updateProgram(trx, id, set);
    if (patch.assignedClientIds !== undefined) await replaceAssignments(trx, id, patch.assignedClientIds);
  });
  return programDetail(db, scope, { ...program, ...set });
}

/** Publishing needs at least one live module (409 otherwise); `published: false` takes it back to draft. */
export async function publishProgram(
  db: Db,
  scope: ContentScope,
  id: string,
  body: Publish,
): Promise<Program> {
  const program = await loadEditableProgram(db, scope, id);
  if (body.published) {
    const courses = (await coursesOf(db, id)).filter((c) => c.archived === 0);
    const labs = (
      await labsOfCourses(
        db,
        courses.map((c) => c.id),
      )
    ).filter((l) => l.archived === 0);
    if (labs.length === 0) throw conflict('A program needs at least one module before it is published');
  }
  const set = { status: body.published ? ('published' as const) : ('draft' as const), updated_at: isoNow() };
  await updateProgram(db, id, set);
  return programDetail(db, scope, { ...program, ...set });
}

/** Archiving hides the program from learners and keeps everything; `archived: false` restores it as a draft. */
export async function archiveProgram(
  db: Db,
  scope: ContentScope,
  id: string,
  body: Archive,
): Promise<Program> {
  const program = await loadEditableProgram(db, scope, id);
  const set = { status: body.archived ? ('archived' as const) : ('draft' as const), updated_at: isoNow() };
  await updateProgram(db, id, set);
  return programDetail(db, scope, { ...program, ...set });
}

/** Deletes a program with its courses, modules, enrolments and uploads; answers the upload ids removed. */
export async function deleteProgram(db: Db, scope: ContentScope, id: string): Promise<string[]> {
  await loadEditableProgram(db, scope, id);
  const courses = await coursesOf(db, id);
  const labs = await labsOfCourses(
    db,
    courses.map((c) => c.id),
  );
  await checkDeletable(db, {
    programId: id,
    courseIds: courses.map((c) => c.id),
    labIds: labs.map((l) => l.id),
  });
  const uploads = await db.selectFrom('uploads').select('id').where('program_id', '=', id).execute();
  await deleteProgramRow(db, id);
  return uploads.map((u) => u.id);
}
