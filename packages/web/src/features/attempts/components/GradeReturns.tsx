/**
 * The grade page's section on grade return (LTI AGS, issue 27.4): for each learning platform line item the
 * student launched the module from, whether the released score is pending, sent or failed, and why; a failed one
 * can be sent again once its cause is fixed in the platform.
 */
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { LtiGradeReturn } from '@larmor/contracts/lti-ags';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { useRetryGradeReturns } from '#entities/attempt/api/attempts.ts';
import { gradeReturnLine } from './grade-returns.ts';

const HEADING_ID = 'grade-return-heading';

export function GradeReturns({
  attemptId,
  returns,
}: {
  attemptId: string;
  returns: readonly LtiGradeReturn[];
}) {
  const retry = useRetryGradeReturns(attemptId);
  if (returns.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby={HEADING_ID}>
      <Title order={2} size="h3" id={HEADING_ID}>
        Grade return to the learning platform
      </Title>
      <Stack component="ul" gap="xs" m={0} pl={0} style={{ listStyle: 'none' }}>
        {returns.map((r) => {
          const line = gradeReturnLine(r);
          return (
            <Stack component="li" gap={2} key={r.lineItem}>
              <Group gap="sm">
                <Text fw={600}>{r.platformName}</Text>
                <Badge variant="light" color={line.color}>
                  {line.label}
                </Badge>
                <Text size="sm">{line.score}</Text>
              </Group>
              {line.detail !== null && (
                <Text size="sm" c={r.status === 'failed' ? 'red' : 'dimmed'}>
                  {line.detail}
                </Text>
              )}
            </Stack>
          );
        })}
      </Stack>
      {returns.some((r) => r.status === 'failed') && (
        <Group>
          <Button variant="default" loading={retry.isPending} onClick={() => retry.mutate()}>
            Send again
          </Button>
        </Group>
      )}
      <ErrorAlert error={retry.error} />
    </Stack>
  );
}
