/**
 * /auth/callback: the end of an external sign-in. The tokens arrive in the query or the fragment
 * (accessToken, refreshToken); they are stored, the profile loaded, and the user sent on.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Anchor, Loader, Stack, Title } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import { fetchMe } from '#entities/account/api/get-me.ts';
import { session } from '#lib/session.ts';
import { STORAGE_KEYS } from '#lib/storage.ts';

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

export function AuthCallbackPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const tokens = useMemo(
    () => callbackTokens(location.search, location.hash),
    [location.search, location.hash],
  );
  const [failure, setFailure] = useState<string | null>(null);
  const error = tokens === undefined ? 'The sign-in link is incomplete. Please sign in again.' : failure;
  useEffect(() => {
    if (tokens === undefined) return;
    session.authenticate(tokens);
    fetchMe().then(
      () => {
        const kept = sessionStorage.getItem(STORAGE_KEYS.redirectAfterLogin);
        sessionStorage.removeItem(STORAGE_KEYS.redirectAfterLogin);
        void navigate(kept !== null && kept.startsWith('/') ? kept : '/dashboard', { replace: true });
      },
      (e: unknown) => setFailure(e instanceof Error ? e.message : 'Sign-in failed'),
    );
  }, [tokens, navigate]);
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
