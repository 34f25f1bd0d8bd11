/**
 * Pure tallies of the analytics calls, from what the repository read: progress by state, time-on-task
 * statistics, pass rates, the misconception map and its parameter ranking, and the CSV export (RFC 4180).
 */
import {
  ANALYTICS_CSV_COLUMNS,
  checkResultSchema,
  MISCONCEPTION_VALUES_MAX,
  parametersOfKind,
  PROGRESS_STATES,
  type CheckResult,
  type Misconception,
  type ModuleAnalytics,
  type ModuleProgressSummary,
  type ObjectivePassRate,
  type ProgressState,
  type TimeOnTask,
} from '@larmor/contracts';

/** Progress of one module: `newest` are the module's rows of the repository's newestAttemptStates. */
export function progressOf(
  students: number,
  newest: readonly { state: string; count: number; late: number }[],
): ModuleProgressSummary {
  const states = Object.fromEntries(PROGRESS_STATES.map((s) => [s, 0])) as Record<ProgressState, number>;
  let started = 0;
  let late = 0;
  for (const row of newest) {
    if (!(PROGRESS_STATES as readonly string[]).includes(row.state)) continue;
    states[row.state as ProgressState] += row.count;
    started += row.count;
    late += row.late;
  }
  states.notStarted = Math.max(0, students - started);
  return { students, states, late };
}

