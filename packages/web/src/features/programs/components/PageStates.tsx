/** What a learning-content page shows while loading, when a call failed, and when there is nothing yet. */
import { Center, Loader } from '@mantine/core';
import { EmptyState } from '#ui/PageFrame.tsx';

/** The empty state of the student pages (issue 15: it says what to do next). */
export const NO_PROGRAMS = 'No programs yet — ask your teacher for an invitation';

export function Loading(props: { label: string }) {
  return (
    <Center p="xl">
      <Loader aria-label={props.label} />
    </Center>
  );
}

export function NoPrograms() {
  return (
    <EmptyState
      title={NO_PROGRAMS}
      description="Programs you are enrolled in, or that your organisation opens to you, appear here."
    />
  );
}
