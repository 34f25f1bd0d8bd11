/**
 * Badges a student earns from their modules (issue 14), computed from their courses overview
 * (GET /v2/users/{userId}/courses/overview): a first submission; each module mastered (a released grade at full
 * score); each course completed (every module's grade released); and punctuality (three or more submissions,
 * none late). Pure, so the rules are tested without a server.
 */
import type { CourseOverview } from '@larmor/contracts/students';

export interface Badge {
  id: string;
  title: string;
  /** What earned it, in words. */
  reason: string;
}

const SUBMITTED_STATES = new Set(['submitted', 'inMarking', 'graded', 'released', 'regradeRequested']);
const PUNCTUAL_MIN_SUBMISSIONS = 3;

export function badgesOf(courses: readonly CourseOverview[]): Badge[] {
  const modules = courses.flatMap((c) => c.modules);
  const submitted = modules.filter((m) => m.state !== null && SUBMITTED_STATES.has(m.state));
  const badges: Badge[] = [];
  if (submitted.length > 0) {
    badges.push({
      id: 'first-submission',
      title: 'First submission',
      reason: 'You submitted your first scan.',
    });
  }
  if (submitted.length >= PUNCTUAL_MIN_SUBMISSIONS && submitted.every((m) => !m.late)) {
    badges.push({
      id: 'punctual',
      title: 'On time',
      reason: `${submitted.length} modules submitted, none late.`,
    });
  }
  for (const m of modules) {
    if (m.score !== null && m.maxScore !== null && m.maxScore > 0 && m.score >= m.maxScore) {
      badges.push({ id: `mastered-${m.labId}`, title: `Mastered: ${m.title}`, reason: 'Full marks.' });
    }
  }
  for (const c of courses) {
    if (
      c.modules.length > 0 &&
      c.modules.every((m) => m.state === 'released' || m.state === 'regradeRequested')
    ) {
      badges.push({
        id: `course-${c.courseId}`,
        title: `Course completed: ${c.title}`,
        reason: `Every module of ${c.programTitle} › ${c.title} is graded.`,
      });
    }
  }
  return badges;
}
