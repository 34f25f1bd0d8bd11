/** Renders a component under test inside the app's providers, as the tests of pages and data-bound components need. */
import type { ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

/** A query client for one test: a failed request fails at once, never retried. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

/** Renders `ui` inside Mantine (test environment: no transitions) and a React Query client (a fresh one unless given). */
export function renderWithProviders(ui: ReactNode, client: QueryClient = testQueryClient()): RenderResult {
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
}
