/**
 * Attempt replay on the grade page (issue 14): what the student did in the attempt's simulator sessions, oldest
 * first — sequences added, renamed, moved, deleted; parameter, planning and configuration changes old → new;
 * runs and how they ended — as a timeline with the time of each step. Loading, "No data" and error states.
 */
import { Loader, Stack, Text, Timeline, Title } from '@mantine/core';
import type { TimelineEntry } from '@larmor/contracts/activity';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { EmptyState } from '#ui/PageFrame.tsx';
import { useAttemptTimeline } from '#entities/attempt/api/timeline.ts';

const HEADING_ID = 'attempt-replay-heading';

function Entry({ entry }: { entry: TimelineEntry }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        <time dateTime={entry.at}>{new Date(entry.at).toLocaleString()}</time>
      </Text>
      {entry.changes.length > 0 && (
        <Stack component="ul" gap={0} m={0} pl="md">
          {entry.changes.map((change) => (
            <Text component="li" size="sm" key={change.name}>
              {change.label}: {change.from ?? '—'} → {change.to}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

export function AttemptTimeline({ attemptId }: { attemptId: string }) {
  const timeline = useAttemptTimeline(attemptId);
  return (
    <Stack gap="sm" component="section" aria-labelledby={HEADING_ID}>
      <Title order={2} size="h3" id={HEADING_ID}>
        Attempt replay
      </Title>
      {timeline.isPending && <Loader aria-label="Loading the attempt replay" />}
      <ErrorAlert error={timeline.error} />
      {timeline.data?.entries.length === 0 && (
        <EmptyState title="No data" description="Nothing was done in the simulator for this attempt." />
      )}
      {timeline.data && timeline.data.entries.length > 0 && (
        <Timeline active={timeline.data.entries.length - 1} bulletSize={14} lineWidth={2}>
          {timeline.data.entries.map((entry) => (
            <Timeline.Item key={entry.id} title={entry.summary}>
              <Entry entry={entry} />
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Stack>
  );
}
