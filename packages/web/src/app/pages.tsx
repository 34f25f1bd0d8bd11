/** Shell pages: /forbidden and the not-found page. */
import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function ForbiddenPage() {
  return (
    <Stack align="center" p="xl">
      <Title order={1}>Forbidden</Title>
      <Text>You do not have permission to open this page.</Text>
      <Button component={Link} to="/dashboard">
        Go to the dashboard
      </Button>
    </Stack>
  );
}

export function NotFoundPage() {
  return (
    <Stack align="center" p="xl">
      <Title order={1}>Page not found</Title>
      <Text>There is nothing at this address.</Text>
      <Anchor component={Link} to="/">
        Go to the home page
      </Anchor>
    </Stack>
  );
}
