/**
 * Commands on a session's collections and pulse sequences. Each checks everything first (scheme allowed by the
 * module and the plan, parameters within @larmor/mri's limits for this scanner), then writes in one
 * transaction, so a refused call writes nothing.
 */
import {
  SESSION_COLLECTIONS_MAX,
  SESSION_PULSE_SEQUENCES_MAX,
  sequenceTypeOf,
  type Collection,
  type PulseSequence,
  type PulseSequenceCreate,
  type PulseSequencePatch,
  type Spatials,
} from '@larmor/contracts';
import {
  REFERENCE_SCANNER,
  FREE_PLAN_LIMITS,
  parameterDefinitions,
  validateFreePlan,
  validateProtocol,
} from '@larmor/mri/sequence';
import { scannerOf, type Protocol, type Scanner, type SequenceFamily } from '@larmor/mri';
import type { Db } from '../../db/database.ts';
import { conflict, invalidField, notFound } from '../../plugins/errors.ts';
import { anatomicalModelOf } from '../content/labs/model-catalogue.ts';
import { isoNow, newId } from '../../db/ids.ts';
import { isocentreOf, type SessionContext } from '../sessions/context.ts';
import { collectionsOf, insertCollection, lockSession, type CollectionRow } from '../sessions/repository.ts';
import { assertNotPrepared } from './prepared-guard.ts';
import { presentCollection, presentPulseSequence } from './presenter.ts';
import {
  allowedScheme,
  assertRunnable,
  defaultSchemeProtocol,
  familyOf,
  joinProtocol,
  splitProtocol,
  startingParametersOf,
} from './protocol.ts';
import type { BlobStore } from '../../blobs/index.ts';
import {
  countPulseSequences,
  deletePulseSequenceRow,
  findPulseSequence,
  insertPulseSequences,
  latestScans,
  pulseSequencesOf,
  scanIdsOfPulseSequence,
  setSeqnums,
  updatePulseSequence,
  type PulseSequenceRow,
} from './repository.ts';

/** The session's pulse sequences by seqnum (of one collection when given), with their latest scans. */
export async function listPulseSequences(
  db: Db,
  sessionId: string,
  collectionId?: string,
): Promise<PulseSequence[]> {
  const rows = await pulseSequencesOf(db, sessionId, collectionId);
  const scans = await latestScans(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => presentPulseSequence(row, scans.get(row.id)));
}

/** The pulse sequence `id` of the session; 404 otherwise. */
export async function loadPulseSequence(db: Db, sessionId: string, id: string): Promise<PulseSequenceRow> {
  const row = await findPulseSequence(db, sessionId, id);
  if (!row) throw notFound('Pulse sequence');
  return row;
}

export async function getPulseSequence(db: Db, sessionId: string, id: string): Promise<PulseSequence> {
  const row = await loadPulseSequence(db, sessionId, id);
  const scans = await latestScans(db, [row.id]);
  return presentPulseSequence(row, scans.get(row.id));
}

/**
 * Where a new pulse sequence of scheme `code` starts in this session: the module's starting protocol for the
 * scheme over the scheme's defaults (issue 20.4). Should the session's scanner refuse it (the student chose
 * another field or gradient), the scheme's defaults, which always run.
 */
export function startingProtocolOf(context: SessionContext, code: number, scanner: Scanner): Protocol {
  const family = familyOf(code);
  const starting = startingParametersOf(context.startingProtocols, code);
  const protocol = defaultSchemeProtocol(family, scanner, context.freePlan, starting);
  const refused = [
    ...validateProtocol(protocol, scanner),
    ...(context.freePlan ? validateFreePlan(protocol, scanner) : []),
  ];
  return refused.length === 0 ? protocol : defaultSchemeProtocol(family, scanner, context.freePlan);
}

