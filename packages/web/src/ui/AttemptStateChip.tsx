/** The state chip of a module attempt (issue 14): its state in words, the colour only a second cue (issue 15). */
import { Badge } from '@mantine/core';
import type { AttemptState } from '@larmor/contracts/attempts';

export const ATTEMPT_STATE_LABELS: Record<AttemptState, string> = {
  inProgress: 'In progress',
  submitted: 'Submitted',
  inMarking: 'In marking',
  graded: 'Graded',
  released: 'Released',
  regradeRequested: 'Regrade requested',
};

const COLORS: Record<AttemptState, string> = {
  inProgress: 'blue',
  submitted: 'grape',
  inMarking: 'orange',
  graded: 'teal',
  released: 'green',
  regradeRequested: 'red',
};

export function AttemptStateChip(props: { state: AttemptState | null }) {
  if (props.state === null) {
    return (
      <Badge variant="outline" color="gray">
        Not started
      </Badge>
    );
  }
  return (
    <Badge variant="light" color={COLORS[props.state]}>
      {ATTEMPT_STATE_LABELS[props.state]}
    </Badge>
  );
}
