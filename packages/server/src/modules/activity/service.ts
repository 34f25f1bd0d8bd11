/**
 * The timeline of an attempt (issue 14, attempt replay): the activity of the student's sessions of the module
 * within the attempt — after the previous attempt's submission (scanning before the first "start" belongs to
 * the first attempt) up to this one's (open-ended while in progress) — with each run's end (finished, failed,
 * or cancelled without a cancel call, e.g. by closing the session) read from the scan itself. Readers: the
 * attempt's student, the attempt's organisation's teachers and admins (attempts/organisation.ts), platform admins.
 */
import {
  activityKindSchema,
  type ActivityKind,
  type AttemptTimeline,
  type TimelineEntry,
} from '@larmor/contracts';
import type { Db } from '../../db/database.ts';
import { forbidden, notFound } from '../../plugins/errors.ts';
import { attemptsOf, findAttempt } from '../attempts/repository.ts';
import { mayReadAttempt } from '../attempts/organisation.ts';
import type { ContentScope } from '../content/programs/access.ts';
import { presentChange, type RawChange } from './describe.ts';
import { activityOfSessions, scanEnds, type ActivityRow } from './repository.ts';

interface Detail {
  name?: string;
  from?: unknown;
  to?: unknown;
  changes?: RawChange[];
  scanId?: string;
  reason?: string | null;
  error?: string | null;
}

const quoted = (name: string | undefined): string => (name ? `“${name}”` : 'a pulse sequence');

/** The one-line summary of an entry. */
function summaryOf(kind: ActivityKind, d: Detail): string {
  const name = quoted(d.name);
  switch (kind) {
    case 'sessionOpened':
      return 'Opened a simulator session';
    case 'sessionClosed':
      return d.reason === 'reaped' ? 'Session closed after inactivity' : 'Closed the simulator session';
    case 'collectionAdded':
      return `Added the scan list ${quoted(d.name)}`;
    case 'sequenceAdded':
      return `Added ${name}`;
    case 'sequenceRenamed':
      return `Renamed ${quoted(typeof d.from === 'string' ? d.from : undefined)} to ${name}`;
    case 'sequenceDeleted':
      return `Deleted ${name}`;
    case 'sequenceMoved':
      return `Moved ${name} from position ${String(d.from ?? '?')} to ${String(d.to ?? '?')}`;
    case 'parametersChanged':
      return `Changed parameters of ${name}`;
    case 'planningChanged':
      return `Changed the planning (slice geometry) of ${name}`;
    case 'configurationChanged':
      return 'Changed the scanner configuration';
    case 'scanRun':
      return `Ran ${name}`;
    case 'scanCancelled':
      return `Cancelled the scan of ${name}`;
    case 'scanFinished':
      return `Scan of ${name} finished`;
    case 'scanFailed':
      return `Scan of ${name} failed${d.error ? `: ${d.error}` : ''}`;
  }
}

/** Order within the same instant: an opening first, a scan's end after its run, a closing last. */
const RANK: Partial<Record<ActivityKind, number>> = {
  sessionOpened: -1,
  scanFinished: 1,
  scanFailed: 1,
  scanCancelled: 1,
  sessionClosed: 2,
};

function present(row: ActivityRow, kind: ActivityKind, detail: Detail): TimelineEntry {
  return {
    id: row.id,
    at: row.at,
    kind,
    sessionId: row.session_id,
    userId: row.user_id,
    pulseSequenceId: row.pulse_sequence_id,
    sequenceName: detail.name ?? null,
    summary: summaryOf(kind, detail),
    changes: (detail.changes ?? []).map(presentChange),
  };
}

/** Each run's end as an entry of its own, unless the student's cancel call is already logged. */
async function scanEndEntries(db: Db, runs: { row: ActivityRow; detail: Detail }[], cancelled: Set<string>) {
  const byScan = new Map(runs.flatMap((r) => (r.detail.scanId ? [[r.detail.scanId, r] as const] : [])));
  const ends = await scanEnds(db, [...byScan.keys()]);
  const entries: TimelineEntry[] = [];
  for (const scan of ends) {
    const run = byScan.get(scan.id);
    if (!run || scan.finished_at === null) continue;
    const kind = ({ finished: 'scanFinished', failed: 'scanFailed', cancelled: 'scanCancelled' } as const)[
      scan.status as 'finished' | 'failed' | 'cancelled'
    ];
    if (kind === undefined || (kind === 'scanCancelled' && cancelled.has(scan.id))) continue;
    const detail: Detail = { name: run.detail.name, scanId: scan.id, error: scan.error_message };
    entries.push(present({ ...run.row, id: `${scan.id}:end`, at: scan.finished_at }, kind, detail));
  }
  return entries;
}

/** GET v1/attempts/{labAttemptId}/timeline. */
export async function attemptTimeline(db: Db, scope: ContentScope, id: string): Promise<AttemptTimeline> {
  const attempt = await findAttempt(db, id);
  if (!attempt) throw notFound('Attempt');
  if (!(await mayReadAttempt(db, scope, attempt))) throw forbidden();
  const earlier = (await attemptsOf(db, attempt.user_id, attempt.lab_id))
    .filter((a) => a.number < attempt.number && a.submitted_at !== null)
    .map((a) => a.submitted_at as string)
    .sort();
  const rows = await activityOfSessions(db, attempt.user_id, attempt.lab_id, {
    after: earlier.at(-1) ?? null,
    until: attempt.submitted_at,
  });
  const entries: TimelineEntry[] = [];
  const runs: { row: ActivityRow; detail: Detail }[] = [];
  const cancelled = new Set<string>();
  for (const row of rows) {
    const kind = activityKindSchema.safeParse(row.kind);
    if (!kind.success) continue;
    const detail = JSON.parse(row.detail) as Detail;
    if (kind.data === 'scanRun') runs.push({ row, detail });
    if (kind.data === 'scanCancelled' && detail.scanId) {
      if (cancelled.has(detail.scanId)) continue;
      cancelled.add(detail.scanId);
    }
    entries.push(present(row, kind.data, detail));
  }
  entries.push(...(await scanEndEntries(db, runs, cancelled)));
  const until = attempt.submitted_at;
  const shown = until === null ? entries : entries.filter((e) => e.at <= until);
  shown.sort((a, b) => a.at.localeCompare(b.at) || (RANK[a.kind] ?? 0) - (RANK[b.kind] ?? 0));
  return { labAttemptId: attempt.id, entries: shown };
}
