import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { ReferenceComparison } from './ReferenceComparison.tsx';
import { renderWithProviders } from '../../../test/providers.testing.tsx';

const RESULT_ID = '00000000-0000-4000-8000-000000000001';
const SUBMIT_FIRST = 'Submit your attempt first: the reference scan is shown once you have submitted';

function renderRefused(status: number, message: string) {
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(
    new Response(JSON.stringify({ error: { message, code: 400403, cause: 'forbidden' } }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  );
  renderWithProviders(<ReferenceComparison scanResultId={RESULT_ID} />);
}

describe('the comparison with the reference before the student submits (issue 21.2)', () => {
  it('says plainly to submit first, not as an error', async () => {
    renderRefused(403, SUBMIT_FIRST);
    expect(await screen.findByText(SUBMIT_FIRST)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('any other failure stays an error', async () => {
    renderRefused(404, 'Scan result not found');
    expect((await screen.findByRole('alert')).textContent).toContain('Scan result not found');
  });
});
