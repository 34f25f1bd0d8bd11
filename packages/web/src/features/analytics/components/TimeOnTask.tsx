/** Time on task of a module's students, in words (the definition is the API's, contracts TIME_ON_TASK_DEFINITION). */
import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { TimeOnTask as TimeOnTaskFigures } from '@larmor/contracts/analytics';
import { formatDuration } from './figures.ts';

export function TimeOnTask(props: { time: TimeOnTaskFigures }) {
  const t = props.time;
  const figures = [
    ['Median per student', formatDuration(t.medianSeconds)],
    ['Mean per student', formatDuration(t.meanSeconds)],
    ['Longest', formatDuration(t.maxSeconds)],
    ['Total', formatDuration(t.studentsWithSessions === 0 ? null : t.totalSeconds)],
    ['Students with sessions', String(t.studentsWithSessions)],
    ['Sessions', String(t.sessions)],
  ] as const;
  return (
    <Stack gap="xs">
      <Text fw={600}>Time on task</Text>
      <SimpleGrid component="dl" cols={{ base: 2, sm: 3 }} spacing="xs" m={0}>
        {figures.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} fw={600}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        The simulator sessions of the module, from opening to close (or to the last sign of activity).
      </Text>
    </Stack>
  );
}
