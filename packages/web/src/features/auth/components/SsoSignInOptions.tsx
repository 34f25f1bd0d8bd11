/**
 * The sign-in page's single sign-on buttons (issue 27.6): one per enabled provider, by its display name ("Sign in
 * with Contoso Microsoft"). Each is a link to the API's start, which sends the browser on to the provider; the page
 * the visitor asked for is kept for /auth/callback. Nothing is shown while loading, on an error or without providers:
 * the sign-in form stays as it is.
 */
import { Button, Stack, Text } from '@mantine/core';
import { STORAGE_KEYS, sessionStore } from '#lib/storage.ts';
import { ssoStartUrl, useSsoSignInOptions } from '#entities/sso/api/sso.ts';

export function SsoSignInOptions(props: { target: string }) {
  const options = useSsoSignInOptions();
  const items = options.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Stack gap="xs" role="group" aria-label="Single sign-on">
      <Text size="sm" ta="center">
        or
      </Text>
      {items.map((option) => (
        <Button
          key={option.id}
          component="a"
          href={ssoStartUrl(option.id)}
          variant="default"
          h="auto"
          mih={36}
          py={6}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
          onClick={() => sessionStore.setItem(STORAGE_KEYS.redirectAfterLogin, props.target)}
        >
          {option.name}
        </Button>
      ))}
    </Stack>
  );
}