/** Creates pulse sequences with their module's starting protocols for this scanner and plan: all or none. */
export async function createPulseSequences(
  db: Db,
  context: SessionContext,
  creates: readonly PulseSequenceCreate[],
): Promise<PulseSequence[]> {
  const sessionId = context.session.id;
  const collections = await collectionsOf(db, sessionId);
  const scanner = scannerOf(context.configuration);
  if (context.model.readingOnly) {
    throw invalidField('pulseSequenceSchemeId', 'reading_only', 'This module shows prepared series only');
  }
  const now = isoNow();
  const drafts = creates.map((create, index): Omit<PulseSequenceRow, 'seqnum'> => {
    const prefix = creates.length > 1 ? `pulseSequences.${index}.` : '';
    const type = allowedScheme(
      create.pulseSequenceSchemeId,
      context.sequenceTypes,
      context.freePlan,
      `${prefix}pulseSequenceSchemeId`,
    );
    if (!collections.some((c) => c.id === create.collectionId)) {
      throw invalidField(`${prefix}collectionId`, 'collection', 'No such collection in this session');
    }
    const split = splitProtocol(startingProtocolOf(context, type.code, scanner));
    // On a model with an isocenter choice the new stack sits at the chosen isocentre (simulator.md §4).
    if (context.model.features.includes('Isocenter')) split.spatials.center = isocentreOf(context).center;
    return {
      id: newId(),
      session_id: sessionId,
      collection_id: create.collectionId,
      scheme_id: create.pulseSequenceSchemeId,
      name: create.name,
      parameters: JSON.stringify(split.parameters),
      spatials: JSON.stringify(split.spatials),
      changed_since_scan: 0,
      created_at: now,
      updated_at: now,
    };
  });
  // Counted under the session's lock, so parallel calls can neither pass the cap nor share a seqnum.
  const rows = await db.transaction().execute(async (trx) => {
    await lockSession(trx, sessionId);
    const count = await countPulseSequences(trx, sessionId);
    if (count + drafts.length > SESSION_PULSE_SEQUENCES_MAX) {
      throw conflict(`A session holds at most ${SESSION_PULSE_SEQUENCES_MAX} pulse sequences`);
    }
    const numbered = drafts.map((draft, index): PulseSequenceRow => ({
      ...draft,
      seqnum: count + index + 1,
    }));
    await insertPulseSequences(trx, numbered);
    return numbered;
  });
  return rows.map((row) => presentPulseSequence(row, undefined));
}

/** Changes a pulse sequence's name, parameters or spatials; 400 with the broken limits, nothing written. */
export async function patchPulseSequence(
  db: Db,
  context: SessionContext,
  id: string,
  patch: PulseSequencePatch,
): Promise<PulseSequence> {
  assertNotPrepared(context);
  const row = await loadPulseSequence(db, context.session.id, id);
  const current = presentPulseSequence(row, undefined);
  const parameters = { ...current.parameters, ...patch.parameters };
  const spatials: Spatials = patch.spatials ?? current.spatials;
  const protocol = joinProtocol(familyOf(row.scheme_id), parameters, spatials);
  assertRunnable(protocol, scannerOf(context.configuration), context.freePlan);
  const changed = patch.parameters !== undefined || patch.spatials !== undefined;
  await updatePulseSequence(db, id, {
    ...(patch.name !== undefined ? { name: patch.name } : {}),
    parameters: JSON.stringify(parameters),
    spatials: JSON.stringify(spatials),
    ...(changed ? { changed_since_scan: 1 as const } : {}),
    updated_at: isoNow(),
  });
  return getPulseSequence(db, context.session.id, id);
}

/** Moves a pulse sequence to `position` (1 = first; beyond the end = last); the others shift. */
export async function movePulseSequence(
  db: Db,
  sessionId: string,
  id: string,
  position: number,
): Promise<PulseSequence[]> {
  await loadPulseSequence(db, sessionId, id);
  const ids = (await pulseSequencesOf(db, sessionId)).map((r) => r.id).filter((other) => other !== id);
  ids.splice(Math.min(position, ids.length + 1) - 1, 0, id);
  await db.transaction().execute((trx) => setSeqnums(trx, ids, isoNow()));
  return listPulseSequences(db, sessionId);
}

/**
 * DELETE …/pulse-sequences/{id}: removes a pulse sequence with its scans and their images (409 while it runs,
 * nothing written); the others close up (seqnums 1…n). Answers the remaining list.
 */
