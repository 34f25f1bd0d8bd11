/**
 * Tissue characteristics (simulator.md §3, §7): T1 and T2 [ms] of the model's tissues at the field in use.
 * A teacher's edit (no `session_id`) changes the module's overrides, for every session opened afterwards; a
 * student's edit in a session (`session_id`) changes only that session; reset removes the session's own values
 * (back to the module's), or for a teacher without a session the module's overrides (back to the library's).
 */
import { tissueOverridesSchema, type TissueOverride } from '@larmor/contracts';
import { tissueAtField } from '@larmor/mri/tissue';
import { sToMs } from '@larmor/mri';
import type { Db } from '../../db/database.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { invalidField } from '../../plugins/errors.ts';
import { patchLab } from '../content/labs/service.ts';
import { contentScopeOf } from '../content/programs/access.ts';
import { loadVisibleProgram } from '../content/programs/service.ts';
import { loadLabContext, loadSessionContext, type LabContext } from '../sessions/context.ts';
import type { SimulatorRuntime } from '../../plugins/simulator.ts';
import { sessionTissuesOf } from '../scans/service.ts';

interface TissueEdit {
  tissue_characteristic_id: string;
  lab_id: string;
  session_id?: string | undefined;
  t1: number;
  t2: number;
}

/** The tissue list: library values at `b0` [T], then the module's overrides, then the session's. */
function tissueList(
  lab: LabContext,
  b0: number,
  sessionTissues: readonly { tissue: string; t1_ms: number; t2_ms: number }[],
) {
  return lab.model.tissues.map((key) => {
    const library = tissueAtField(key, b0);
    const own = sessionTissues.find((t) => t.tissue === key);
    const module = lab.tissueOverrides.find((o) => o.tissue === key);
    const t1 = own?.t1_ms ?? module?.t1Ms ?? sToMs(library.t1);
    const t2 = own?.t2_ms ?? module?.t2Ms ?? sToMs(library.t2);
    // As the scan snapshot takes them (scans/snapshot.ts): the module's PD stays under a session's edit, its
    // T2* goes with its T2.
    const t2star = own === undefined ? module?.t2StarMs : undefined;
    return {
      id: key,
      type: key,
      t1,
      t2,
      overridden: own !== undefined || module !== undefined,
      ...(module?.pd === undefined ? {} : { pd: module.pd }),
      ...(t2star === undefined ? {} : { t2star }),
    };
  });
}

/** The caller's session `sessionId`, which must be of module `labId` (else 400 on sessionId). */
async function sessionOfLab(
  db: Db,
  runtime: SimulatorRuntime,
  caller: AuthContext,
  labId: string,
  sessionId: string,
) {
  const context = await loadSessionContext(db, runtime, caller, sessionId);
  if (context.lab.id !== labId) throw invalidField('sessionId', 'lab', 'The session is of another module');
  return context;
}

/** GET v1/tissue-characteristics/{labId}/configuration[?sessionId]: who may see the module may read it. */
export async function tissueConfiguration(
  db: Db,
  runtime: SimulatorRuntime,
  caller: AuthContext,
  labId: string,
  sessionId?: string,
) {
  if (sessionId !== undefined) {
    const context = await sessionOfLab(db, runtime, caller, labId, sessionId);
    return tissueList(context, Number(context.configuration.b0field), await sessionTissuesOf(db, sessionId));
  }
  const lab = await loadLabContext(db, labId);
  await loadVisibleProgram(db, await contentScopeOf(db, caller), lab.lab.program_id);
  return tissueList(lab, lab.presets.b0field ?? 1.5, []);
}

/** POST v1/tissue-characteristics/configuration. */
export async function editTissue(db: Db, runtime: SimulatorRuntime, caller: AuthContext, edit: TissueEdit) {
  if (edit.t2 > edit.t1) throw invalidField('t2', 't2_le_t1', 'T2 cannot be longer than T1');
  const key = edit.tissue_characteristic_id;
  if (edit.session_id !== undefined) {
    const context = await loadSessionContext(db, runtime, caller, edit.session_id);
    if (context.lab.id !== edit.lab_id)
      throw invalidField('lab_id', 'lab', 'The session is of another module');
    if (!context.model.tissues.includes(key)) {
      throw invalidField('tissue_characteristic_id', 'tissue', `The model has no tissue '${key}'`);
    }
    await db
      .insertInto('sim_session_tissues')
      .values({ session_id: context.session.id, tissue: key, t1_ms: edit.t1, t2_ms: edit.t2 })
      .onConflict((oc) =>
        oc.columns(['session_id', 'tissue']).doUpdateSet({ t1_ms: edit.t1, t2_ms: edit.t2 }),
      )
      .execute();
    return tissueList(
      context,
      Number(context.configuration.b0field),
      await sessionTissuesOf(db, context.session.id),
    );
  }
  const lab = await loadLabContext(db, edit.lab_id);
  if (!lab.model.tissues.includes(key)) {
    throw invalidField('tissue_characteristic_id', 'tissue', `The model has no tissue '${key}'`);
  }
  // New T1 and T2 replace the module's; its proton density stays, its T2* goes with its T2 (as in the snapshot).
  const previousPd = lab.tissueOverrides.find((o) => o.tissue === key)?.pd;
  const overrides: TissueOverride[] = [
    ...lab.tissueOverrides.filter((o) => o.tissue !== key),
    { tissue: key, t1Ms: edit.t1, t2Ms: edit.t2, ...(previousPd === undefined ? {} : { pd: previousPd }) },
  ];
  tissueOverridesSchema.parse(overrides);
  await patchLab(db, await contentScopeOf(db, caller), lab.lab.id, { tissueOverrides: overrides });
  return tissueList(await loadLabContext(db, lab.lab.id), lab.presets.b0field ?? 1.5, []);
}

/** DELETE v1/tissue-characteristics/{labId}/reset-configuration[?sessionId]. */
export async function resetTissues(
  db: Db,
  runtime: SimulatorRuntime,
  caller: AuthContext,
  labId: string,
  sessionId?: string,
) {
  if (sessionId !== undefined) {
    const context = await sessionOfLab(db, runtime, caller, labId, sessionId);
    await db.deleteFrom('sim_session_tissues').where('session_id', '=', sessionId).execute();
    return tissueList(context, Number(context.configuration.b0field), []);
  }
  const lab = await loadLabContext(db, labId);
  await patchLab(db, await contentScopeOf(db, caller), labId, { tissueOverrides: [] });
  return tissueList({ ...lab, tissueOverrides: [] }, lab.presets.b0field ?? 1.5, []);
}
