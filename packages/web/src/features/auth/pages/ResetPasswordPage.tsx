/** /reset-password/…: sets a new password with the token of the reset mail (in the path or ?token=). */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Title } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router';
import { resetPasswordRequestSchema, type ResetPasswordRequest } from '@larmor/contracts/new-passwords';
import { ActionButton } from '#ui/ActionButton.tsx';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { Form } from '#ui/Form.tsx';
import { formField } from '#ui/form-field.ts';
import { PasswordField } from '#ui/PasswordField.tsx';
import { useResetPassword } from '#entities/account/api/reset-password.ts';

export function ResetPasswordPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? (params['*'] ?? '').replace(/\/+$/, '');
  const reset = useResetPassword();
  const form = useForm<ResetPasswordRequest>({
    resolver: zodResolver(resetPasswordRequestSchema),
    mode: 'onTouched',
    values: { token, password: '' },
  });
  const submit = form.handleSubmit((values) => reset.mutate(values));
  return (
    <Form onSubmit={submit} gap="sm">
      <Title order={1} size="h2">
        Reset password
      </Title>
      {token === '' && (
        <Alert color="red" role="alert">
          This link has no reset token. Ask for a new one.
        </Alert>
      )}
      {reset.isSuccess && (
        <Alert color="teal" role="status">
          Your password is changed. You can sign in now.
        </Alert>
      )}
      <ErrorAlert error={reset.error} />
      <input type="hidden" {...form.register('token')} />
      <PasswordField label="New password" autoComplete="new-password" {...formField(form, 'password')} />
      <ActionButton type="submit" loading={reset.isPending} disabled={token === ''}>
        Reset password
      </ActionButton>
      <Anchor component={Link} to="/" size="sm">
        Back to sign in
      </Anchor>
    </Form>
  );
}
