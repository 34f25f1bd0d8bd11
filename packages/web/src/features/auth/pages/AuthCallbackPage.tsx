/**
 * /auth/callback: the end of an external sign-in (and of an LTI launch, issue 27.2). The tokens arrive in the
 * query or the fragment (accessToken, refreshToken); they are stored, the profile loaded, and the user sent on:
 * to the fragment's `to` (an LTI launch's module), else where the sign-in was asked for, else the dashboard. A
 * refused single sign-on (issue 27.6) arrives with its reason in the fragment's `error`, shown as it is.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Anchor, Loader, Stack, Title } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import { fetchMe } from '#entities/account/api/get-me.ts';
import { session } from '#lib/session.ts';
import { STORAGE_KEYS, sessionStore } from '#lib/storage.ts';

/** The token pair a callback URL carries, or undefined. */
export function callbackTokens(
  search: string,
  hash: string,
): { accessToken: string; refreshToken: string } | undefined {
  for (const source of [new URLSearchParams(search), new URLSearchParams(hash.replace(/^#/, ''))]) {
    const accessToken = source.get('accessToken');
    const refreshToken = source.get('refreshToken');
    if (accessToken !== null && refreshToken !== null) return { accessToken, refreshToken };
  }
  return undefined;
}

/** The reason a refused sign-in gives in the fragment's `error`, if any. */
export function callbackError(hash: string): string | undefined {
  const error = new URLSearchParams(hash.replace(/^#/, '')).get('error');
  return error === null || error.trim() === '' ? undefined : error;
}

/** The in-app path a callback names in `to`, if it is one (a same-origin path, never `//host` or a URL). */
export function callbackDestination(hash: string): string | undefined {
  const to = new URLSearchParams(hash.replace(/^#/, '')).get('to');
  return to !== null && to.startsWith('/') && !to.startsWith('//') && !to.startsWith('/\\') ? to : undefined;
}

export function AuthCallbackPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const tokens = useMemo(
    () => callbackTokens(location.search, location.hash),
    [location.search, location.hash],
  );
  const [failure, setFailure] = useState<string | null>(null);
  const error =
    tokens === undefined
      ? (callbackError(location.hash) ?? 'The sign-in link is incomplete. Please sign in again.')
      : failure;
  useEffect(() => {
    if (tokens === undefined) return;
    session.authenticate(tokens);
    fetchMe().then(
      () => {
        const kept = sessionStore.getItem(STORAGE_KEYS.redirectAfterLogin);
        sessionStore.removeItem(STORAGE_KEYS.redirectAfterLogin);
        const to =
          callbackDestination(location.hash) ?? (kept !== null && kept.startsWith('/') ? kept : '/dashboard');
        void navigate(to, { replace: true });
      },
      (e: unknown) => setFailure(e instanceof Error ? e.message : 'Sign-in failed'),
    );
  }, [tokens, navigate, location.hash]);
  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Signing in
      </Title>
      {error === null ? (
        <Loader aria-label="Signing in" />
      ) : (
        <>
          <Alert color="red" role="alert">
            {error}
          </Alert>
          <Anchor component={Link} to="/">
            Back to sign in
          </Anchor>
        </>
      )}
    </Stack>
  );
}
