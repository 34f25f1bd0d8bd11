import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { AttemptTimeline as Timeline, TimelineEntry } from '@larmor/contracts/activity';
import { AttemptTimeline } from './AttemptTimeline.tsx';
import { renderWithProviders } from '../../../test/providers.testing.tsx';

const ATTEMPT_ID = '00000000-0000-4000-8000-000000000001';
const SESSION_ID = '00000000-0000-4000-8000-000000000002';
const SEQUENCE_ID = '00000000-0000-4000-8000-000000000003';
const TIMELINE_PATH = `/api/v1/attempts/${ATTEMPT_ID}/timeline`;

/** Answers the timeline call with `status` and `body`; `pending` never answers. */
function stubTimeline(answer: { status: number; body: unknown } | 'pending') {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    expect(url.pathname).toBe(TIMELINE_PATH);
    if (answer === 'pending') return new Promise<Response>(() => undefined);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
}

function renderTimeline() {
  renderWithProviders(<AttemptTimeline attemptId={ATTEMPT_ID} />);
}

const entry = (overrides: Partial<TimelineEntry>): TimelineEntry => ({
  id: crypto.randomUUID(),
  at: '2026-11-23T10:00:00.000Z',
  kind: 'sessionOpened',
  sessionId: SESSION_ID,
  userId: SESSION_ID,
  pulseSequenceId: null,
  sequenceName: null,
  summary: 'Opened a simulator session',
  changes: [],
  ...overrides,
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the attempt replay on the grade page (GET v1/attempts/{labAttemptId}/timeline)', () => {
  it('shows each step in the order answered, with its time and old → new values', async () => {
    const body: Timeline = {
      labAttemptId: ATTEMPT_ID,
      entries: [
        entry({}),
        entry({
          at: '2026-11-23T10:01:00.000Z',
          kind: 'parametersChanged',
          pulseSequenceId: SEQUENCE_ID,
          sequenceName: 'T2 SE',
          summary: 'Changed parameters of “T2 SE”',
          changes: [{ name: 'echoTime', label: 'TE', from: '15 ms', to: '80 ms' }],
        }),
        entry({
          at: '2026-11-23T10:02:00.000Z',
          kind: 'scanRun',
          pulseSequenceId: SEQUENCE_ID,
          sequenceName: 'T2 SE',
          summary: 'Ran “T2 SE”',
        }),
      ],
    };
    stubTimeline({ status: 200, body });
    renderTimeline();
    const section = screen.getByRole('region', { name: 'Attempt replay' });
    expect(await within(section).findByText('Ran “T2 SE”')).toBeTruthy();
    const text = section.textContent ?? '';
    const order = ['Opened a simulator session', 'Changed parameters of “T2 SE”', 'Ran “T2 SE”'].map((s) =>
      text.indexOf(s),
    );
    expect(order.every((i, k) => i >= 0 && (k === 0 || i > (order[k - 1] ?? -1)))).toBe(true);
    expect(within(section).getByText('TE: 15 ms → 80 ms')).toBeTruthy();
    const times = section.querySelectorAll('time');
    expect([...times].map((t) => t.getAttribute('datetime'))).toEqual(body.entries.map((e) => e.at));
  });

  it('says "No data" when nothing was done, shows a loader while loading and the error of a failed call', async () => {
    stubTimeline({ status: 200, body: { labAttemptId: ATTEMPT_ID, entries: [] } });
    renderTimeline();
    expect(await screen.findByText('No data')).toBeTruthy();
    vi.restoreAllMocks();
    cleanup();

    stubTimeline('pending');
    renderTimeline();
    expect(screen.getByLabelText('Loading the attempt replay')).toBeTruthy();
    vi.restoreAllMocks();
    cleanup();

    stubTimeline({
      status: 403,
      body: { error: { message: 'You may not do that', code: 403, cause: 'forbidden' } },
    });
    renderTimeline();
    expect((await screen.findByRole('alert')).textContent).toContain('You may not do that');
  });
});
