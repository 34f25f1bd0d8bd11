import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { LabAttempt, MarkingQueue } from '@larmor/contracts/attempts';
import type { CatalogResponse } from '@larmor/contracts/catalog';
import type { Lab } from '@larmor/contracts/programs';
import { CatalogPage } from './CatalogPage.tsx';
import { DashboardPage } from './DashboardPage.tsx';
import { ModulePage } from './ModulePage.tsx';
import { NO_PROGRAMS } from '../components/PageStates.tsx';
import { session } from '#lib/session.ts';
import { renderWithProviders } from '../../../test/providers.testing.tsx';

/** How long a page may take to load and render on a busy 2-core machine [ms]. */
const FIND = { timeout: 5_000 };

/** Answers API calls by path (after /api/) from `answers`; anything else is a 404 with the error body. */
function stubApi(answers: Record<string, { status: number; body: unknown }>) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const path = url.pathname.replace(/^\/api\//, '');
    const answer = answers[path] ?? {
      status: 404,
      body: { error: { message: 'Not found', code: 404, cause: 'not found' } },
    };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
}

function renderRoute(path: string, route: string, element: React.ReactNode) {
  const router = createMemoryRouter([{ path: route, element }], { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />);
}

type CatalogItem = CatalogResponse['items'][number];

/** A published, open program in the catalogue that the user may join and has not: `program` over the defaults. */
function catalogItem(program: Partial<CatalogItem['program']>): CatalogItem {
  const moduleCount = program.moduleCount ?? 1;
  return {
    program: {
      id: 'prog',
      title: 'Program',
      summary: '',
      coverImageUrl: null,
      clientId: null,
      clientName: null,
      global: false,
      status: 'published',
      enrollment: 'open',
      freeCatalogue: false,
      courseCount: 1,
      moduleCount,
      enrolledCount: 0,
      canEdit: false,
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
      ...program,
    },
    enrolled: false,
    enrolledAt: null,
    canEnroll: true,
    enrollment: 'open',
    progress: { modulesTotal: moduleCount, modulesCompleted: 0, percent: 0, lastLab: null, nextDueAt: null },
  };
}

const LAB: Lab = {
  id: 'lab1',
  courseId: 'course1',
  programId: 'prog1',
  position: 0,
  archived: false,
  free: true,
  readingOnly: false,
  title: 'Make CSF bright',
  instructions: '## Goal\n\nRaise **TE** until CSF is bright.<img src=x onerror="alert(1)">',
  anatomicalModelId: 1,
  backend: 'cpusim',
  sequenceTypes: [5, 2],
  presets: {},
  lockedPresets: [],
  tissueOverrides: [],
  startingProtocols: [],
  estimatedDurationMin: 20,
  attemptsAllowed: 3,
  attemptsLeft: 2,
  availableFrom: null,
  dueAt: '2099-12-05T12:00:00.000Z',
  releaseAutomaticGrade: false,
  objectives: [],
  competencies: [],
  objectiveSummaries: [],
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

/** The student's third attempt on LAB, in progress. */
const ATTEMPT: LabAttempt = {
  id: '00000000-0000-4000-8000-000000000003',
  labId: '00000000-0000-4000-8000-00000000000a',
  userId: '00000000-0000-4000-8000-00000000000b',
  number: 3,
  state: 'inProgress',
  answers: {},
  scanResultIds: [],
  late: false,
  startedAt: '2026-11-01T00:00:00.000Z',
  submittedAt: null,
  releasedAt: null,
  regradeReason: null,
  grade: null,
  feedback: null,
};

describe('student pages', () => {
  it('the dashboard of a user with no programs says to ask the teacher for an invitation', async () => {
    const empty: CatalogResponse = { items: [], freePlan: false };
    stubApi({ 'v1/catalog': { status: 200, body: empty } });
    renderRoute('/dashboard', '/dashboard', <DashboardPage />);
    expect(await screen.findByText(NO_PROGRAMS, {}, FIND)).toBeTruthy();
  });

  it('the dashboard of a free-plan user in no program shows the free catalogue and a link to it, not "ask your teacher" (issue 20.12a)', async () => {
    const free: CatalogResponse = {
      freePlan: true,
      items: [
        catalogItem({
          id: 'free1',
          title: 'MRI basics (free)',
          summary: 'Spin echo and gradient echo of the brain.',
          global: true,
          freeCatalogue: true,
          moduleCount: 2,
        }),
      ],
    };
    stubApi({ 'v1/catalog': { status: 200, body: free } });
    renderRoute('/dashboard', '/dashboard', <DashboardPage />);
    const section = await screen.findByRole('region', { name: 'Start with the free catalogue' }, FIND);
    expect(section.textContent).toContain('MRI basics (free)');
    expect(section.textContent).toContain('2 modules');
    const view = screen.getByRole('link', { name: 'View MRI basics (free)' });
    expect(view.getAttribute('href')).toBe('/program/free1');
    const all = screen.getByRole('link', { name: 'Browse the whole catalogue' });
    expect(all.getAttribute('href')).toBe('/courses');
    expect(screen.queryByText(NO_PROGRAMS)).toBeNull();
  });

  it('the dashboard of a teacher in no program points to program management instead', async () => {
    const payload = btoa(
      JSON.stringify({ uid: 't1', scope: 'Teacher', exp: Math.floor(Date.now() / 1000) + 3600 }),
    );
    session.authenticate({ accessToken: `h.${payload.replace(/=+$/, '')}.s`, refreshToken: 'r' });
    stubApi({ 'v1/catalog': { status: 200, body: { items: [], freePlan: false } } });
    renderRoute('/dashboard', '/dashboard', <DashboardPage />);
    const manage = await screen.findByRole('link', { name: 'Manage programs' }, FIND);
    expect(manage.getAttribute('href')).toBe('/courses-management');
    expect(screen.queryByText(NO_PROGRAMS)).toBeNull();
    expect(screen.queryByText('You are not enrolled in a program')).toBeNull();
    session.logout();
  });

  it("the teacher's dashboard lists the attempts awaiting grading, each a link to its grading page, with counts per course and a release per module (issue 21.4)", async () => {
    const payload = btoa(
      JSON.stringify({ uid: 't1', scope: 'Teacher', exp: Math.floor(Date.now() / 1000) + 3600 }),
    );
    session.authenticate({ accessToken: `h.${payload.replace(/=+$/, '')}.s`, refreshToken: 'r' });
    const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    const queue: MarkingQueue = {
      items: [
        {
          attemptId: id(1),
          number: 1,
          state: 'submitted',
          studentId: id(2),
          studentName: 'Ann Able',
          labId: id(3),
          labTitle: 'Make CSF bright',
          courseId: id(4),
          courseTitle: 'Contrast',
          programId: id(5),
          programTitle: 'Neuro',
          submittedAt: '2026-11-02T10:00:00.000Z',
          dueAt: '2026-11-01T12:00:00.000Z',
          late: true,
          score: 1.5,
          maxScore: 3,
        },
      ],
      courses: [{ courseId: id(4), courseTitle: 'Contrast', programTitle: 'Neuro', awaiting: 1, graded: 2 }],
      modules: [{ labId: id(3), labTitle: 'Make CSF bright', courseId: id(4), graded: 2 }],
    };
    stubApi({
      'v1/catalog': { status: 200, body: { items: [], freePlan: false } },
      'v1/marking-queue': { status: 200, body: queue },
    });
    renderRoute('/dashboard', '/dashboard', <DashboardPage />);
    const grade = await screen.findByRole(
      'link',
      { name: /Ann Able: grade attempt 1 on Make CSF bright/ },
      FIND,
    );
    expect(grade.getAttribute('href')).toBe(`/courses/${id(4)}/modules/${id(3)}/students/${id(2)}/grade`);
    expect(screen.getByText('Late')).toBeTruthy();
    expect(screen.getByText('1.5 / 3')).toBeTruthy();
    expect(screen.getByText('Contrast (Neuro): 1 to mark, 2 graded to release')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Release grades of Make CSF bright' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Students' }).getAttribute('href')).toBe('/students');
    session.logout();
  });

  it('a catalog card shows the program cover with its text alternative once the asset cookie is set', async () => {
    const catalog: CatalogResponse = {
      freePlan: false,
      items: [
        catalogItem({
          id: 'prog1',
          title: 'MRI Fundamentals',
          coverImageUrl: '/api/v1/uploads/up1',
          clientId: 'c1',
          clientName: 'Alpha',
        }),
      ],
    };
    stubApi({
      'v1/catalog': { status: 200, body: catalog },
      'v2/assets/signed-cookie': { status: 200, body: { expiresAt: '2099-01-01T00:00:00.000Z' } },
    });
    renderRoute('/catalog', '/catalog', <CatalogPage />);
    const cover = await screen.findByRole('img', { name: 'Cover image of MRI Fundamentals' }, FIND);
    expect(cover.getAttribute('src')).toBe('/api/v1/uploads/up1');
  });

  it('the dashboard shows the failed call instead of an empty state', async () => {
    stubApi({
      'v1/catalog': {
        status: 500,
        body: { error: { message: 'Database unavailable', code: 500505, cause: 'db' } },
      },
    });
    renderRoute('/dashboard', '/dashboard', <DashboardPage />);
    expect((await screen.findByRole('alert', {}, FIND)).textContent).toContain('Database unavailable');
    expect(screen.queryByText(NO_PROGRAMS)).toBeNull();
  });

  it('the module page shows safe instructions, sequences, attempts, due date and a Start scanning link to a new tab', async () => {
    stubApi({ 'v1/modules/lab1': { status: 200, body: LAB } });
    renderRoute('/courses/course1/modules/lab1', '/courses/:courseId/modules/:labId', <ModulePage />);
    const start = await screen.findByRole('link', { name: 'Start scanning' }, FIND);
    expect(start.getAttribute('href')).toBe('/session/-1/simulator?programId=prog1&labId=lab1');
    expect(start.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('heading', { name: 'Goal' })).toBeTruthy();
    expect(document.querySelector('[onerror]')).toBeNull();
    expect(screen.getByText('Spin Echo (SE)')).toBeTruthy();
    expect(screen.getByText('Gradient Echo (GRE)')).toBeTruthy();
    expect(screen.getByText('2')).toBeTruthy();
    expect(screen.getByText('Due 05 Dec 2099')).toBeTruthy();
  });

  it('the module page lists the objectives with their points and total, before any scan (issue 20.2)', async () => {
    const lab: Lab = {
      ...LAB,
      objectiveSummaries: [
        {
          id: 'w',
          kind: 'weighting',
          title: 'Get the right image weighting',
          points: 2,
          mustPass: false,
          questionId: null,
        },
        {
          id: 's',
          kind: 'snrMin',
          title: 'Enough SNR in white matter',
          points: 1,
          mustPass: false,
          questionId: null,
        },
      ],
    };
    stubApi({ 'v1/modules/lab1': { status: 200, body: lab } });
    renderRoute('/courses/course1/modules/lab1', '/courses/:courseId/modules/:labId', <ModulePage />);
    const section = await screen.findByRole('region', { name: 'Objectives' }, FIND);
    const items = Array.from(section.querySelectorAll('li')).map((li) => li.textContent);
    expect(items).toEqual([
      'Get the right image weighting — 2 points',
      'Enough SNR in white matter — 1 point',
    ]);
    expect(section.textContent).toContain('Total: 3 points');
  });

  it('the module page lists the scanner presets, each marked Locked or Preset', async () => {
    const lab: Lab = {
      ...LAB,
      presets: { b0field: 3, noise: 2 },
      lockedPresets: ['b0field'],
      tissueOverrides: [{ tissue: 'csf', t1Ms: 3700, t2Ms: 1800 }],
    };
    stubApi({ 'v1/modules/lab1': { status: 200, body: lab } });
    renderRoute('/courses/course1/modules/lab1', '/courses/:courseId/modules/:labId', <ModulePage />);
    const settings = await screen.findByRole('region', { name: 'Scanner settings' }, FIND);
    const items = Array.from(settings.querySelectorAll('li')).map((li) => li.textContent);
    expect(items).toEqual(['Field strength: 3 TLocked', 'Noise: MediumPreset']);
    expect(settings.textContent).toContain('Tissue values set by your teacher: csf.');
  });

  it('the module page offers Start scanning during the last attempt while it is in progress (issue 20.1)', async () => {
    stubApi({
      'v1/modules/lab1': { status: 200, body: { ...LAB, attemptsLeft: 0 } },
      'v1/modules/lab1/attempts': { status: 200, body: [ATTEMPT] },
    });
    renderRoute('/courses/course1/modules/lab1', '/courses/:courseId/modules/:labId', <ModulePage />);
    const start = await screen.findByRole('link', { name: 'Start scanning' }, FIND);
    expect(start.getAttribute('href')).toBe('/session/-1/simulator?programId=prog1&labId=lab1');
    expect(screen.queryByText('No attempts left')).toBeNull();
  });

  it('the module page does not offer Start scanning when no attempts are left', async () => {
    stubApi({
      'v1/modules/lab1': { status: 200, body: { ...LAB, attemptsLeft: 0 } },
      'v1/modules/lab1/attempts': { status: 200, body: [{ ...ATTEMPT, state: 'submitted' }] },
    });
    renderRoute('/courses/course1/modules/lab1', '/courses/:courseId/modules/:labId', <ModulePage />);
    expect(await screen.findByText('No attempts left', {}, FIND)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Start scanning' })).toBeNull();
  });
});
