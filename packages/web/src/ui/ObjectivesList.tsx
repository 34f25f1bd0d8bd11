/**
 * A module's objectives as a student reads them before scanning (issue 20.2): each title with its points, and the
 * total, and which must pass (issue 21). Only the student-safe summaries (contracts `ObjectiveSummary`): what is asked, never the thresholds.
 */
import { List, Text } from '@mantine/core';
import type { ObjectiveSummary } from '@larmor/contracts/objectives';

const pointsLabel = (points: number) => `${points} ${points === 1 ? 'point' : 'points'}`;

export function ObjectivesList(props: { objectives: readonly ObjectiveSummary[] }) {
  if (props.objectives.length === 0) return <Text>This module has no automatic objectives.</Text>;
  const total = props.objectives.reduce((sum, o) => sum + o.points, 0);
  return (
    <>
      <List>
        {props.objectives.map((o) => (
          <List.Item key={o.id}>
            {o.title} — {pointsLabel(o.points)}
            {o.mustPass ? ' (required: must pass)' : ''}
          </List.Item>
        ))}
      </List>
      <Text mt="xs" fw={700}>
        Total: {pointsLabel(total)}
      </Text>
    </>
  );
}