/** The middle value of sorted `values` (mean of the two middle ones for an even count). */
function median(sorted: readonly number[]): number {
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Time on task over the students' totals (`perStudent`: one row per student with sessions, seconds [s]). */
export function timeOnTaskOf(perStudent: readonly { sessions: number; seconds: number }[]): TimeOnTask {
  const seconds = perStudent.map((r) => r.seconds).sort((a, b) => a - b);
  const total = seconds.reduce((sum, s) => sum + s, 0);
  const n = seconds.length;
  return {
    studentsWithSessions: n,
    sessions: perStudent.reduce((sum, r) => sum + r.sessions, 0),
    totalSeconds: total,
    medianSeconds: n === 0 ? null : median(seconds),
    meanSeconds: n === 0 ? null : total / n,
    maxSeconds: n === 0 ? null : (seconds[n - 1] ?? 0),
  };
}

/** A module objective as the tallies need it. */
export interface ObjectiveInfo {
  id: string;
  kind: string;
  title: string;
}

/** The checks of each submission (JSON text of attempt_grades.checks), parsed with the contract. */
export function parseChecks(documents: readonly string[]): CheckResult[][] {
  return documents.map((text) => checkResultSchema.array().parse(JSON.parse(text)));
}

type Tallies = Pick<ModuleAnalytics, 'passRates' | 'misconceptions' | 'parameters'>;

/**
 * Pass rates of the module's objectives (in the module's order, then checks of objectives since removed), the
 * misconception map (failed checks, most failures first, with what failing submissions measured) and the
 * parameters behind the failures, most first.
 */
export function talliesOf(
  objectives: readonly ObjectiveInfo[],
  submissions: readonly CheckResult[][],
): Tallies {
  const info = new Map(objectives.map((o) => [o.id, o]));
  const byObjective = new Map<
    string,
    { kind: string; passed: number; total: number; measured: Map<string, number> }
  >(objectives.map((o) => [o.id, { kind: o.kind, passed: 0, total: 0, measured: new Map() }]));
  for (const checks of submissions) {
    for (const check of checks) {
      const entry = byObjective.get(check.objectiveId) ?? {
        kind: check.kind,
        passed: 0,
        total: 0,
        measured: new Map<string, number>(),
      };
      entry.total += 1;
      if (check.passed) entry.passed += 1;
      else {
        const value = check.measured ?? 'Not measurable';
        entry.measured.set(value, (entry.measured.get(value) ?? 0) + 1);
      }
      byObjective.set(check.objectiveId, entry);
    }
  }
  const passRates: ObjectivePassRate[] = [...byObjective].map(([objectiveId, e]) => ({
    objectiveId,
    title: info.get(objectiveId)?.title ?? objectiveId,
    kind: e.kind,
    passed: e.passed,
    submissions: e.total,
    rate: e.total === 0 ? null : e.passed / e.total,
  }));
  const misconceptions: Misconception[] = [...byObjective]
    .filter(([, e]) => e.total > e.passed)
    .map(([objectiveId, e]) => ({
      objectiveId,
      title: info.get(objectiveId)?.title ?? objectiveId,
      kind: e.kind,
      failed: e.total - e.passed,
      submissions: e.total,
      parameters: [...parametersOfKind(e.kind)],
      measured: [...e.measured]
        .map(([value, count]) => ({ value, count }))
        .sort((x, y) => y.count - x.count || x.value.localeCompare(y.value))
        .slice(0, MISCONCEPTION_VALUES_MAX),
    }))
    .sort((x, y) => y.failed - x.failed || x.title.localeCompare(y.title));
  const failures = new Map<string, number>();
  for (const m of misconceptions) {
    for (const parameter of m.parameters) failures.set(parameter, (failures.get(parameter) ?? 0) + m.failed);
  }
  const parameters = [...failures]
    .map(([parameter, count]) => ({ parameter, failures: count }))
    .sort((x, y) => y.failures - x.failures || x.parameter.localeCompare(y.parameter));
  return { passRates, misconceptions, parameters };
}

/**
 * One CSV field, quoted when it holds a comma, quote or line break (RFC 4180). Text that a spreadsheet would
 * read as a formula (=, +, -, @ first) gets a leading apostrophe (OWASP "CSV injection").
 */
function field(value: string | number | null): string {
  const text =
    value === null
      ? ''
      : typeof value === 'string' && /^[=+\-@\t\r]/.test(value)
        ? `'${value}`
        : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

type Row = Record<(typeof ANALYTICS_CSV_COLUMNS)[number], string | number | null>;

const row = (r: Partial<Row> & Pick<Row, 'section' | 'item'>): Row => ({
  title: null,
  value: null,
  count: null,
  total: null,
  rate: null,
  ...r,
});

/**
 * The module's analytics as one CSV table (ANALYTICS_CSV_COLUMNS): progress rows (item = state), time on task
 * [s], pass rates (item = objective), misconceptions (one row per measured value) and parameters.
 */
export function analyticsCsv(a: ModuleAnalytics): string {
  const rows: Row[] = [
    ...Object.entries(a.progress.states).map(([state, count]) =>
      row({ section: 'progress', item: state, count, total: a.progress.students }),
    ),
    row({ section: 'progress', item: 'late', count: a.progress.late, total: a.progress.students }),
    ...(['totalSeconds', 'medianSeconds', 'meanSeconds', 'maxSeconds'] as const).map((key) =>
      row({
        section: 'time_on_task',
        item: key,
        value: a.timeOnTask[key],
        total: a.timeOnTask.studentsWithSessions,
      }),
    ),
    ...a.passRates.map((r) =>
      row({
        section: 'pass_rate',
        item: r.objectiveId,
        title: r.title,
        count: r.passed,
        total: r.submissions,
        rate: r.rate === null ? null : r.rate.toFixed(3),
      }),
    ),
    ...a.misconceptions.flatMap((m) =>
      m.measured.map((v) =>
        row({
          section: 'misconception',
          item: m.objectiveId,
          title: m.title,
          value: v.value,
          count: v.count,
          total: m.submissions,
        }),
      ),
    ),
    ...a.parameters.map((p) => row({ section: 'parameter', item: p.parameter, count: p.failures })),
  ];
  const lines = [
    ANALYTICS_CSV_COLUMNS.join(','),
    ...rows.map((r) => ANALYTICS_CSV_COLUMNS.map((c) => field(r[c])).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
