import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../lib/query-client.ts';
import { session } from '../lib/session.ts';
import { Providers } from './providers.tsx';
import { routes } from './router.tsx';

function tokenFor(scope: string): string {
  const payload = btoa(
    JSON.stringify({ uid: 'u1', scope, exp: Math.floor(Date.now() / 1000) + 36_000, identity: null }),
  );
  return `h.${payload.replace(/=+$/, '')}.s`;
}

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

/** A signed-in student opening `path` lands on /forbidden; signs out after. */
async function expectStudentForbidden(path: string): Promise<void> {
  session.authenticate({ accessToken: tokenFor('Student'), refreshToken: 'r' });
  const router = renderAt(path);
  expect(await screen.findByRole('heading', { name: 'Forbidden' })).toBeTruthy();
  expect(router.state.location.pathname).toBe('/forbidden');
  session.logout();
}

describe('routes and guards', () => {
  it('sends a signed-out visitor of a protected route to / and keeps the asked path', async () => {
    session.logout();
    const router = renderAt('/profile?tab=preferences');
    expect(await screen.findByRole('heading', { name: 'Sign in to Larmor' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(sessionStorage.getItem('redirectAfterLogin')).toBe('/profile?tab=preferences');
  });

  it('sends a student opening /admin to /forbidden', async () => {
    await expectStudentForbidden('/admin/users');
  });

  it('loads a teaching page lazily for a teacher', async () => {
    session.authenticate({ accessToken: tokenFor('Teacher'), refreshToken: 'r' });
    renderAt('/analytics');
    expect(await screen.findByRole('heading', { name: 'Analytics' }, { timeout: 10_000 })).toBeTruthy();
    session.logout();
  }, 15_000);

  it('sends a student opening a teaching page to /forbidden', async () => {
    await expectStudentForbidden('/analytics');
  });

  it('shows the not-found page for an unknown path', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
