/**
 * Commands on simulator sessions: open one for a module (within the active-session limit, code 700700),
 * read the active-session payload, keepalive, close (idempotent), and the configuration.
 */
import {
  ERROR_CAUSES,
  ERROR_CODES,
  SESSION_MAX_ACTIVE,
  type ActiveSession,
  type ConfigurationChange,
  type ConfigurationItem,
  type Session,
  type SessionCreate,
} from '@larmor/contracts';
import { modelInfo } from '@larmor/mri/anatomy';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { ApiError, forbidden, invalidField } from '../../plugins/errors.ts';
import { isoNow, newId } from '../../db/ids.ts';
import { contentScopeOf, freeOnly } from '../content/programs/access.ts';
import { loadVisibleProgram, visibleLabs } from '../content/programs/service.ts';
import { listCollections, listPulseSequences, newCollectionRow } from '../sequences/service.ts';
import { checkConfigurationChange, presentConfiguration } from './configuration.ts';
import { loadLabContext, loadOwnSession, loadSessionContext, type SessionContext } from './context.ts';
import {
  activeSessionOfInstance,
  activeSessionsOf,
  closeSession,
  insertCollection,
  insertSession,
  setConfigurationValue,
  touchSession,
  type SessionRow,
} from './repository.ts';
import type { SimulatorRuntime } from '../../plugins/simulator.ts';
import { openPreparedSeries } from '../sequences/prepared.ts';

/** Scout images every session offers, by id (the plane through the isocenter or the selected region). */
export const SCOUT_IDS = ['axial', 'sagittal', 'coronal'] as const;

export function presentSession(row: SessionRow): Session {
  return {
    id: row.id,
    programId: row.program_id,
    labId: row.lab_id,
    backend: row.backend,
    instanceId: row.instance_id,
    createdAt: row.created_at,
    lastKeepaliveAt: row.last_keepalive_at,
    closedAt: row.closed_at,
    freePlan: row.free_plan === 1,
  };
}

/** The active-session payload (simulator.md §3). */
export async function activeSessionPayload(
  db: Db,
  context: SessionContext,
  collectionId?: string,
): Promise<ActiveSession> {
  const { session, lab, model } = context;
  return {
    session: presentSession(session),
    configuration: presentConfiguration(context.configuration, context.lockedPresets),
    course: { id: lab.course_id },
    lab: { id: lab.id, name: lab.title, anatomicalModelId: model.id },
    regions: (modelInfo(model.engineModelId)?.regions ?? []).map((r) => ({ id: r.id, name: r.name })),
    scoutImages: model.readingOnly ? [] : SCOUT_IDS.map((id) => ({ id, orientation: id })),
    pulseSequences: await listPulseSequences(db, session.id, collectionId),
    collections: await listCollections(db, session.id),
  };
}

/** The time before which a keepalive counts as stale. */
const aliveSince = (runtime: SimulatorRuntime): string =>
  new Date(Date.now() - runtime.reapAfterMs).toISOString();

/**
 * POST v1/sessions: a new session for a module the caller may open, with its first collection "Scan 1"
 * (`created`). With `instanceId` (simulator.md §7: sent by non-production clients to attach to a simulator
 * instance) the caller's active session of this module opened with the same instanceId is answered instead
 * (`created` false; counts as a keepalive, takes no new place); when that instance has ended a new session
 * with that instanceId is opened. A new session of a reading-only module starts with its prepared series running
 * (sequences/prepared.ts).
 */
