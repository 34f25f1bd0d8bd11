import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LabAttempt } from '@larmor/contracts/attempts';
import { summarizeObjective, type Objective } from '@larmor/contracts/objectives';
import { session } from '#lib/session.ts';
import { SubmissionForm } from './SubmissionForm.tsx';
import { renderWithProviders } from '../../../test/providers.testing.tsx';

const LAB_ID = '00000000-0000-4000-8000-0000000000aa';
const ATTEMPT_ID = '00000000-0000-4000-8000-0000000000bb';
const USER_ID = '00000000-0000-4000-8000-0000000000cc';

const attempt: LabAttempt = {
  id: ATTEMPT_ID,
  labId: LAB_ID,
  userId: USER_ID,
  number: 1,
  state: 'inProgress',
  answers: {},
  scanResultIds: [],
  late: false,
  startedAt: '2026-11-28T10:00:00.000Z',
  submittedAt: null,
  releasedAt: null,
  regradeReason: null,
  grade: null,
  feedback: null,
} as LabAttempt;

const question: Objective = {
  kind: 'readingAnswer',
  id: 'lesions',
  points: 3,
  questionId: 'best-series',
  prompt: 'Which series shows the periventricular lesions best?',
  choices: ['T1-weighted spin echo', 'T2-weighted TSE', 'FLAIR'],
  answer: 'FLAIR',
};

/** Records every API call as "METHOD path body"; the submit answers the attempt, submitted. */
function stubApi() {
  const calls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const path = new URL(url, 'http://localhost').pathname.replace(/^\/api\//, '');
    const method = init?.method ?? 'GET';
    if (path.startsWith('v')) calls.push(`${method} ${path}${init?.body ? ` ${String(init.body)}` : ''}`);
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    if (path === `v1/attempts/${ATTEMPT_ID}/submit`)
      return json({ ...attempt, state: 'submitted', submittedAt: '2026-11-28T10:05:00.000Z', feedback: [] });
    return json({ error: { message: 'Not found', code: 400400, cause: 'not_found' } }, 404);
  });
  return calls;
}

const user = () => userEvent.setup();

function renderForm(readingOnly: boolean) {
  const payload = btoa(
    JSON.stringify({ uid: 'u1', scope: 'Student', exp: Math.floor(Date.now() / 1000) + 3600 }),
  );
  session.authenticate({ accessToken: `h.${payload.replace(/=+$/, '')}.s`, refreshToken: 'r' });
  renderWithProviders(
    <SubmissionForm
      attempt={attempt}
      objectives={[summarizeObjective(question)]}
      readingOnly={readingOnly}
    />,
  );
}

describe('the submission form of a reading question (issue 24, model 100001)', () => {
  it('asks the prompt with its choices as radio buttons; Submit waits for a choice and sends the answer without series', async () => {
    const calls = stubApi();
    renderForm(true);
    const group = screen.getByRole('radiogroup', { name: question.prompt });
    expect(group).toBeTruthy();
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual([
      'T1-weighted spin echo',
      'T2-weighted TSE',
      'FLAIR',
    ]);
    expect(screen.getByText(/series are prepared for you/)).toBeTruthy();
    // Nothing is changed in a reading module: no note on what was changed.
    expect(screen.queryByRole('textbox', { name: /What did you change/ })).toBeNull();
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    const clicks = user();
    await clicks.click(screen.getByRole('radio', { name: 'FLAIR' }));
    expect(submit.hasAttribute('disabled')).toBe(false);
    await clicks.click(submit);
    await waitFor(() =>
      expect(calls).toContain(
        `POST v1/attempts/${ATTEMPT_ID}/submit {"scanResultIds":[],"answers":{"best-series":"FLAIR"}}`,
      ),
    );
    // A reading-only module lists no scans of the student's own: nothing to choose.
    expect(calls.filter((c) => c.includes('scans'))).toEqual([]);
  });

  it('in a module that scans, the same question still needs a series before Submit', async () => {
    stubApi();
    renderForm(false);
    await user().click(screen.getByRole('radio', { name: 'FLAIR' }));
    expect(screen.getByRole('button', { name: 'Submit' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Choose at least one series to submit.')).toBeTruthy();
  });
});
