import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { EnrollmentCandidateList } from '@larmor/contracts/programs';
import { EnrolUsers } from './EnrolUsers.tsx';
import { renderWithProviders } from '../../../test/providers.testing.tsx';

const FIND = { timeout: 5_000 };

const page = (items: EnrollmentCandidateList['items']): EnrollmentCandidateList => ({
  items,
  total: items.length,
  page: 1,
  per_page: 10,
});
const ANN = { userId: 'u1', username: 'ann', firstName: 'Ann', lastName: 'Lee', enrolled: false };
const BOB = { userId: 'u2', username: 'bob', firstName: 'Bob', lastName: 'Ray', enrolled: true };

afterEach(() => vi.restoreAllMocks());

describe('enrolling users found by name', () => {
  it('searches the candidates, shows who is enrolled, and enrols one with its id', async () => {
    const calls: { method: string; url: URL; body: unknown }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const request =
        input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      const url = new URL(request.url);
      const body = request.method === 'POST' ? await request.json() : undefined;
      calls.push({ method: request.method, url, body });
      const answer =
        request.method === 'POST'
          ? { added: 1, enrollments: [] }
          : page(url.searchParams.get('search') === 'ann' ? [ANN] : [ANN, BOB]);
      return new Response(JSON.stringify(answer), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    renderWithProviders(<EnrolUsers programId="p1" />);
    expect(await screen.findByText('Enrolled', {}, FIND)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Find users of your organisation/), { target: { value: 'ann' } });
    await waitFor(() => expect(screen.queryByText('bob')).toBeNull(), FIND);
    const search = calls.find((c) => c.url.searchParams.get('search') === 'ann');
    expect(search?.url.pathname).toBe('/api/v1/programs/p1/enrollment-candidates');
    fireEvent.click(screen.getByRole('button', { name: 'Enrol ann' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true), FIND);
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url.pathname).toBe('/api/v1/programs/p1/enrollments');
    expect(post?.body).toEqual({ userIds: ['u1'] });
  });
});
