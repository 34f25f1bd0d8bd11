import { describe, expect, it } from 'vitest';
import type { CourseOverview, ModuleProgress } from '@larmor/contracts/students';
import { badgesOf } from './badges.ts';

function lab(id: string, over: Partial<ModuleProgress>): ModuleProgress {
  return {
    labId: id,
    title: `Module ${id}`,
    attempts: 1,
    latestAttemptId: `a-${id}`,
    state: 'submitted',
    late: false,
    submittedAt: '2026-01-01T00:00:00Z',
    score: null,
    maxScore: null,
    ...over,
  };
}

function course(modules: ModuleProgress[]): CourseOverview {
  return { courseId: 'c', title: 'Contrast', programId: 'p', programTitle: 'MRI', archived: false, modules };
}

describe('achievement badges', () => {
  it('earns nothing before a first submission', () => {
    expect(badgesOf([course([lab('1', { state: 'inProgress' }), lab('2', { state: null })])])).toEqual([]);
  });

  it('a first submission; a module at full released score is mastered; every module released completes the course', () => {
    const ids = badgesOf([
      course([
        lab('1', { state: 'released', score: 3, maxScore: 3 }),
        lab('2', { state: 'released', score: 2, maxScore: 3 }),
      ]),
    ]).map((b) => b.id);
    expect(ids).toEqual(['first-submission', 'mastered-1', 'course-c']);
  });

  it('is on time with three submissions and none late, not with a late one', () => {
    const three = [lab('1', {}), lab('2', {}), lab('3', {})];
    expect(badgesOf([course(three)]).map((b) => b.id)).toContain('punctual');
    const late = [...three.slice(0, 2), lab('3', { late: true })];
    expect(badgesOf([course(late)]).map((b) => b.id)).not.toContain('punctual');
  });
});
