/**
 * A module's reference scan (issue 14): a teacher (or administrator) marks one of their own scan results of the
 * module as the reference their organisation's students' scan results are compared with. One per module and
 * organisation (migration 0007); a platform administrator's is the fallback for every organisation.
 */
import type { ModuleReference } from '@larmor/contracts';
import type { Db } from '../../db/database.ts';
import type { LabReferencesTable } from '../../db/schema.ts';
import { forbidden, invalidField, notFound } from '../../plugins/errors.ts';
import { isoNow } from '../auth/opaque-tokens.ts';
import { isOrganisationStaff, type ContentScope } from '../programs/access.ts';
import { findLab } from '../labs/repository.ts';
import { loadVisibleProgram } from '../programs/service.ts';
import { findScanResult } from './repository.ts';

/** The owner key of a platform administrator's references. */
export const PLATFORM_OWNER = 'platform';

const ownerKeyOf = (scope: ContentScope): string | null =>
  isOrganisationStaff(scope) ? scope.clientId : scope.platformAdmin ? PLATFORM_OWNER : null;

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

/** 404 for an unknown module, 403 for one the caller may not see. */
async function assertVisibleModule(db: Db, scope: ContentScope, labId: string): Promise<void> {
  const lab = await findLab(db, labId);
  if (!lab) throw notFound('Module');
  await loadVisibleProgram(db, scope, lab.program_id);
}

/** The staff caller's organisation key for a module they see; 404 for an unknown module, 403 for learners. */
async function staffOwnerKey(db: Db, scope: ContentScope, labId: string): Promise<string> {
  await assertVisibleModule(db, scope, labId);
  const key = ownerKeyOf(scope);
  if (key === null) throw forbidden('Only teachers and administrators mark reference scans');
  return key;
}

/** GET v1/modules/{labId}/reference: the reference that applies to the caller's organisation. */
export async function getModuleReference(db: Db, scope: ContentScope, labId: string) {
  await assertVisibleModule(db, scope, labId);
  return { reference: await referenceFor(db, labId, scope.clientId) };
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
