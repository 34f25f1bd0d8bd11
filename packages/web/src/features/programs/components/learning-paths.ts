/**
 * Where learning content lives in the app (platform-shell.md §2) and what the student pages derive from the
 * catalog: pure functions, tested without a DOM.
 */
import type { CatalogItem } from '@larmor/contracts/catalog';

/** The module page inside the browse layout (new UI) — the target after a session closes (simulator.md §2). */
export function browseModulePath(programId: string, courseId: string, labId: string): string {
  return `/browse/${programId}/${courseId}/modules/${labId}`;
}

/**
 * The simulator tab for a module. The session is opened by the simulator page itself (POST v1/sessions with
 * labId and programId, simulator.md §7): until it has an id the route's sessionId is -1, as simulator.md §2 says
 * of a missing one, and the module travels in the query.
 */
export function simulatorEntryPath(programId: string, labId: string): string {
  const query = new URLSearchParams({ programId, labId });
  return `/session/-1/simulator?${query.toString()}`;
}

const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', year: 'numeric' });

/** A due date in words: 'Due 05 Dec 2026', or 'Overdue since 05 Dec 2026' once it has passed. */
export function dueLabel(dueAt: string, nowMs: number): string {
  const due = Date.parse(dueAt);
  const day = DATE_FORMAT.format(due);
  return due < nowMs ? `Overdue since ${day}` : `Due ${day}`;
}

/** A date in words, '05 Dec 2026'. */
export function dateLabel(at: string): string {
  return DATE_FORMAT.format(Date.parse(at));
}

/** The dashboard's programs: enrolled ones, the soonest due date first, those without one after, by title. */
export function dashboardPrograms(items: readonly CatalogItem[]): CatalogItem[] {
  return items
    .filter((item) => item.enrolled)
    .sort((a, b) => {
      const da = a.progress.nextDueAt === null ? Infinity : Date.parse(a.progress.nextDueAt);
      const db = b.progress.nextDueAt === null ? Infinity : Date.parse(b.progress.nextDueAt);
      return da - db || a.program.title.localeCompare(b.program.title);
    });
}

/**
 * What a learner in no program can start with: the programs of the catalogue they may open but are not in (the free
 * catalogue on the free plan), free-catalogue ones first, then open enrolment, then by title.
 */
export function catalogueToJoin(items: readonly CatalogItem[]): CatalogItem[] {
  const rank = (item: CatalogItem) => (item.program.freeCatalogue ? 0 : 2) + (item.canEnroll ? 0 : 1);
  return items
    .filter((item) => !item.enrolled)
    .sort((a, b) => rank(a) - rank(b) || a.program.title.localeCompare(b.program.title));
}

/** "Continue where you left off": the module opened most recently across the enrolled programs, if any. */
export function continueWhereLeftOff(
  items: readonly CatalogItem[],
): { programId: string; programTitle: string; courseId: string; labId: string; title: string } | undefined {
  let latest: CatalogItem | undefined;
  for (const item of items) {
    const opened = item.progress.lastLab?.openedAt;
    if (!item.enrolled || opened === undefined) continue;
    const best = latest?.progress.lastLab?.openedAt;
    if (best === undefined || Date.parse(opened) > Date.parse(best)) latest = item;
  }
  const lab = latest?.progress.lastLab;
  if (latest === undefined || lab === null || lab === undefined) return undefined;
  return {
    programId: latest.program.id,
    programTitle: latest.program.title,
    courseId: lab.courseId,
    labId: lab.id,
    title: lab.title,
  };
}

/**
 * Whether a module can be started now: not before it is available, and while attempts are left or the last one is
 * still in progress (`attemptsLeft` counts it as used).
 */
export function startBlockedReason(
  lab: { availableFrom: string | null; attemptsLeft: number | null },
  nowMs: number,
  attemptInProgress = false,
): string | undefined {
  if (lab.availableFrom !== null && Date.parse(lab.availableFrom) > nowMs) {
    return `Available from ${dateLabel(lab.availableFrom)}`;
  }
  if (lab.attemptsLeft === 0 && !attemptInProgress) return 'No attempts left';
  return undefined;
}
