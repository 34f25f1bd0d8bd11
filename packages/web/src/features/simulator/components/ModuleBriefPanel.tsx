/**
 * The simulator's "Module instructions and objectives" panel (issue 20.2): a disclosure at the top of the scan
 * list, closed at first so the images keep their room (its body stays in the page, hidden, for aria-controls). Its button (Enter or Space) opens the module's
 * instructions and what its objectives ask, with their points (never the thresholds), so a student scans knowing
 * what is asked.
 */
import { memo, useId, useState } from 'react';
import { Box, Text, Title, UnstyledButton } from '@mantine/core';
import type { ObjectiveSummary } from '@larmor/contracts/objectives';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { Markdown } from '#ui/Markdown.tsx';
import { ObjectivesList } from '#ui/ObjectivesList.tsx';
import { useModuleBrief } from '#entities/program/api/get-module-brief.ts';

export const MODULE_BRIEF_LABEL = 'Module instructions and objectives';

/** The disclosure with the module's texts (`brief` undefined while they load). */
export function ModuleBrief(props: {
  brief: { instructions: string; objectiveSummaries: readonly ObjectiveSummary[] } | undefined;
  error?: Error | null;
}) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  return (
    <Box m="xs" data-tour="module-brief">
      <UnstyledButton
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((o) => !o)}
        fw={700}
        fz="sm"
        w="100%"
        p={4}
      >
        <span aria-hidden="true">{open ? '▾' : '▸'}</span> {MODULE_BRIEF_LABEL}
      </UnstyledButton>
      <Box id={bodyId} role="region" aria-label={MODULE_BRIEF_LABEL} p={4} hidden={!open}>
        <ErrorAlert error={props.error ?? null} />
        {props.brief === undefined ? (
          !props.error && <Text size="sm">Loading the module…</Text>
        ) : (
          <>
            <Title order={2} size="h5" mb={4}>
              Instructions
            </Title>
            {props.brief.instructions.trim() === '' ? (
              <Text size="sm">No instructions for this module.</Text>
            ) : (
              <Markdown source={props.brief.instructions} />
            )}
            <Title order={2} size="h5" mt="sm" mb={4}>
              Objectives
            </Title>
            <ObjectivesList objectives={props.brief.objectiveSummaries} />
          </>
        )}
      </Box>
    </Box>
  );
}

/** The panel for the session's module. */
/** Memoised (issue 20, "Speed"): the simulator page renders again when a save refreshes the session; this does not. */
export const ModuleBriefPanel = memo(function ModuleBriefPanel(props: { labId: string }) {
  const brief = useModuleBrief(props.labId);
  return <ModuleBrief brief={brief.data} error={brief.error} />;
});
