/**
 * Recording the activity of simulator sessions from outside the session modules (issue 14, attempt replay):
 * hooks on the API's context see each successful session-scoped write, match its route against SESSION_PATHS
 * and log what it changed. Before the write (preHandler) the pulse sequence or configuration value it touches
 * is read, so parameter changes are logged old → new; after it (onSend, before the answer leaves, so a caller
 * that reads the timeline next sees the entry) the answer gives the new state. A failed log write is logged
 * and never fails the call.
 */
import {
  API_PREFIX,
  configurationChangeSchema,
  SESSION_CONFIGURATION_NAMES,
  SESSION_PATHS,
  type SessionConfigurationName,
} from '@larmor/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { isoNow, newId } from '../../db/ids.ts';
import { findPulseSequence, type PulseSequenceRow } from '../sequences/repository.ts';
import { loadLabContext, sessionConfiguration } from '../sessions/context.ts';
import { findSession } from '../sessions/repository.ts';
import { changedFields, type RawChange } from './describe.ts';
import { insertActivity, sessionOwners, type ActivityRow } from './repository.ts';

type Write =
  | 'open'
  | 'collection'
  | 'add'
  | 'addMany'
  | 'patch'
  | 'delete'
  | 'move'
  | 'run'
  | 'cancel'
  | 'configuration';

/** A SESSION_PATHS path as Fastify's route pattern under /api (`{id}` → `:id`). */
const pattern = (path: string): string => `${API_PREFIX}/${path.replace(/\{(\w+)\}/g, ':$1')}`;

const WRITES = new Map<string, Write>([
  [`POST ${pattern(SESSION_PATHS.sessions)}`, 'open'],
  [`POST ${pattern(SESSION_PATHS.collections)}`, 'collection'],
  [`POST ${pattern(SESSION_PATHS.pulseSequences)}`, 'add'],
  [`POST ${pattern(SESSION_PATHS.pulseSequencesMany)}`, 'addMany'],
  [`PATCH ${pattern(SESSION_PATHS.pulseSequence)}`, 'patch'],
  [`DELETE ${pattern(SESSION_PATHS.pulseSequence)}`, 'delete'],
  [`POST ${pattern(SESSION_PATHS.pulseSequenceMove)}`, 'move'],
  [`POST ${pattern(SESSION_PATHS.pulseSequenceRun)}`, 'run'],
  [`POST ${pattern(SESSION_PATHS.pulseSequenceCancel)}`, 'cancel'],
  [`POST ${pattern(SESSION_PATHS.configuration)}`, 'configuration'],
]);

/** Which logged write `request` is, if any. */
export function writeOf(request: FastifyRequest): Write | undefined {
  return WRITES.get(`${request.method} ${request.routeOptions.url ?? ''}`);
}

/** What a write's preHandler read before the change. */
interface Before {
  sequence?: PulseSequenceRow;
  configuration?: RawChange;
}

const before = new WeakMap<FastifyRequest, Before>();

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const stringOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function paramsOf(request: FastifyRequest): { sessionId?: string; id?: string } {
  const params = isObject(request.params) ? request.params : {};
  return { sessionId: stringOf(params['sessionId']), id: stringOf(params['id']) };
}

/** The configuration name a change names (its numeric id is its position from 1). */
function configurationNameOf(id: number | string): SessionConfigurationName | undefined {
  if (typeof id === 'number') return SESSION_CONFIGURATION_NAMES[id - 1];
  return SESSION_CONFIGURATION_NAMES.find((name) => name === id);
}

/** Reads what the write is about to change; unknown sessions or sequences are left to the route to refuse. */
async function readBefore(db: Db, write: Write, request: FastifyRequest): Promise<Before> {
  const { sessionId, id } = paramsOf(request);
  if (sessionId === undefined) return {};
  if (id !== undefined && ['patch', 'delete', 'move', 'run', 'cancel'].includes(write)) {
    return { sequence: await findPulseSequence(db, sessionId, id) };
  }
  if (write === 'configuration') {
    const change = configurationChangeSchema.safeParse(request.body);
    const session = await findSession(db, sessionId);
    const name = change.success ? configurationNameOf(change.data.configurationId) : undefined;
    if (!change.success || !session || name === undefined) return {};
    const values = await sessionConfiguration(db, session, await loadLabContext(db, session.lab_id));
    return { configuration: { name, from: values[name], to: change.data.value } };
  }
  return {};
}

const parsedJson = (payload: unknown): unknown => {
  if (typeof payload !== 'string') return undefined;
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return undefined;
  }
};

const sequenceJson = (row: PulseSequenceRow): { parameters: Json; spatials: Json } => ({
  parameters: JSON.parse(row.parameters) as Json,
  spatials: JSON.parse(row.spatials) as Json,
});

