import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { KSpacePage } from './KSpacePage.tsx';

/** How long a page may take to render on a busy 2-core machine [ms]. */
const FIND = { timeout: 5_000 };

/** The session's pulse-sequence list answers `status` with `body`. */
function answerSequences(status: number, body: unknown) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.includes('v1/sessions/s1/pulse-sequences')) throw new Error(`unexpected call ${url}`);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
}

function renderPage() {
  const router = createMemoryRouter([{ path: '/session/:sessionId/k-space', element: <KSpacePage /> }], {
    initialEntries: ['/session/s1/k-space'],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the k-space page', () => {
  it('says No data when the session has no finished series', async () => {
    answerSequences(200, []);
    renderPage();
    expect(await screen.findByText('No data', {}, FIND)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'K-space', level: 1 })).toBeTruthy();
  });

  it('shows the error when the series cannot be listed', async () => {
    answerSequences(500, { error: { message: 'The database is down', code: 500, cause: 'internal' } });
    renderPage();
    expect(await screen.findByText('The series could not be loaded', {}, FIND)).toBeTruthy();
  });
});
