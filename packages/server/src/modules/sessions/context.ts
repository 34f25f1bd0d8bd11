/**
 * Loading a session for a call: the caller's own session (another user's answers 403, an unknown id 404),
 * still open (closed or reaped answers 700701, Session expired), with its module, model and configuration.
 */
import {
  ERROR_CODES,
  type AnatomicalModelOption,
  type LabPresets,
  type StartingProtocol,
  type TissueOverride,
} from '@larmor/contracts';
import type { Db } from '../../db/database.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { ApiError, forbidden, notFound } from '../../plugins/errors.ts';
import { anatomicalModelOf } from '../content/labs/model-catalogue.ts';
import { findLab, type LabRecord } from '../content/labs/repository.ts';
import { labJson } from '../content/programs/presenter.ts';
import { defaultConfiguration, presetValues, regionsOf, type ConfigurationValues } from './configuration.ts';
import { closeSession, configurationOf, findSession, type SessionRow } from './repository.ts';
import type { SimulatorRuntime } from '../../plugins/simulator.ts';

export interface LabContext {
  lab: LabRecord;
  model: AnatomicalModelOption;
  sequenceTypes: readonly number[];
  presets: LabPresets;
  lockedPresets: readonly string[];
  tissueOverrides: readonly TissueOverride[];
  startingProtocols: readonly StartingProtocol[];
}

export interface SessionContext extends LabContext {
  session: SessionRow;
  configuration: ConfigurationValues;
  freePlan: boolean;
}

/** The answer to any call on a closed or reaped session (simulator.md §8: code 700701). */
export const sessionExpired = (): ApiError =>
  new ApiError(
    410,
    ERROR_CODES.INSTANCE_NOT_RUNNING,
    'The session has ended (closed, or no keepalive): open the module again',
    'session_closed',
  );

/** The module `labId` with its parsed content and catalogue model; 404 when unknown. */
export async function loadLabContext(db: Db, labId: string): Promise<LabContext> {
  const lab = await findLab(db, labId);
  if (!lab) throw notFound('Module');
  const model = anatomicalModelOf(lab.anatomical_model_id);
  if (!model) throw notFound('Anatomical model');
  const json = labJson(lab);
  return {
    lab,
    model,
    sequenceTypes: json.sequenceTypes,
    presets: json.presets,
    lockedPresets: json.lockedPresets,
    tissueOverrides: json.tissueOverrides,
    startingProtocols: json.startingProtocols,
  };
}

/** The configuration of `session`: defaults, then the module's presets, then the session's own values. */
export async function sessionConfiguration(
  db: Db,
  session: SessionRow,
  lab: LabContext,
): Promise<ConfigurationValues> {
  const values: ConfigurationValues = { ...defaultConfiguration(lab.model), ...presetValues(lab.presets) };
  for (const row of await configurationOf(db, session.id)) {
    if (row.name in values) (values as Record<string, unknown>)[row.name] = JSON.parse(row.value);
  }
  return values;
}

/**
 * The caller's open session `sessionId`, whatever reads it; a session past its keepalive deadline is closed
 * here (as the reaper would) and answers 700701.
 */
export async function loadOwnSession(
  db: Db,
  runtime: SimulatorRuntime,
  caller: AuthContext,
  sessionId: string,
  options: { allowClosed?: boolean } = {},
): Promise<SessionRow> {
  const session = await findSession(db, sessionId);
  if (!session) throw notFound('Session');
  if (session.user_id !== caller.userId) throw forbidden('This session belongs to another user');
  if (options.allowClosed) return session;
  if (session.closed_at !== null) throw sessionExpired();
  const staleBefore = new Date(Date.now() - runtime.reapAfterMs).toISOString();
  if (session.last_keepalive_at < staleBefore) {
    if (await closeSession(db, session.id, new Date().toISOString(), 'reaped')) {
      await runtime.sessionsClosed([session.id]);
    }
    throw sessionExpired();
  }
  return session;
}

/** The caller's open session with its module and configuration. */
export async function loadSessionContext(
  db: Db,
  runtime: SimulatorRuntime,
  caller: AuthContext,
  sessionId: string,
): Promise<SessionContext> {
  const session = await loadOwnSession(db, runtime, caller, sessionId);
  const lab = await loadLabContext(db, session.lab_id);
  return {
    ...lab,
    session,
    configuration: await sessionConfiguration(db, session, lab),
    freePlan: session.free_plan === 1,
  };
}

/** Centimetres per metre (isocenter choices are in cm, patient coordinates in m). */
const CM_PER_M = 100;

/**
 * Where the session's localisers and new stacks are centred (simulator.md §4 isocenter), in patient coordinates
 * [m]: on a model with the Isocenter feature, the selected region's centre, or (no region, selected_region 0)
 * the whole-body isocenter `isocenter` [cm from the soles] on the body's axis; otherwise the model's origin.
 * Also answers the selected region (undefined when none).
 */
export function isocentreOf(context: Pick<SessionContext, 'model' | 'configuration'>): {
  center: [number, number, number];
  regionId: number | undefined;
} {
  if (!context.model.features.includes('Isocenter')) return { center: [0, 0, 0], regionId: undefined };
  const regionId = Number(context.configuration.selected_region);
  const region = regionsOf(context.model).find((r) => r.id === regionId);
  if (region) return { center: [...region.center], regionId: region.id };
  return { center: [0, 0, Number(context.configuration.isocenter) / CM_PER_M], regionId: undefined };
}
