import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { SsoProvider } from '@larmor/contracts/sso';
import { ProviderFormDialog } from './ProviderFormDialog.tsx';
import { renderWithProviders } from '../../../test/providers.testing.tsx';

const FIND = { timeout: 5_000 };
const CLIENT_ID = '00000000-0000-4000-8000-0000000000a1';
const PROVIDER: SsoProvider = {
  id: '00000000-0000-4000-8000-0000000000b2',
  organisationId: CLIENT_ID,
  name: 'Sign in with Contoso Microsoft',
  issuer: 'https://login.microsoftonline.com/tenant/v2.0',
  clientId: 'contoso-larmor',
  clientSecretSet: true,
  emailDomain: 'contoso.example',
  defaultRole: 'Student',
  enabled: true,
  redirectUrl: 'http://localhost/api/v1/sso/callback',
  createdAt: '2026-11-28T19:00:00.000Z',
  updatedAt: '2026-11-28T19:00:00.000Z',
};

/** Renders the dialog against a fake API recording each call's method, path and body. */
function renderDialog(provider: SsoProvider | undefined, onClose: () => void) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    calls.push({
      method: init?.method ?? 'GET',
      path: new URL(url, 'http://localhost').pathname,
      body: init?.body === undefined ? undefined : JSON.parse(String(init.body)),
    });
    return new Response(JSON.stringify(PROVIDER), {
      status: provider === undefined ? 201 : 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  renderWithProviders(
    <ProviderFormDialog opened clientId={CLIENT_ID} provider={provider} onClose={onClose} />,
  );
  return calls;
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => vi.restoreAllMocks());

describe('the SSO provider dialog (issue 27.6)', () => {
  it('adds a provider with its secret, domain, role and enabled flag', async () => {
    const onClose = vi.fn();
    const calls = renderDialog(undefined, onClose);
    type('Button text', 'Sign in with Contoso Microsoft');
    type(/^Issuer URL/, 'https://login.microsoftonline.com/tenant/v2.0');
    type('Client ID', 'contoso-larmor');
    type('Client secret', 's3cret');
    type(/^Allowed e-mail domain/, 'Contoso.example');
    fireEvent.click(screen.getByRole('radio', { name: 'Teacher' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled(), FIND);
    expect(calls).toEqual([
      {
        method: 'POST',
        path: `/api/v1/clients/${CLIENT_ID}/sso/providers`,
        body: {
          name: 'Sign in with Contoso Microsoft',
          issuer: 'https://login.microsoftonline.com/tenant/v2.0',
          clientId: 'contoso-larmor',
          clientSecret: 's3cret',
          emailDomain: 'contoso.example',
          defaultRole: 'Teacher',
          enabled: true,
        },
      },
    ]);
  });

  it('refuses to add without the required fields, sending nothing', async () => {
    const calls = renderDialog(undefined, vi.fn());
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findAllByText('Required', {}, FIND)).not.toHaveLength(0);
    expect(calls).toEqual([]);
  });

  it('an edit with a blank secret keeps the stored one (no clientSecret sent)', async () => {
    const onClose = vi.fn();
    const calls = renderDialog(PROVIDER, onClose);
    expect(screen.getByLabelText('Client secret').getAttribute('placeholder')).toBe(
      'Set; leave blank to keep it',
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Offer on the sign-in page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled(), FIND);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'PATCH',
      path: `/api/v1/clients/${CLIENT_ID}/sso/providers/${PROVIDER.id}`,
      body: { enabled: false, emailDomain: 'contoso.example' },
    });
    expect(calls[0]?.body).not.toHaveProperty('clientSecret');
  });
});
