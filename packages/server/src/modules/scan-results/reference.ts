/**
 * A module's reference scan (issue 14): a teacher (or administrator) marks one of their own scan results of the
 * module as the reference their organisation's students' scan results are compared with. One per module and
 * organisation (migration 0007); a platform administrator's is the fallback for every organisation. Which
 * organisation's applies follows the module's program (`referenceOrganisation`), never the identity a student
 * acts in; only the staff of an organisation holding the program mark one.
 */
import type { ModuleReference } from '@larmor/contracts';
import type { Db } from '../../db/database.ts';
import type { LabReferencesTable } from '../../db/schema.ts';
import { forbidden, invalidField, notFound } from '../../plugins/errors.ts';
import { isoNow } from '../../db/ids.ts';
import type { ContentScope } from '../content/programs/access.ts';
import { findLab } from '../content/labs/repository.ts';
import { relationOf, type ProgramRow } from '../content/programs/repository.ts';
import { loadVisibleProgram, staffHoldOf } from '../content/programs/service.ts';
import { requireReferenceReader } from './reference-access.ts';
import { findScanResult } from './repository.ts';

/** The owner key of a platform administrator's references. */
export const PLATFORM_OWNER = 'platform';

const present = (row: LabReferencesTable): ModuleReference => ({
  labId: row.lab_id,
  scanResultId: row.scan_result_id,
  userId: row.set_by,
  setAt: row.set_at,
});

async function findReference(db: Db, labId: string, ownerKey: string) {
  return db
    .selectFrom('lab_references')
    .selectAll()
    .where('lab_id', '=', labId)
    .where('owner_key', '=', ownerKey)
    .executeTakeFirst();
}

/** The reference that applies to organisation `clientId` (its own, else the platform's), or null. */
export async function referenceFor(
  db: Db,
  labId: string,
  clientId: string | null,
): Promise<ModuleReference | null> {
  const own = clientId === null ? undefined : await findReference(db, labId, clientId);
  const row = own ?? (await findReference(db, labId, PLATFORM_OWNER));
  return row ? present(row) : null;
}

/**
 * The organisation whose reference applies to the caller's view of `program`'s modules: the organisation that
 * owns it; for a global program, the caller's when it is assigned the program; else none (the platform's).
 */
export async function referenceOrganisation(
  db: Db,
  scope: ContentScope,
  program: Pick<ProgramRow, 'id' | 'client_id'>,
): Promise<string | null> {
  if (program.client_id !== null) return program.client_id;
  return (await relationOf(db, scope, program.id)).assignedToCaller ? scope.clientId : null;
}

/** The module's program if the caller sees it: 404 for an unknown module, 403 for one the caller may not see. */
async function visibleProgramOfModule(db: Db, scope: ContentScope, labId: string): Promise<ProgramRow> {
  const lab = await findLab(db, labId);
  if (!lab) throw notFound('Module');
  return loadVisibleProgram(db, scope, lab.program_id);
}

/**
 * The owner key of the references the caller marks on a module they see: their organisation's when it holds the
 * module's program (owns it, or is assigned it), the platform's for platform administrators; 404 for an unknown
 * module, 403 for anyone else (learners, and staff of an organisation that does not hold the program).
 */
async function staffOwnerKey(db: Db, scope: ContentScope, labId: string): Promise<string> {
  const program = await visibleProgramOfModule(db, scope, labId);
  if ((await staffHoldOf(db, scope, program)) !== null && scope.clientId !== null) return scope.clientId;
  if (scope.platformAdmin) return PLATFORM_OWNER;
  throw forbidden('Only teachers and administrators of the module’s organisation mark reference scans');
}

/**
 * GET v1/modules/{labId}/reference: the reference that applies to the caller's view of the module, and whether
 * the caller marks it; a learner reads it only after submitting an attempt of the module (reference-access.ts).
 */
export async function getModuleReference(db: Db, scope: ContentScope, labId: string) {
  const program = await visibleProgramOfModule(db, scope, labId);
  const { canMark } = await requireReferenceReader(db, scope, program, labId);
  const reference = await referenceFor(db, labId, await referenceOrganisation(db, scope, program));
  return { reference, canMark };
}

/** PUT v1/modules/{labId}/reference: the caller's own scan result of this module becomes its reference. */
export async function setModuleReference(
  db: Db,
  scope: ContentScope,
  labId: string,
  scanResultId: string,
): Promise<ModuleReference> {
  const ownerKey = await staffOwnerKey(db, scope, labId);
  const result = await findScanResult(db, scanResultId);
  if (!result) throw notFound('Scan result');
  if (result.user_id !== scope.userId) throw forbidden('Only your own scan result can be a reference');
  if (result.lab_id !== labId)
    throw invalidField('scanResultId', 'module', 'The scan result was made in another module');
  const row: LabReferencesTable = {
    lab_id: labId,
    owner_key: ownerKey,
    scan_result_id: scanResultId,
    set_by: scope.userId,
    set_at: isoNow(),
  };
  await db
    .insertInto('lab_references')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['lab_id', 'owner_key']).doUpdateSet({
        scan_result_id: row.scan_result_id,
        set_by: row.set_by,
        set_at: row.set_at,
      }),
    )
    .execute();
  return present(row);
}

/** DELETE v1/modules/{labId}/reference: the caller's organisation's module has no reference any more. */
export async function clearModuleReference(db: Db, scope: ContentScope, labId: string): Promise<void> {
  const ownerKey = await staffOwnerKey(db, scope, labId);
  const deleted = await db
    .deleteFrom('lab_references')
    .where('lab_id', '=', labId)
    .where('owner_key', '=', ownerKey)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound('Reference scan');
}
