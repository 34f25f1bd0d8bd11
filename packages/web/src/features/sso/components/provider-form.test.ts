import { describe, expect, it } from 'vitest';
import type { SsoProvider } from '@larmor/contracts/sso';
import { providerFormDefaults, providerFormSchema, toCreateBody, toPatchBody } from './provider-form.ts';

const VALUES = {
  ...providerFormDefaults(),
  name: 'Sign in with Contoso Microsoft',
  issuer: 'https://login.microsoftonline.com/tenant/v2.0',
  clientId: 'contoso-larmor',
  clientSecret: ' s3cret ',
  emailDomain: ' Contoso.example ',
};

describe('the SSO provider form (issue 27.6)', () => {
  it('needs a client secret to create, and https issuers and domain names before sending', () => {
    expect(providerFormSchema(true).safeParse({ ...VALUES, clientSecret: ' ' }).success).toBe(false);
    expect(providerFormSchema(false).safeParse({ ...VALUES, clientSecret: '' }).success).toBe(true);
    expect(providerFormSchema(true).safeParse({ ...VALUES, issuer: 'http://idp.example' }).success).toBe(
      false,
    );
    expect(providerFormSchema(true).safeParse({ ...VALUES, emailDomain: '@contoso.example' }).success).toBe(
      false,
    );
    expect(providerFormSchema(true).safeParse({ ...VALUES, emailDomain: '' }).success).toBe(true);
  });

  it('sends the trimmed secret and domain (blank: any domain); an edit keeps the secret unless a new one is typed', () => {
    const parsed = providerFormSchema(true).parse(VALUES);
    expect(toCreateBody(parsed)).toMatchObject({
      clientSecret: 's3cret',
      emailDomain: 'contoso.example',
      defaultRole: 'Student',
      enabled: true,
    });
    expect(toCreateBody({ ...parsed, emailDomain: ' ' }).emailDomain).toBeNull();
    expect(toPatchBody({ ...parsed, clientSecret: '' })).not.toHaveProperty('clientSecret');
    expect(toPatchBody(parsed)).toMatchObject({ clientSecret: 's3cret' });
  });

  it('starts an edit from the provider, the secret blank', () => {
    const provider: SsoProvider = {
      id: '00000000-0000-4000-8000-000000000001',
      organisationId: '00000000-0000-4000-8000-000000000002',
      name: 'Fabrikam',
      issuer: 'https://accounts.google.com',
      clientId: 'fab',
      clientSecretSet: true,
      emailDomain: null,
      defaultRole: 'Teacher',
      enabled: false,
      redirectUrl: 'https://larmor.example/api/v1/sso/callback',
      createdAt: '2026-11-28T19:00:00.000Z',
      updatedAt: '2026-11-28T19:00:00.000Z',
    };
    expect(providerFormDefaults(provider)).toEqual({
      name: 'Fabrikam',
      issuer: 'https://accounts.google.com',
      clientId: 'fab',
      clientSecret: '',
      emailDomain: '',
      defaultRole: 'Teacher',
      enabled: false,
    });
  });
});