/** The rows a successful write logs: `answer` is its parsed JSON answer. */
export function entriesOf(
  write: Write,
  request: FastifyRequest,
  userId: string,
  answer: unknown,
  was: Before,
): ActivityRow[] {
  const at = isoNow();
  const { sessionId = '', id } = paramsOf(request);
  const row = (kind: string, sequenceId: string | null, detail: Json, session = sessionId): ActivityRow => ({
    id: newId(),
    session_id: session,
    user_id: userId,
    at,
    kind,
    pulse_sequence_id: sequenceId,
    detail: JSON.stringify(detail),
  });
  const body = isObject(request.body) ? request.body : {};
  const answered = isObject(answer) ? answer : {};
  const name = was.sequence?.name;
  switch (write) {
    case 'open': {
      const session = isObject(answered['session']) ? stringOf(answered['session']['id']) : undefined;
      return session ? [row('sessionOpened', null, {}, session)] : [];
    }
    case 'collection':
      return [row('collectionAdded', null, { name: stringOf(answered['name']) })];
    case 'add':
    case 'addMany': {
      const list = Array.isArray(answer) ? answer : [answer];
      return list
        .filter(isObject)
        .map((s) => row('sequenceAdded', stringOf(s['id']) ?? null, { name: stringOf(s['name']) }));
    }
    case 'patch': {
      if (!was.sequence || id === undefined) return [];
      const old = sequenceJson(was.sequence);
      const out: ActivityRow[] = [];
      const newName = stringOf(answered['name']);
      if (newName !== undefined && newName !== name)
        out.push(row('sequenceRenamed', id, { name: newName, from: name, to: newName }));
      const label = newName ?? name;
      if (body['parameters'] !== undefined && isObject(answered['parameters'])) {
        const changes = changedFields(old.parameters, answered['parameters']);
        if (changes.length > 0) out.push(row('parametersChanged', id, { name: label, changes }));
      }
      if (body['spatials'] !== undefined && isObject(answered['spatials'])) {
        const changes = changedFields(old.spatials, answered['spatials']);
        if (changes.length > 0) out.push(row('planningChanged', id, { name: label, changes }));
      }
      return out;
    }
    case 'delete':
      return id === undefined ? [] : [row('sequenceDeleted', id, { name })];
    case 'move': {
      const to = typeof body['position'] === 'number' ? body['position'] : undefined;
      if (id === undefined || to === was.sequence?.seqnum) return [];
      return [row('sequenceMoved', id, { name, from: was.sequence?.seqnum, to })];
    }
    case 'run':
      return [row('scanRun', id ?? null, { name, scanId: stringOf(answered['id']) })];
    case 'cancel':
      // The call answers the latest scan: only a cancelled one is logged (the timeline keeps the first).
      return answered['status'] === 'cancelled'
        ? [row('scanCancelled', id ?? null, { name, scanId: stringOf(answered['id']) })]
        : [];
    case 'configuration': {
      const change = was.configuration;
      if (!change || JSON.stringify(change.from) === JSON.stringify(change.to)) return [];
      return [row('configurationChanged', null, { changes: [change] })];
    }
  }
}

/**
 * Adds the recording hooks to `app` (the API's context: they must be added before the session modules are
 * registered, so that their routes inherit them).
 */
export function addActivityHooks(app: FastifyInstance): void {
  app.addHook('preHandler', async (request: FastifyRequest) => {
    const write = writeOf(request);
    if (!write) return;
    try {
      before.set(request, await readBefore(app.db, write, request));
    } catch (error) {
      request.log.warn({ err: error }, 'activity: could not read the state before the write');
    }
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const write = writeOf(request);
    if (!write || reply.statusCode < 200 || reply.statusCode >= 300 || !request.auth) return payload;
    if (write === 'open' && reply.statusCode !== 201) return payload;
    try {
      const rows = entriesOf(
        write,
        request,
        request.auth.userId,
        parsedJson(payload),
        before.get(request) ?? {},
      );
      await insertActivity(app.db, rows);
    } catch (error) {
      request.log.error({ err: error }, 'activity: could not log a session write');
    }
    return payload;
  });
}

/** Logs `sessionIds` as closed (PUT close or the reaper), by their owners, with the reason. */
export async function recordSessionsClosed(db: Db, sessionIds: readonly string[]): Promise<void> {
  const owners = await sessionOwners(db, sessionIds);
  await insertActivity(
    db,
    owners.map((s) => ({
      id: newId(),
      session_id: s.id,
      user_id: s.user_id,
      at: s.closed_at ?? isoNow(),
      kind: 'sessionClosed',
      pulse_sequence_id: null,
      detail: JSON.stringify({ reason: s.close_reason }),
    })),
  );
}
