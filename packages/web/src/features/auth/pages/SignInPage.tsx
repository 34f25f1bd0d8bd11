/**
 * / and /login: sign in, then go to the page the visitor asked for (or the dashboard). Below the form, a button per
 * organisation single sign-on provider (issue 27.6), when there are any.
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Group, Text, Title } from '@mantine/core';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { loginRequestSchema, type LoginRequest } from '@larmor/contracts/auth';
import { isSignedIn, useSession } from '#lib/session.ts';
import { STORAGE_KEYS, sessionStore } from '#lib/storage.ts';
import { ActionButton } from '#ui/ActionButton.tsx';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { Form } from '#ui/Form.tsx';
import { formField } from '#ui/form-field.ts';
import { PasswordField } from '#ui/PasswordField.tsx';
import { TextField } from '#ui/TextField.tsx';
import { useSignIn } from '#entities/account/api/login.ts';
import { SsoSignInOptions } from '../components/SsoSignInOptions.tsx';

/** The kept origin path (router state, else session storage), else the dashboard. */
function redirectTarget(state: unknown): string {
  const fromState =
    typeof state === 'object' && state !== null && 'from' in state && typeof state.from === 'string'
      ? state.from
      : null;
  const kept = fromState ?? sessionStore.getItem(STORAGE_KEYS.redirectAfterLogin);
  return kept !== null && kept.startsWith('/') && !kept.startsWith('//') && kept !== '/'
    ? kept
    : '/dashboard';
}

export function SignInPage() {
  const current = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const form = useForm<LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    mode: 'onTouched',
    defaultValues: { username: '', password: '' },
  });
  const target = redirectTarget(location.state);

  if (isSignedIn(current) && !signIn.isPending) return <Navigate to={target} replace />;

  const submit = form.handleSubmit((values) =>
    signIn.mutate(values, {
      onSuccess: () => {
        sessionStore.removeItem(STORAGE_KEYS.redirectAfterLogin);
        void navigate(target, { replace: true });
      },
    }),
  );

  return (
    <Form onSubmit={submit} gap="md">
      <Title order={1} size="h2">
        Sign in to Larmor
      </Title>
      <ErrorAlert error={signIn.error} />
      <TextField label="Username" autoComplete="username" {...formField(form, 'username')} />
      <PasswordField label="Password" autoComplete="current-password" {...formField(form, 'password')} />
      <ActionButton type="submit" loading={signIn.isPending} loadingLabel="Signing in...">
        Sign in
      </ActionButton>
      <SsoSignInOptions target={target} />
      <Group justify="space-between">
        <Anchor component={Link} to="/forgot-password" size="sm">
          Forgot password?
        </Anchor>
        <Anchor component={Link} to="/forgot-username" size="sm">
          Forgot username?
        </Anchor>
      </Group>
      <Text size="sm">
        No account yet?{' '}
        <Anchor component={Link} to="/signup">
          Create one
        </Anchor>
      </Text>
    </Form>
  );
}
