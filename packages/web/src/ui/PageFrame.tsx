import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';

/** The frame of every page: its title, optional actions, and the content (or an empty state). */
export function PageFrame(props: { title: string; actions?: ReactNode; children?: ReactNode }) {
  return (
    <Stack component="section" gap="md" p="lg" aria-label={props.title}>
      <header style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 16 }}>
        <Title order={1} size="h2">
          {props.title}
        </Title>
        {props.actions}
      </header>
      {props.children}
    </Stack>
  );
}

/** What a page shows when it has nothing to show yet. */
export function EmptyState(props: { title: string; description?: string }) {
  return (
    <Stack
      role="status"
      align="center"
      gap={4}
      py="xl"
      style={{ border: '1px dashed var(--mantine-color-gray-4)', borderRadius: 8 }}
    >
      <Text fw={600}>{props.title}</Text>
      {props.description !== undefined && <Text c="dimmed">{props.description}</Text>}
    </Stack>
  );
}
