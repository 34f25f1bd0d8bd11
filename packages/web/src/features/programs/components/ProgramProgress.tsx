import { Group, Progress, Text } from '@mantine/core';
import type { ProgramProgress as Progression } from '@larmor/contracts/catalog';
import { dueLabel } from './learning-paths.ts';

/** A program's progress: a labelled bar with the count in words, and the next due date. */
export function ProgramProgress(props: { title: string; progress: Progression; nowMs: number }) {
  const { progress } = props;
  return (
    <div>
      <Progress.Root size="md">
        <Progress.Section
          value={progress.percent}
          aria-label={`Progress in ${props.title}`}
          aria-valuetext={`${progress.percent}%`}
        />
      </Progress.Root>
      <Group justify="space-between" mt={4}>
        <Text size="sm">
          {progress.modulesCompleted} of {progress.modulesTotal} modules completed ({progress.percent}%)
        </Text>
        {progress.nextDueAt !== null && (
          <Text size="sm" fw={600}>
            {dueLabel(progress.nextDueAt, props.nowMs)}
          </Text>
        )}
      </Group>
    </div>
  );
}
