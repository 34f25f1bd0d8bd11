/**
 * The grade page's grade-return section (issue 27.4): one line per line item with its status, "Send again" only
 * when one failed (it posts the retry call); nothing without a return.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LtiGradeReturn } from '@larmor/contracts/lti-ags';
import { GradeReturns } from './GradeReturns.tsx';
import { renderWithProviders } from '../../../test/providers.testing.tsx';

const failed: LtiGradeReturn = {
  platformName: 'Moodle — Radiography',
  lineItem: 'https://moodle.example/lineitems/1',
  status: 'failed',
  scoreGiven: 2,
  scoreMaximum: 3,
  tries: 1,
  error: 'Score: the platform answered 400 unknown user',
  nextTryAt: null,
  sentAt: null,
};

const ATTEMPT_ID = '00000000-0000-4000-8000-000000000001';

const renderReturns = (returns: LtiGradeReturn[]) =>
  renderWithProviders(<GradeReturns attemptId={ATTEMPT_ID} returns={returns} />);

describe('GradeReturns', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("shows each return's platform, status, score and the reason of a failure", () => {
    renderReturns([
      failed,
      {
        ...failed,
        lineItem: 'https://moodle.example/lineitems/2',
        status: 'sent',
        error: null,
        sentAt: '2026-11-28T12:00:00.000Z',
      },
    ]);
    const section = screen.getByRole('region', { name: 'Grade return to the learning platform' });
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByText('Failed')).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText('2 of 3 points')).toBeTruthy();
    expect(
      within(items[0] as HTMLElement).getByText('Score: the platform answered 400 unknown user'),
    ).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText('Sent')).toBeTruthy();
  });

  it('shows nothing when the grade goes to no platform, and no "Send again" when nothing failed', () => {
    renderReturns([]);
    expect(screen.queryByRole('region')).toBeNull();
    cleanup();
    renderReturns([{ ...failed, status: 'pending', error: null }]);
    expect(screen.queryByRole('button', { name: 'Send again' })).toBeNull();
  });

  it('"Send again" posts the retry call of the attempt', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => new Response('{}', { status: 409 }));
    renderReturns([failed]);
    fireEvent.click(screen.getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [input, init] = fetch.mock.calls[0] ?? [];
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    expect(url.pathname).toBe(`/api/v1/attempts/${ATTEMPT_ID}/grade-returns/retry`);
    expect((input instanceof Request ? input.method : init?.method) ?? 'GET').toBe('POST');
  });
});
