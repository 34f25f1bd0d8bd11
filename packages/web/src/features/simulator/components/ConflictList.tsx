/**
 * The protocol's conflicts: what each limit is and why, with one-click fixes the user chooses ("Set TE to 4.8 ms",
 * "Raise bandwidth to 390 Hz/px", "Thicker slice (3.2 mm)"). Nothing changes until a fix is pressed.
 */
import { memo } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import type { Conflict } from '../state/conflicts.ts';
import type { ParameterChange } from '../state/protocol-editor.ts';

/** Memoised (issue 20, "Speed": input to paint): a parameter edit that leaves its props alone does not render it. */
export const ConflictList = memo(function ConflictList(props: {
  conflicts: readonly Conflict[];
  onFix: (change: ParameterChange) => void;
}) {
  return (
    <Stack gap="xs" aria-live="polite" aria-label="Conflicts" role="region">
      {props.conflicts.map(({ violation, fixes }) => (
        <Alert key={`${violation.parameter}:${violation.rule}`} color="red" variant="light" p="xs">
          {violation.message}
          {fixes.length > 0 && (
            <Group gap="xs" mt={6}>
              {fixes.map((fix) => (
                <Button
                  key={fix.label}
                  size="compact-sm"
                  variant="default"
                  onClick={() => props.onFix(fix.change)}
                >
                  {fix.label}
                </Button>
              ))}
            </Group>
          )}
        </Alert>
      ))}
    </Stack>
  );
});
