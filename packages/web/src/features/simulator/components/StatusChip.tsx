/** A scan's status as a chip that carries its text (never colour alone), with its progress while it runs. */
import { Badge } from '@mantine/core';
import type { ScanStatus } from '@larmor/contracts/sessions';

export const STATUS_TEXT: Record<ScanStatus, string> = {
  unsaved: 'Unsaved',
  runnable: 'Ready',
  running: 'Running',
  finished: 'Finished',
  error: 'Error',
  cancelled: 'Cancelled',
  'cancelled-error': 'Cancelled (error)',
};

const STATUS_COLOR: Record<ScanStatus, string> = {
  unsaved: 'gray',
  runnable: 'larmor',
  running: 'yellow',
  finished: 'teal',
  error: 'red',
  cancelled: 'gray',
  'cancelled-error': 'red',
};

export function StatusChip(props: { status: ScanStatus; progress?: number | undefined }) {
  const running = props.status === 'running' && props.progress !== undefined;
  return (
    <Badge color={STATUS_COLOR[props.status]} variant="light" size="sm">
      {STATUS_TEXT[props.status]}
      {running ? ` ${Math.round(props.progress ?? 0)} %` : ''}
    </Badge>
  );
}
