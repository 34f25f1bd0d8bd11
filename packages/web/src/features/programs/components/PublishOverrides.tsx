/**
 * The program editor's record of publishing over failing reference checks (issue 21.2): each time the program
 * was published although a module's objectives failed its own reference scan, the reason given, by whom and
 * when, and what failed then. Nothing while there is none.
 */
import { List, Stack, Text, Title } from '@mantine/core';
import type { PublishOverride } from '@larmor/contracts/programs';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { usePublishOverrides } from '#entities/program/api/get-publish-overrides.ts';

/** "Knee basics (Contrast, Scan time)" per failing module. */
const failedText = (override: PublishOverride) =>
  override.failing
    .map((f) => `${f.title ?? 'A module since removed'} (${f.objectiveTitles.join(', ')})`)
    .join('; ');

export function PublishOverridesList(props: { overrides: readonly PublishOverride[] }) {
  if (props.overrides.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby="publish-overrides-heading" gap="xs">
      <Title order={2} size="h4" id="publish-overrides-heading">
        Published over failing reference checks
      </Title>
      <List spacing="xs">
        {props.overrides.map((o) => (
          <List.Item key={o.id}>
            <Text size="sm">
              Published despite failing objectives: {o.reason}, by {o.setBy.name},{' '}
              {new Date(o.setAt).toLocaleString()}
            </Text>
            {o.failing.length > 0 && (
              <Text size="sm" c="dimmed">
                Failing then: {failedText(o)}
              </Text>
            )}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

export function PublishOverrides(props: { programId: string }) {
  const overrides = usePublishOverrides(props.programId);
  if (overrides.error) return <ErrorAlert error={overrides.error} />;
  return <PublishOverridesList overrides={overrides.data?.overrides ?? []} />;
}
