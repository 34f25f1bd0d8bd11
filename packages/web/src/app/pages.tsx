/** Shell pages: /forbidden, the not-found page, and the frame of pages that later issues fill in. */
import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { Link, Outlet, useParams } from 'react-router';
import { EmptyState, PageFrame } from '../ui/PageFrame.tsx';

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

/** A page whose content a later issue builds: its real title and an empty state, never a blank screen. */
export function PlaceholderPage(props: { title: string; empty?: string }) {
  const params = useParams();
  const context = Object.entries(params)
    .filter(([key]) => key !== '*')
    .map(([key, value]) => `${key} ${value ?? ''}`)
    .join(' · ');
  return (
    <PageFrame title={props.title}>
      {context !== '' && <Text c="dimmed">{context}</Text>}
      <EmptyState
        title={props.empty ?? 'Nothing here yet'}
        description="This page fills in as content is added."
      />
      <Outlet />
    </PageFrame>
  );
}
