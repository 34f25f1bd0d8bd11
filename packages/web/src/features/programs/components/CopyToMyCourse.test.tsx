import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Lab, Program, ProgramSummary } from '@larmor/contracts/programs';
import { CopyToMyCourse } from './CopyToMyCourse.tsx';
import { renderWithProviders } from '../../../test/providers.testing.tsx';

const FIND = { timeout: 5_000 };
const LAB_ID = '00000000-0000-4000-8000-0000000000aa';

const summary: ProgramSummary = {
  id: 'own1',
  title: 'Our neuro',
  summary: '',
  coverImageUrl: null,
  clientId: 'c1',
  clientName: 'Alpha',
  global: false,
  status: 'draft',
  enrollment: 'invitation',
  freeCatalogue: false,
  courseCount: 2,
  moduleCount: 0,
  enrolledCount: 0,
  canEdit: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const course = (id: string, title: string, archived = false) => ({
  id,
  programId: 'own1',
  title,
  description: '',
  position: 0,
  archived,
  modules: [],
  createdAt: summary.createdAt,
  updatedAt: summary.updatedAt,
});
const program: Program = {
  ...summary,
  description: '',
  coverUploadId: null,
  assignedClientIds: [],
  courses: [course('old', 'Old course', true), course('k1', 'Knee')],
};

/** The copy the server answers: the module, now in the teacher's course. */
const COPY: Lab = {
  id: 'copy1',
  courseId: 'k1',
  programId: 'own1',
  position: 0,
  archived: false,
  free: true,
  readingOnly: false,
  title: 'Global knee',
  instructions: '',
  anatomicalModelId: 1,
  backend: 'cpusim',
  sequenceTypes: [5],
  presets: {},
  lockedPresets: [],
  tissueOverrides: [],
  startingProtocols: [],
  estimatedDurationMin: null,
  attemptsAllowed: null,
  attemptsLeft: null,
  availableFrom: null,
  dueAt: null,
  releaseAutomaticGrade: false,
  objectives: [],
  competencies: [],
  objectiveSummaries: [],
  createdAt: summary.createdAt,
  updatedAt: summary.updatedAt,
};

afterEach(() => vi.restoreAllMocks());

describe('Copy to my course (issue 21.5)', () => {
  it("copies the module into the teacher's chosen live course and opens the copy's editor", async () => {
    const posted: { path: string; body: unknown }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      const path = new URL(url, 'http://localhost').pathname.replace(/^\/api\//, '');
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      if (path === 'v1/programs') return json({ items: [summary], total: 1, page: 1, per_page: 100 });
      if (path === 'v1/programs/own1') return json(program);
      if (path === `v1/modules/${LAB_ID}/copy`) {
        posted.push({ path, body: JSON.parse(String(init?.body)) });
        return json(COPY, 201);
      }
      return json({ error: { message: 'Not found', code: 404, cause: 'not found' } }, 404);
    });
    const router = createMemoryRouter(
      [
        { path: '/m', element: <CopyToMyCourse labId={LAB_ID} labTitle="Global knee" /> },
        { path: '/programs/edit/:p/courses/:c/modules/:l', element: <p>Copy editor</p> },
      ],
      { initialEntries: ['/m'] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    const courseSelect = await screen.findByRole('combobox', { name: 'Course' }, FIND);
    await waitFor(() => expect((courseSelect as HTMLSelectElement).value).toBe('k1'));
    // Archived courses are not offered.
    expect(screen.queryByRole('option', { name: 'Old course' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Copy to my course' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.body).toEqual({ courseId: 'k1' });
    expect(await screen.findByText('Copy editor', {}, FIND)).toBeTruthy();
  });
});
