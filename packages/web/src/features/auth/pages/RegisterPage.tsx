/** /signup: registration with username, email, password, firstName and lastName (platform-shell.md §5). */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { registerRequestSchema, type RegisterRequest } from '@larmor/contracts/new-passwords';
import { ApiError } from '#lib/api-error.ts';
import { ActionButton } from '#ui/ActionButton.tsx';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { Form } from '#ui/Form.tsx';
import { formField } from '#ui/form-field.ts';
import { PasswordField } from '#ui/PasswordField.tsx';
import { TextField } from '#ui/TextField.tsx';
import { useRegister } from '#entities/account/api/register.ts';

/** The message a failed registration shows: a 409 is 'Email or Username already exists' (§8). */
export function registrationErrorMessage(error: Error): string {
  return error instanceof ApiError && error.code === 409 ? 'Email or Username already exists' : error.message;
}

export function RegisterPage() {
  const registration = useRegister();
  const form = useForm<RegisterRequest>({
    resolver: zodResolver(registerRequestSchema),
    mode: 'onTouched',
    defaultValues: { username: '', email: '', password: '', firstName: '', lastName: '' },
  });
  if (registration.isSuccess) {
    return (
      <Stack gap="sm">
        <Title order={1} size="h2">
          Check your e-mail
        </Title>
        <Text>We sent you a link to activate your account.</Text>
        <Anchor component={Link} to="/">
          Back to sign in
        </Anchor>
      </Stack>
    );
  }
  const submit = form.handleSubmit((values) => registration.mutate(values));
  return (
    <Form onSubmit={submit} gap="sm">
      <Title order={1} size="h2">
        Create your account
      </Title>
      <ErrorAlert error={registration.error} describe={registrationErrorMessage} />
      <Group grow>
        <TextField label="First name" autoComplete="given-name" {...formField(form, 'firstName')} />
        <TextField label="Last name" autoComplete="family-name" {...formField(form, 'lastName')} />
      </Group>
      <TextField label="Username" autoComplete="username" {...formField(form, 'username')} />
      <TextField label="E-mail" type="email" autoComplete="email" {...formField(form, 'email')} />
      <PasswordField label="Password" autoComplete="new-password" {...formField(form, 'password')} />
      <ActionButton type="submit" loading={registration.isPending} loadingLabel="Creating account...">
        Create account
      </ActionButton>
      <Text size="sm">
        Already registered?{' '}
        <Anchor component={Link} to="/">
          Sign in
        </Anchor>
      </Text>
    </Form>
  );
}
