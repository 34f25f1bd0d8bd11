/**
 * Teachers' roster sync on the module page (LTI NRPS, issue 27.5): reads the members of the learning platform
 * courses the module was launched from, makes their accounts and enrols them in the program; says what it did.
 */
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { useSyncLtiRoster } from '#entities/program/api/sync-lti-roster.ts';
import { rosterSyncSummary } from './roster-sync.ts';

export function RosterSync({ labId }: { labId: string }) {
  const sync = useSyncLtiRoster();
  return (
    <Stack gap="xs" component="section" aria-labelledby="roster-sync-heading">
      <Title order={2} size="h4" id="roster-sync-heading">
        Learning platform roster
      </Title>
      <Text size="sm">
        Students who open this module from your learning platform join its program. Sync to add the whole
        course at once.
      </Text>
      <Group>
        <Button variant="default" loading={sync.isPending} onClick={() => sync.mutate(labId)}>
          Sync roster from the learning platform
        </Button>
      </Group>
      <ErrorAlert error={sync.error} />
      {sync.data && <Text role="status">{rosterSyncSummary(sync.data)}</Text>}
    </Stack>
  );
}
