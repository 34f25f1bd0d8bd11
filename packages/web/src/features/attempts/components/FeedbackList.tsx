/**
 * The automatic feedback of a submission: each check passed or failed (said in words and by an icon, not by
 * colour alone), what was measured, the target, a hint that teaches, what to change (each parameter linked to
 * where the knowledge base explains it) and the article that teaches the check. Points appear only once the grade is released.
 * A check the author marked as required (`mustPass`) says so; the submission meets the module's requirements only
 * when every required check passes, whatever its points, and the summary says which failed.
 */
import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { CheckResult } from '@larmor/contracts/objectives';
import { checkHelpHref, requirementsOf } from './submission.ts';

function CheckCard(props: { check: CheckResult; title: string; showPoints: boolean }) {
  const { check } = props;
  // Results stored before issue 20 carry no article: the kind's page stands in.
  const help = check.learnMore?.href ?? checkHelpHref(check.kind);
  const helpTitle = check.learnMore?.title;
  return (
    <Card
      withBorder
      padding="sm"
      component="li"
      aria-label={`${props.title}: ${check.passed ? 'passed' : 'failed'}`}
    >
      <Stack gap={4}>
        <Group justify="space-between">
          <Text fw={700}>{props.title}</Text>
          <Group gap="xs">
            {check.mustPass && (
              <Badge variant="outline" color="gray">
                Required
              </Badge>
            )}
            {props.showPoints && (
              <Text size="sm">
                {check.points} / {check.maxPoints} points
              </Text>
            )}
            <Badge variant="light" color={check.passed ? 'teal' : 'red'}>
              {check.passed ? '✓ Passed' : '✗ Failed'}
            </Badge>
          </Group>
        </Group>
        <Text size="sm">
          <Text span fw={600}>
            Measured:
          </Text>{' '}
          {check.measured ?? 'could not be measured'}
        </Text>
        <Text size="sm">
          <Text span fw={600}>
            Target:
          </Text>{' '}
          {check.target}
        </Text>
        <Text size="sm">{check.hint}</Text>
        {check.change.length > 0 && (
          <Text size="sm">
            <Text span fw={600}>
              What to change:
            </Text>{' '}
            {check.change.map((c, i) => (
              <span key={c.key}>
                {i > 0 && ', '}
                {c.href === null ? (
                  c.label
                ) : (
                  <Anchor href={c.href} target="_blank" rel="noopener" size="sm">
                    {c.label}
                  </Anchor>
                )}
              </span>
            ))}
          </Text>
        )}
        {help !== undefined && (
          <Anchor href={help} target="_blank" rel="noopener" size="sm">
            {helpTitle === undefined
              ? 'Learn more in the knowledge base'
              : `Learn more in the knowledge base: ${helpTitle}`}
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}

export function FeedbackList(props: {
  checks: readonly CheckResult[];
  titles: ReadonlyMap<string, string>;
  showPoints: boolean;
}) {
  if (props.checks.length === 0) {
    return <Text c="dimmed">This module has no automatic checks; your teacher grades it.</Text>;
  }
  const passed = props.checks.filter((c) => c.passed).length;
  const requirements = requirementsOf(props.checks, props.titles);
  return (
    <Stack gap="xs">
      <Text>
        {passed} of {props.checks.length} checks passed.
      </Text>
      {requirements !== null && (
        <Text fw={600} role="status">
          {requirements}
        </Text>
      )}
      <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {props.checks.map((check) => (
          <CheckCard
            key={check.objectiveId}
            check={check}
            title={props.titles.get(check.objectiveId) ?? check.target}
            showPoints={props.showPoints}
          />
        ))}
      </Stack>
    </Stack>
  );
}