export async function createSession(
  db: Db,
  runtime: SimulatorRuntime,
  caller: AuthContext,
  body: SessionCreate,
  log: FastifyBaseLogger,
): Promise<{ created: boolean; session: ActiveSession }> {
  const scope = await contentScopeOf(db, caller);
  const lab = await loadLabContext(db, body.labId);
  if (lab.lab.program_id !== body.programId) {
    throw invalidField('labId', 'program', 'This module is not part of that program');
  }
  const program = await loadVisibleProgram(db, scope, body.programId);
  if (visibleLabs(scope, program, [lab.lab]).length === 0) {
    throw freeOnly(scope)
      ? forbidden('This module is not part of the free plan')
      : forbidden('This module is not open');
  }
  if (body.instanceId !== undefined) {
    const attached = await activeSessionOfInstance(
      db,
      caller.userId,
      lab.lab.id,
      body.instanceId,
      aliveSince(runtime),
    );
    if (attached) {
      await touchSession(db, attached.id, isoNow());
      const context = await loadSessionContext(db, runtime, caller, attached.id);
      return { created: false, session: await activeSessionPayload(db, context) };
    }
  }
  const active = await activeSessionsOf(db, caller.userId, aliveSince(runtime));
  if (active.length >= SESSION_MAX_ACTIVE) {
    throw new ApiError(
      409,
      ERROR_CODES.TOO_MANY_ACTIVE_SESSIONS,
      `At most ${SESSION_MAX_ACTIVE} simulator sessions may be open at once: close one first`,
      ERROR_CAUSES.CONFLICT,
    );
  }
  const now = isoNow();
  const row: SessionRow = {
    id: newId(),
    user_id: caller.userId,
    lab_id: lab.lab.id,
    program_id: body.programId,
    backend: lab.lab.backend,
    instance_id: body.instanceId ?? null,
    free_plan: freeOnly(scope) ? 1 : 0,
    created_at: now,
    last_keepalive_at: now,
    closed_at: null,
    close_reason: null,
  };
  await db.transaction().execute(async (trx) => {
    await insertSession(trx, row);
    await insertCollection(trx, newCollectionRow(row.id, 1));
  });
  const context = await loadSessionContext(db, runtime, caller, row.id);
  await openPreparedSeries(db, runtime, log, context);
  return { created: true, session: await activeSessionPayload(db, context) };
}

/** GET v2/sessions/max-allowed. */
export async function maxAllowed(db: Db, runtime: SimulatorRuntime, caller: AuthContext) {
  const active = await activeSessionsOf(db, caller.userId, aliveSince(runtime));
  return { maxAllowed: SESSION_MAX_ACTIVE, active: active.length };
}

/** GET me/active-sessions/{labId}/excluded: the caller's active sessions of other modules. */
export async function activeSessionsExcluding(
  db: Db,
  runtime: SimulatorRuntime,
  caller: AuthContext,
  labId: string,
): Promise<Session[]> {
  const active = await activeSessionsOf(db, caller.userId, aliveSince(runtime));
  return active.filter((s) => s.lab_id !== labId).map(presentSession);
}

/** GET …/keepalive: the session stays open for another SESSION_REAP_AFTER_MS. */
export async function keepalive(db: Db, runtime: SimulatorRuntime, caller: AuthContext, sessionId: string) {
  const session = await loadOwnSession(db, runtime, caller, sessionId);
  const now = isoNow();
  await touchSession(db, session.id, now);
  return presentSession({ ...session, last_keepalive_at: now });
}

/** GET …/instance-state: running, and the seconds left before the server closes it without keepalive. */
export async function instanceState(
  db: Db,
  runtime: SimulatorRuntime,
  caller: AuthContext,
  sessionId: string,
) {
  const session = await loadOwnSession(db, runtime, caller, sessionId);
  const deadline = Date.parse(session.last_keepalive_at) + runtime.reapAfterMs;
  return { state: 'running' as const, expiresInS: Math.max(0, Math.round((deadline - Date.now()) / 1000)) };
}

/** PUT …/close: closes the session and cancels its running scans; closing a closed session answers it again. */
export async function closeOwnSession(
  db: Db,
  runtime: SimulatorRuntime,
  caller: AuthContext,
  sessionId: string,
): Promise<Session> {
  const session = await loadOwnSession(db, runtime, caller, sessionId, { allowClosed: true });
  if (session.closed_at === null) {
    const now = isoNow();
    if (await closeSession(db, session.id, now, 'closed')) await runtime.sessionsClosed([session.id]);
  }
  return presentSession(await loadOwnSession(db, runtime, caller, sessionId, { allowClosed: true }));
}

/** POST …/configuration: one checked change; answers the whole configuration. */
export async function changeConfiguration(
  db: Db,
  context: SessionContext,
  change: ConfigurationChange,
): Promise<ConfigurationItem[]> {
  const { name, value } = checkConfigurationChange(change, {
    backend: context.session.backend,
    freePlan: context.freePlan,
    model: context.model,
    lockedPresets: context.lockedPresets,
  });
  await setConfigurationValue(db, context.session.id, name, JSON.stringify(value));
  return presentConfiguration({ ...context.configuration, [name]: value }, context.lockedPresets);
}

/** GET …/coils: the model's receive coils (simulator.md §3 unique_name, shown_name). */
export function coilsOf(context: SessionContext) {
  return context.model.coils.map((c) => ({ unique_name: c.uniqueName, shown_name: c.shownName }));
}
