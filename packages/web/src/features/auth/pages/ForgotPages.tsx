/** /forgot-password and /forgot-username: one e-mail field; the answer is the same whether it exists or not. */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { forgotPasswordRequestSchema, type ForgotPasswordRequest } from '@larmor/contracts/auth';
import { ActionButton } from '#ui/ActionButton.tsx';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { Form } from '#ui/Form.tsx';
import { formField } from '#ui/form-field.ts';
import { TextField } from '#ui/TextField.tsx';
import { useForgotPassword } from '#entities/account/api/forgot-password.ts';
import { useForgotUsername } from '#entities/account/api/forgot-username.ts';

function EmailRequestForm(props: {
  title: string;
  intro: string;
  done: string;
  mutation: ReturnType<typeof useForgotPassword> | ReturnType<typeof useForgotUsername>;
}) {
  const form = useForm<ForgotPasswordRequest>({
    resolver: zodResolver(forgotPasswordRequestSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });
  const submit = form.handleSubmit((values) => props.mutation.mutate(values));
  return (
    <Form onSubmit={submit} gap="sm">
      <Title order={1} size="h2">
        {props.title}
      </Title>
      <Text>{props.intro}</Text>
      {props.mutation.isSuccess && (
        <Alert color="teal" role="status">
          {props.done}
        </Alert>
      )}
      <ErrorAlert error={props.mutation.error} />
      <TextField label="E-mail" type="email" autoComplete="email" {...formField(form, 'email')} />
      <ActionButton type="submit" loading={props.mutation.isPending}>
        Send
      </ActionButton>
      <Anchor component={Link} to="/" size="sm">
        Back to sign in
      </Anchor>
    </Form>
  );
}

export function ForgotPasswordPage() {
  const mutation = useForgotPassword();
  return (
    <EmailRequestForm
      title="Forgot password"
      intro="Enter your e-mail address and we will send you a link to reset your password."
      done="If an account uses this address, a reset link is on its way."
      mutation={mutation}
    />
  );
}

export function ForgotUsernamePage() {
  const mutation = useForgotUsername();
  return (
    <EmailRequestForm
      title="Forgot username"
      intro="Enter your e-mail address and we will send you your username."
      done="If an account uses this address, its username is on its way."
      mutation={mutation}
    />
  );
}
