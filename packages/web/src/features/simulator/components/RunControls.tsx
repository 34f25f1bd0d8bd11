/**
 * Run and Cancel for the selected sequence: Run while the protocol has no conflict and the server has not refused
 * it (it is saved first), then the running scan's progress from the session's events, with Cancel; a refusal or
 * failure that names no field shows beside them.
 */
import { memo } from 'react';
import { Alert, Button, Group, Progress, Text } from '@mantine/core';
import type { PulseSequence } from '@larmor/contracts/sessions';
import { StatusChip } from './StatusChip.tsx';

/** Memoised (issue 20, "Speed": input to paint): a parameter edit that leaves its props alone does not render it. */
export const RunControls = memo(function RunControls(props: {
  sequence: PulseSequence;
  canRun: boolean;
  busy: boolean;
  /** A refused save or failed call that names no field of the panel. */
  notice?: string | undefined;
  onRun: () => void;
  onCancel: () => void;
}) {
  const { sequence } = props;
  const running = sequence.status === 'running';
  const progress = sequence.lastScan?.progress ?? 0;
  return (
    <Group gap="sm" wrap="nowrap" align="center" data-tour="run" className="larmor-keep-buttons">
      <StatusChip status={sequence.status} />
      {running ? (
        <>
          <Progress
            value={progress}
            w={160}
            aria-label={`${sequence.name}: ${Math.round(progress)} % scanned`}
            animated
          />
          <Text size="sm">{Math.round(progress)} %</Text>
          <Button variant="default" onClick={props.onCancel} loading={props.busy}>
            Cancel
          </Button>
        </>
      ) : (
        <Button onClick={props.onRun} disabled={!props.canRun} loading={props.busy}>
          Run
        </Button>
      )}
      {props.notice !== undefined && (
        <Alert color="red" p="xs">
          {props.notice}
        </Alert>
      )}
      {sequence.status === 'error' && sequence.lastScan?.errorMessage && (
        <Alert color="red" p="xs">
          {sequence.lastScan.errorMessage}
        </Alert>
      )}
    </Group>
  );
});
