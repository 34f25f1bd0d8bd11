/**
 * A module's objectives against its own reference scan (issue 21): the author sees, before publishing, whether
 * the checks pass the scan they made as the answer; publishing a program whose module fails its own reference
 * is refused (409) unless the author gives a reason, which is kept with who gave it (migration 0013).
 */
import {
  ERROR_CAUSES,
  ERROR_CODES,
  labObjectivesSchema,
  objectiveTitle,
  type CheckResult,
  type Publish,
  type ReferenceEvaluation,
} from '@larmor/contracts';
import type { BlobStore } from '../../blobs/index.ts';
import type { Db } from '../../db/database.ts';
import { ApiError, forbidden, notFound } from '../../plugins/errors.ts';
import { isoNow, newId } from '../../db/ids.ts';
import { gradeScanResults } from '../grading/service.ts';
import { findLab, liveLabsOfPrograms, type LabRecord } from '../content/labs/repository.ts';
import type { ContentScope } from '../content/programs/access.ts';
import { loadEditableProgram, loadVisibleProgram, staffHoldOf } from '../content/programs/service.ts';
import { referenceFor, referenceOrganisation } from './reference.ts';
import { findScanResult } from './repository.ts';

/** The message of the refusal to publish over failing reference checks (the words). */
export const OBJECTIVES_FAIL_REFERENCE = 'Your objectives fail your own reference';

/** The module's objectives checked against the reference scan of organisation `clientId` (its own or the platform's). */
async function evaluate(
  db: Db,
  blobs: BlobStore,
  lab: LabRecord,
  clientId: string | null,
): Promise<ReferenceEvaluation> {
  const reference = await referenceFor(db, lab.id, clientId);
  const objectives = labObjectivesSchema.parse(JSON.parse(lab.objectives));
  const row = reference ? await findScanResult(db, reference.scanResultId) : undefined;
  if (!reference || !row || objectives.length === 0)
    return { labId: lab.id, reference: row ? reference : null, checks: [], passed: true };
  const checks: CheckResult[] = await gradeScanResults(blobs, objectives, [row], {});
  return { labId: lab.id, reference, checks, passed: checks.every((c) => c.passed) };
}

/**
 * GET v1/modules/{labId}/reference/evaluation: for the staff who mark the module's references (its
 * organisation's teachers and administrators, platform administrators); 404 for an unknown module, 403 else.
 * A "diagnose and fix" check is decided without the student's answer, so it fails on its question.
 */
export async function evaluateReference(
  db: Db,
  blobs: BlobStore,
  scope: ContentScope,
  labId: string,
): Promise<ReferenceEvaluation> {
  const lab = await findLab(db, labId);
  if (!lab) throw notFound('Module');
  const program = await loadVisibleProgram(db, scope, lab.program_id);
  if (!scope.platformAdmin && (await staffHoldOf(db, scope, program)) === null)
    throw forbidden('Only teachers and administrators of the module’s organisation check its reference');
  return evaluate(db, blobs, lab, await referenceOrganisation(db, scope, program));
}

/** A live module of the program whose objectives fail its reference, with the checks that fail. */
interface Failing {
  labId: string;
  title: string;
  objectiveIds: string[];
  /** The failing objectives' titles, as the author reads them. */
  objectiveTitles: string[];
}

/** The program's live modules whose objectives fail the reference of the program's organisation. */
async function failingModules(db: Db, blobs: BlobStore, programId: string, clientId: string | null) {
  const failing: Failing[] = [];
  for (const lab of await liveLabsOfPrograms(db, [programId])) {
    const evaluation = await evaluate(db, blobs, lab, clientId);
    if (evaluation.passed) continue;
    const objectives = labObjectivesSchema.parse(JSON.parse(lab.objectives));
    const failed = objectives.filter((o) =>
      evaluation.checks.some((c) => c.objectiveId === o.id && !c.passed),
    );
    failing.push({
      labId: lab.id,
      title: lab.title,
      objectiveIds: failed.map((o) => o.id),
      objectiveTitles: failed.map(objectiveTitle),
    });
  }
  return failing;
}

/**
 * Before POST v1/programs/{programId}/publish publishes: a module whose objectives fail its own reference
 * refuses (409, `validation: {overrideReason: 'required'}`, the modules named) unless `overrideReason` is given;
 * then the reason is kept. Taking a program back to draft checks nothing. Only the program's editors get here.
 */
export async function checkReferencesBeforePublish(
  db: Db,
  blobs: BlobStore,
  scope: ContentScope,
  programId: string,
  body: Publish,
): Promise<void> {
  const program = await loadEditableProgram(db, scope, programId);
  if (!body.published) return;
  const failing = await failingModules(db, blobs, programId, program.client_id);
  if (failing.length === 0) return;
  if (body.overrideReason === undefined) {
    const names = failing.map((f) => `${f.title} (${f.objectiveTitles.join(', ')})`).join('; ');
    throw new ApiError(
      409,
      ERROR_CODES.INVALID_DATA,
      `${OBJECTIVES_FAIL_REFERENCE}: ${names}. Fix the objectives or the reference, or publish with a reason.`,
      ERROR_CAUSES.CONFLICT,
      { overrideReason: 'required' },
    );
  }
  await db
    .insertInto('publish_overrides')
    .values({
      id: newId(),
      program_id: programId,
      reason: body.overrideReason,
      failing: JSON.stringify(failing.map(({ labId, objectiveIds }) => ({ labId, objectiveIds }))),
      set_by: scope.userId,
      set_at: isoNow(),
    })
    .execute();
}
