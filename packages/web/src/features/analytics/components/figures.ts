/**
 * Pure shaping of the analytics answers for the charts and their text alternatives: progress states in the
 * attempt's order with their labels, durations in words, percentages, and one-sentence summaries that name a
 * chart's content for screen readers.
 */
import {
  PROGRESS_STATES,
  type ModuleProgressSummary,
  type ObjectivePassRate,
  type ProgressState,
} from '@larmor/contracts/analytics';
import { ATTEMPT_STATE_LABELS } from '#ui/AttemptStateChip.tsx';

export const PROGRESS_STATE_LABELS: Record<ProgressState, string> = {
  notStarted: 'Not started',
  ...ATTEMPT_STATE_LABELS,
};

/** Chart colours of the states (Mantine theme colours; the table beside the chart carries the words). */
export const PROGRESS_STATE_COLORS: Record<ProgressState, string> = {
  notStarted: 'gray.6',
  inProgress: 'blue.6',
  submitted: 'grape.6',
  inMarking: 'orange.6',
  graded: 'teal.6',
  released: 'green.7',
  regradeRequested: 'red.6',
};

/** The states with their labels and counts, in the attempt's order. */
export function progressRows(progress: ModuleProgressSummary) {
  return PROGRESS_STATES.map((state) => ({
    state,
    label: PROGRESS_STATE_LABELS[state],
    count: progress.states[state] ?? 0,
  }));
}

/** A duration [s] in words: "45 s", "12 min", "1 h 05 min". */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** A rate 0–1 as a whole percentage ("67 %"); "—" without submissions. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${Math.round(rate * 100)} %`;
}

/** "Not started 1, In progress 1, Released 1, of 3 students; 1 late": the progress chart's accessible name. */
export function progressSummary(progress: ModuleProgressSummary): string {
  const parts = progressRows(progress)
    .filter((r) => r.count > 0)
    .map((r) => `${r.label} ${r.count}`);
  const body = parts.length === 0 ? 'no students' : parts.join(', ');
  return `Students by state: ${body}, of ${progress.students} students; ${progress.late} late`;
}

/** "T2 weighting 0 %, No wrap 50 %": the pass-rate chart's accessible name. */
export function passRateSummary(rates: readonly ObjectivePassRate[]): string {
  return `Pass rate per objective: ${rates.map((r) => `${r.title} ${formatRate(r.rate)}`).join(', ')}`;
}

/** Whether a module has anything to show: students, sessions or submissions. */
export function hasData(a: {
  progress: ModuleProgressSummary;
  timeOnTask: { sessions: number };
  passRates: readonly ObjectivePassRate[];
}): boolean {
  return a.progress.students > 0 || a.timeOnTask.sessions > 0 || a.passRates.some((r) => r.submissions > 0);
}
