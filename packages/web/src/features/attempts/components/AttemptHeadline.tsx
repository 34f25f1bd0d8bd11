import type { ReactNode } from 'react';
import { Badge, Group, Text } from '@mantine/core';
import type { LabAttempt } from '@larmor/contracts/attempts';
import { AttemptStateChip } from '#ui/AttemptStateChip.tsx';

/** An attempt's number, state and lateness in one line, then what the page adds (`children`). */
export function AttemptHeadline({
  attempt,
  children,
}: {
  attempt: Pick<LabAttempt, 'number' | 'state' | 'late'>;
  children?: ReactNode;
}) {
  return (
    <Group gap="sm">
      <Text fw={600}>Attempt {attempt.number}</Text>
      <AttemptStateChip state={attempt.state} />
      {attempt.late && (
        <Badge variant="outline" color="orange">
          Late
        </Badge>
      )}
      {children}
    </Group>
  );
}
