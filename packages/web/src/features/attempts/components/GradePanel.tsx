/**
 * The released grade: score, the teacher's comment, the rubric with each criterion's comment, and the regrade
 * request (once per attempt, with a reason). The feedback drawn on the images is on the submitted series
 * (SubmittedSeries), drawn and listed.
 */
import { useState } from 'react';
import { Card, List, Stack, Text, Textarea, Title } from '@mantine/core';
import { REGRADE_REASON_MAX_LENGTH, type LabAttempt } from '@larmor/contracts/attempts';
import { ActionButton } from '#ui/ActionButton.tsx';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { toast } from '#ui/toast.ts';
import { useRequestRegrade } from '#entities/attempt/api/attempts.ts';
import { canRequestRegrade, releasedAutomatically } from './submission.ts';

function RegradeForm(props: { attemptId: string }) {
  const regrade = useRequestRegrade(props.attemptId);
  const [reason, setReason] = useState('');
  return (
    <Stack gap="xs">
      <Textarea
        label="Ask for a regrade (once): why?"
        value={reason}
        maxLength={REGRADE_REASON_MAX_LENGTH}
        onChange={(e) => setReason(e.currentTarget.value)}
        autosize
        minRows={2}
      />
      <ErrorAlert error={regrade.error} />
      <ActionButton
        variant="default"
        disabled={reason.trim() === ''}
        loading={regrade.isPending}
        onClick={() => regrade.mutate(reason.trim(), { onSuccess: () => toast.success('Regrade requested') })}
      >
        Request regrade
      </ActionButton>
    </Stack>
  );
}

export function GradePanel(props: { attempt: LabAttempt }) {
  const { attempt } = props;
  const grade = attempt.grade;
  if (grade === null) {
    return <Text c="dimmed">Your teacher&apos;s grade and comments appear here once they are released.</Text>;
  }
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Grade: {grade.score} / {grade.maxScore}
        </Title>
        {releasedAutomatically(attempt) && (
          <Text size="sm">Graded automatically and released: your automatic score is your grade.</Text>
        )}
        {grade.comment !== '' && (
          <Text style={{ whiteSpace: 'pre-wrap' }}>
            <Text span fw={600}>
              Teacher&apos;s comment:
            </Text>{' '}
            {grade.comment}
          </Text>
        )}
        <List>
          {grade.criteria.map((c) => (
            <List.Item key={c.id}>
              {c.title ?? c.id}: {c.points} / {c.maxPoints}
              {c.comment !== undefined && c.comment !== '' ? ` — ${c.comment}` : ''}
            </List.Item>
          ))}
        </List>
        {attempt.regradeReason !== null && (
          <Text size="sm">You asked for a regrade: {attempt.regradeReason}</Text>
        )}
        {canRequestRegrade(attempt.state, attempt.regradeReason) && <RegradeForm attemptId={attempt.id} />}
      </Stack>
    </Card>
  );
}
