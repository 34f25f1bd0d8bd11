/**
 * Issue 27.4: an automatic grade released at once (a module that says so) is said so on the student's grade and
 * on the teacher's rubric, which may still regrade it; a teacher's grade is not called automatic.
 */
import { describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { Grade, LabAttempt } from '@larmor/contracts/attempts';
import { GradePanel } from './GradePanel.tsx';
import { RubricForm } from './RubricForm.tsx';
import { releasedAutomatically } from './submission.ts';
import { renderWithProviders } from '../../../test/providers.testing.tsx';

const GRADE: Grade = {
  checks: [],
  criteria: [{ id: 'weighting', title: 'T2 weighting', points: 1, maxPoints: 2 }],
  comment: '',
  annotations: [],
  score: 1,
  maxScore: 2,
  gradedBy: null,
  gradedAt: null,
  overrides: [],
};
const RELEASED: LabAttempt = {
  id: '00000000-0000-4000-8000-000000000003',
  labId: '00000000-0000-4000-8000-00000000000a',
  userId: '00000000-0000-4000-8000-00000000000b',
  number: 1,
  state: 'released',
  answers: {},
  scanResultIds: [],
  late: false,
  startedAt: '2026-11-01T00:00:00.000Z',
  submittedAt: '2026-11-01T00:10:00.000Z',
  releasedAt: '2026-11-01T00:10:00.000Z',
  regradeReason: null,
  grade: GRADE,
  feedback: [],
};
const BY_TEACHER: LabAttempt = {
  ...RELEASED,
  grade: { ...GRADE, gradedBy: '00000000-0000-4000-8000-00000000000c', gradedAt: '2026-11-02T00:00:00.000Z' },
};

const wrap = (node: React.ReactNode) => renderWithProviders(node);

describe('an automatic grade released at once (issue 27.4)', () => {
  it('is one no teacher gave, released (or under a regrade request); not a submitted or a teacher’s grade', () => {
    expect(releasedAutomatically(RELEASED)).toBe(true);
    expect(releasedAutomatically({ ...RELEASED, state: 'regradeRequested' })).toBe(true);
    expect(releasedAutomatically({ ...RELEASED, state: 'submitted' })).toBe(false);
    expect(releasedAutomatically(BY_TEACHER)).toBe(false);
    expect(releasedAutomatically({ ...RELEASED, grade: null })).toBe(false);
  });

  it('the student reads "Graded automatically and released" with the score; not for a teacher’s grade', () => {
    wrap(<GradePanel attempt={RELEASED} />);
    expect(screen.getByRole('heading', { name: 'Grade: 1 / 2' })).toBeTruthy();
    expect(screen.getByText(/^Graded automatically and released/)).toBeTruthy();
    cleanup();
    wrap(<GradePanel attempt={BY_TEACHER} />);
    expect(screen.queryByText(/Graded automatically/)).toBeNull();
  });

  it('the teacher reads that it was released automatically and may regrade it: Save grade on, Release off until saved', () => {
    wrap(<RubricForm attempt={RELEASED} titles={new Map()} />);
    expect(screen.getByRole('status').textContent).toMatch(
      /^Graded automatically and released when the student/,
    );
    expect((screen.getByRole('button', { name: 'Save grade' }) as HTMLButtonElement).disabled).toBe(false);
    expect(
      (screen.getByRole('button', { name: 'Release to the student' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
