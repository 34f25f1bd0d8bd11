import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { LabSummary } from '@larmor/contracts/programs';
import { EmptyState } from '#ui/PageFrame.tsx';
import { browseModulePath, dueLabel } from './learning-paths.ts';
import { BADGE_COLORS } from './badge-colors.ts';

/** A course's modules, each linking to its module page, with duration, due date and the free badge. */
export function ModuleList(props: { programId: string; modules: readonly LabSummary[]; nowMs: number }) {
  const modules = props.modules.filter((m) => !m.archived);
  if (modules.length === 0) return <EmptyState title="No modules in this course yet" />;
  return (
    <Stack component="ol" gap="xs" style={{ paddingLeft: 20, margin: 0 }}>
      {modules.map((lab) => (
        <li key={lab.id}>
          <Group gap="xs">
            <Anchor component={Link} to={browseModulePath(props.programId, lab.courseId, lab.id)}>
              {lab.title}
            </Anchor>
            {lab.free && (
              <Badge color={BADGE_COLORS.info} size="sm">
                Free
              </Badge>
            )}
            {lab.estimatedDurationMin !== null && <Text size="sm">{lab.estimatedDurationMin} min</Text>}
            {lab.dueAt !== null && (
              <Text size="sm" fw={600}>
                {dueLabel(lab.dueAt, props.nowMs)}
              </Text>
            )}
          </Group>
        </li>
      ))}
    </Stack>
  );
}
