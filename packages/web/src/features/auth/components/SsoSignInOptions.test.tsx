import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { STORAGE_KEYS } from '#lib/storage.ts';
import { SsoSignInOptions } from './SsoSignInOptions.tsx';
import { renderWithProviders } from '../../../test/providers.testing.tsx';

const FIND = { timeout: 5_000 };
const CONTOSO = '00000000-0000-4000-8000-0000000000c1';
const FABRIKAM = '00000000-0000-4000-8000-0000000000f2';

/** Renders the buttons against a fake API answering the sign-in options with `items`. */
function renderOptions(items: { id: string; name: string }[]) {
  const asked: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = input instanceof Request ? input.url : String(input);
    asked.push(new URL(url, 'http://localhost').pathname);
    return new Response(JSON.stringify({ items }), { headers: { 'Content-Type': 'application/json' } });
  });
  renderWithProviders(<SsoSignInOptions target="/courses/c1/modules/m1" />);
  return { asked };
}

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('the sign-in page’s single sign-on buttons (issue 27.6)', () => {
  it('offers one link per enabled provider, by its name, to the API’s start, keeping the page asked for', async () => {
    const { asked } = renderOptions([
      { id: CONTOSO, name: 'Sign in with Contoso Microsoft' },
      { id: FABRIKAM, name: 'Sign in with Fabrikam Google' },
    ]);
    const contoso = await screen.findByRole('link', { name: 'Sign in with Contoso Microsoft' }, FIND);
    expect(contoso.getAttribute('href')).toBe(`/api/v1/sso/${CONTOSO}/start`);
    expect(screen.getByRole('link', { name: 'Sign in with Fabrikam Google' }).getAttribute('href')).toBe(
      `/api/v1/sso/${FABRIKAM}/start`,
    );
    expect(screen.getByRole('group', { name: 'Single sign-on' })).toBeTruthy();
    expect(asked).toEqual(['/api/v1/sso/providers']);
    contoso.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(contoso);
    expect(sessionStorage.getItem(STORAGE_KEYS.redirectAfterLogin)).toBe('/courses/c1/modules/m1');
  });

  it('shows nothing when no provider is enabled', async () => {
    const { asked } = renderOptions([]);
    await vi.waitFor(() => expect(asked).toHaveLength(1), FIND);
    expect(screen.queryByRole('group', { name: 'Single sign-on' })).toBeNull();
    expect(screen.queryAllByRole('link')).toEqual([]);
    expect(screen.queryByText('or')).toBeNull();
  });
});
