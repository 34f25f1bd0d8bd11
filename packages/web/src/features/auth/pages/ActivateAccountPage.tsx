/** /activate-account/:token: activates the account of the link in the welcome mail. */
import { Alert, Anchor, Loader, Stack, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { useActivateAccount } from '#entities/account/api/activate-account.ts';

export function ActivateAccountPage() {
  const { token = '' } = useParams();
  const activation = useActivateAccount(token);
  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Account activation
      </Title>
      {activation.isPending && <Loader aria-label="Activating" />}
      {activation.isSuccess && (
        <Alert color="teal" role="status">
          Your account is active. You can sign in now.
        </Alert>
      )}
      <ErrorAlert error={activation.error} />
      <Anchor component={Link} to="/">
        Go to sign in
      </Anchor>
    </Stack>
  );
}
