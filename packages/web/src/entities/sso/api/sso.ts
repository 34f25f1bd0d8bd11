/**
 * OpenID Connect single sign-on (issue 27.6; contracts sso.ts): the organisation's providers under
 * v1/clients/{id}/sso/, the sign-in page's options (public), and the address a sign-in starts at.
 */
import { useQuery } from '@tanstack/react-query';
import {
  SSO_PATHS,
  ssoProviderListSchema,
  ssoProviderSchema,
  ssoSignInOptionListSchema,
  type SsoProviderCreate,
  type SsoProviderPatch,
} from '@larmor/contracts/sso';
import { apiPath } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { config } from '#lib/config.ts';
import { useInvalidatingMutation } from '#lib/mutation.ts';

const providersKey = (clientId: string) => ['sso', clientId, 'providers'] as const;
const SIGN_IN_OPTIONS_KEY = ['sso', 'sign-in-options'] as const;

export function useSsoProviders(clientId: string | null) {
  return useQuery({
    queryKey: providersKey(clientId ?? ''),
    queryFn: () =>
      api.request(apiPath(SSO_PATHS.providers, { id: clientId ?? '' }), { schema: ssoProviderListSchema }),
    enabled: clientId !== null,
  });
}

export function useCreateSsoProvider(clientId: string) {
  return useInvalidatingMutation(
    (body: SsoProviderCreate) =>
      api.request(apiPath(SSO_PATHS.providers, { id: clientId }), {
        method: 'POST',
        body,
        schema: ssoProviderSchema,
      }),
    [providersKey(clientId), SIGN_IN_OPTIONS_KEY],
  );
}

export function useUpdateSsoProvider(clientId: string, providerId: string) {
  return useInvalidatingMutation(
    (body: SsoProviderPatch) =>
      api.request(apiPath(SSO_PATHS.provider, { id: clientId, providerId }), {
        method: 'PATCH',
        body,
        schema: ssoProviderSchema,
      }),
    [providersKey(clientId), SIGN_IN_OPTIONS_KEY],
  );
}

export function useDeleteSsoProvider(clientId: string) {
  return useInvalidatingMutation(
    (providerId: string) =>
      api.request(apiPath(SSO_PATHS.provider, { id: clientId, providerId }), { method: 'DELETE' }),
    [providersKey(clientId), SIGN_IN_OPTIONS_KEY],
  );
}

/** The enabled providers the sign-in page offers (public). */
export function useSsoSignInOptions() {
  return useQuery({
    queryKey: SIGN_IN_OPTIONS_KEY,
    queryFn: () => api.request(SSO_PATHS.signInOptions, { schema: ssoSignInOptionListSchema }),
  });
}

/** Where the browser goes to sign in with provider `providerId` (the API answers 302 to the provider). */
export function ssoStartUrl(providerId: string): string {
  return `${config.apiBaseUrl.replace(/\/$/, '')}/${apiPath(SSO_PATHS.start, { providerId })}`;
}

/** Larmor's redirect URI as this app reaches the API (the providers list answers the server's own). */
export function ssoRedirectUrl(): string {
  const base = `${config.apiBaseUrl.replace(/\/$/, '')}/${SSO_PATHS.callback}`;
  return new URL(base, window.location.origin).toString();
}
