import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AnalyticsOptions, ModuleAnalytics } from '@larmor/contracts/analytics';
import { AnalyticsPage } from './AnalyticsPage.tsx';
import { ModuleAnalyticsPanel } from '../components/ModuleAnalyticsPanel.tsx';
import { renderWithProviders } from '../../../test/providers.testing.tsx';

const LAB_ID = '00000000-0000-4000-8000-000000000001';
const COURSE_ID = '00000000-0000-4000-8000-000000000002';

/** Answers GET /api/<path> from `answers`; anything else 404 with the error body. */
function stubApi(answers: Record<string, { status: number; body: unknown }>) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const answer = answers[url.pathname.replace(/^\/api\//, '')] ?? {
      status: 404,
      body: { error: { message: 'Not found', code: 404, cause: 'not found' } },
    };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
}

function renderWithClient(element: React.ReactNode) {
  renderWithProviders(element);
}

const EMPTY_PROGRESS = {
  students: 0,
  states: {
    notStarted: 0,
    inProgress: 0,
    submitted: 0,
    inMarking: 0,
    graded: 0,
    released: 0,
    regradeRequested: 0,
  },
  late: 0,
};
const NO_TIME = {
  studentsWithSessions: 0,
  sessions: 0,
  totalSeconds: 0,
  medianSeconds: null,
  meanSeconds: null,
  maxSeconds: null,
};

function moduleAnswer(overrides: Partial<ModuleAnalytics> = {}): ModuleAnalytics {
  return {
    labId: LAB_ID,
    title: 'Make CSF bright',
    courseId: COURSE_ID,
    cohortId: null,
    progress: EMPTY_PROGRESS,
    timeOnTask: NO_TIME,
    passRates: [],
    misconceptions: [],
    parameters: [],
    ...overrides,
  };
}

describe('the analytics page', () => {
  it('says when the organisation has no courses', async () => {
    const none: AnalyticsOptions = { courses: [], cohorts: [] };
    stubApi({ 'v1/analytics': { status: 200, body: none } });
    renderWithClient(<AnalyticsPage />);
    expect(await screen.findByText('No courses yet')).toBeTruthy();
  });

  it('shows the error of a refused call', async () => {
    stubApi({
      'v1/analytics': { status: 403, body: { error: { message: 'Not authorized', code: 403, cause: null } } },
    });
    renderWithClient(<AnalyticsPage />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/Not authorized/);
  });

  it('a module without students, sessions or submissions says No data', async () => {
    stubApi({ [`v1/analytics/modules/${LAB_ID}`]: { status: 200, body: moduleAnswer() } });
    renderWithClient(<ModuleAnalyticsPanel labId={LAB_ID} cohortId={null} />);
    expect(screen.getByLabelText("Loading the module's analytics")).toBeTruthy();
    expect(await screen.findByText('No data')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
  });

  it('a module with submissions shows progress, pass rates and failed checks as tables beside the charts', async () => {
    const answer = moduleAnswer({
      progress: { ...EMPTY_PROGRESS, students: 2, states: { ...EMPTY_PROGRESS.states, graded: 2 }, late: 1 },
      timeOnTask: {
        ...NO_TIME,
        studentsWithSessions: 2,
        sessions: 3,
        totalSeconds: 1200,
        medianSeconds: 600,
      },
      passRates: [
        { objectiveId: 'w', title: 'T2 weighting', kind: 'weighting', passed: 1, submissions: 2, rate: 0.5 },
      ],
      misconceptions: [
        {
          objectiveId: 'w',
          title: 'T2 weighting',
          kind: 'weighting',
          failed: 1,
          submissions: 2,
          parameters: ['TR', 'TE'],
          measured: [{ value: 'TR 500 ms, TE 15 ms: T1', count: 1 }],
        },
      ],
      parameters: [
        { parameter: 'TE', failures: 1 },
        { parameter: 'TR', failures: 1 },
      ],
    });
    stubApi({ [`v1/analytics/modules/${LAB_ID}`]: { status: 200, body: answer } });
    renderWithClient(<ModuleAnalyticsPanel labId={LAB_ID} cohortId={null} />);
    const states = await screen.findByRole('table', { name: 'Students by state' });
    expect(within(states).getByRole('row', { name: /Graded/ }).textContent).toBe('Graded2');
    expect(screen.getByText('2 students, of whom 1 submitted late')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Pass rate per objective: T2 weighting 50 %' })).toBeTruthy();
    const failed = screen.getByRole('table', { name: 'Failed checks' });
    expect(within(failed).getByText('TR 500 ms, TE 15 ms: T1 (1)')).toBeTruthy();
    expect(screen.getByText('10 min')).toBeTruthy();
  });
});