export async function deletePulseSequence(
  db: Db,
  blobs: BlobStore,
  sessionId: string,
  id: string,
): Promise<PulseSequence[]> {
  const row = await loadPulseSequence(db, sessionId, id);
  const latest = (await latestScans(db, [row.id])).get(row.id);
  if (latest?.status === 'running') throw conflict('This pulse sequence is running: cancel it first');
  const scanIds = await scanIdsOfPulseSequence(db, row.id);
  await db.transaction().execute(async (trx) => {
    await deletePulseSequenceRow(trx, row.id);
    const rest = (await pulseSequencesOf(trx, sessionId)).map((r) => r.id);
    await setSeqnums(trx, rest, isoNow());
  });
  for (const scanId of scanIds) {
    for (const key of await blobs.list(`scans/${scanId}/`)) await blobs.delete(key);
  }
  return listPulseSequences(db, sessionId);
}

export async function listCollections(db: Db, sessionId: string): Promise<Collection[]> {
  return (await collectionsOf(db, sessionId)).map(presentCollection);
}

/** The collection row of a new "Scan N" (N one past the session's collections) or of `name`. */
export function newCollectionRow(sessionId: string, position: number, name?: string): CollectionRow {
  return {
    id: newId(),
    session_id: sessionId,
    name: name ?? `Scan ${position}`,
    position,
    created_at: isoNow(),
  };
}

/** Adds a collection ("Scan N" or `name`); 409 when the session holds SESSION_COLLECTIONS_MAX already. */
export async function createCollection(db: Db, sessionId: string, name?: string): Promise<Collection> {
  // Counted under the session's lock, so a burst of parallel calls cannot pass the cap.
  const row = await db.transaction().execute(async (trx) => {
    await lockSession(trx, sessionId);
    const count = (await collectionsOf(trx, sessionId)).length;
    if (count >= SESSION_COLLECTIONS_MAX) {
      throw conflict(`A session holds at most ${SESSION_COLLECTIONS_MAX} collections`);
    }
    const created = newCollectionRow(sessionId, count + 1, name);
    await insertCollection(trx, created);
    return created;
  });
  return presentCollection(row);
}

/** Whether the free plan runs `family` (@larmor/mri FREE_PLAN_LIMITS: SE and GRE). */
const isFreeFamily = (family: string): boolean =>
  (FREE_PLAN_LIMITS.families as readonly string[]).includes(family);

/** The schemes this session may add (the module's, within the plan), in code order. */
export function activeSchemas(context: SessionContext) {
  return context.sequenceTypes
    .map((code) => sequenceTypeOf(code))
    .filter((type) => type !== undefined)
    .filter((type) => !context.freePlan || isFreeFamily(type.family))
    .sort((a, b) => a.code - b.code)
    .map((type) => ({ ...type, id: type.code, free: isFreeFamily(type.family) }));
}

/** The limits of a scheme's parameters on this session's scanner (its default protocol's definitions). */
export function libraryConfiguration(context: SessionContext, schemeId: number) {
  const type = allowedScheme(schemeId, context.sequenceTypes, context.freePlan, 'id');
  const scanner = scannerOf(context.configuration);
  const protocol = defaultSchemeProtocol(type.family as SequenceFamily, scanner, context.freePlan);
  return { schemeId, family: type.family, parameterOptions: parameterDefinitions(protocol, scanner) };
}

/**
 * GET v1/library-parameter-values/{a}/{b}: scheme `a`'s defaults, limits on the reference scanner (1.5 T,
 * 45 mT/m) and spatials for anatomical model `b`.
 */
export function libraryParameterValues(schemeId: number, modelId: number) {
  const type = sequenceTypeOf(schemeId);
  if (!type) throw notFound('Pulse-sequence scheme');
  if (!anatomicalModelOf(modelId)) throw notFound('Anatomical model');
  const protocol = defaultSchemeProtocol(type.family as SequenceFamily, REFERENCE_SCANNER, false);
  const { parameters, spatials } = splitProtocol(protocol);
  return {
    parameterValues: parameters,
    parameterOptions: parameterDefinitions(protocol, REFERENCE_SCANNER),
    spatials,
  };
}

/** The default spatials of a pulse sequence's scheme on its session's scanner. */
export function spatialsDefault(context: SessionContext, row: PulseSequenceRow): Spatials {
  const protocol = defaultSchemeProtocol(familyOf(row.scheme_id), scannerOf(context.configuration), false);
  return splitProtocol(protocol).spatials;
}
