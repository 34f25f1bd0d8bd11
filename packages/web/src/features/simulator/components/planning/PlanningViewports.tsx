/**
 * Planning: the three localisers (sagittal, coronal, axial), taken through the session's isocentre, with the
 * selected sequence's slice stack in Box View or Slice View (a Display Option, saved with the session), the
 * other sequences' stacks where they intersect (when that option is on) and the viewers' text (likewise).
 * Moves dispatch the parameter panel's own `geometry` action, so the Geometry card follows and the workspace
 * saves the spatials SETTINGS_DEBOUNCE_MS after the last move.
 */
import { Box, Group, SegmentedControl, Text } from '@mantine/core';
import type { Protocol } from '@larmor/mri/sequence/protocol';
import type { DisplayOptions, PlanningView } from '#entities/session/display-options.ts';
import type { ProtocolEditorAction } from '../../state/protocol-editor.ts';
import { LocaliserViewport, type OtherStack } from './LocaliserViewport.tsx';

const ORIENTATIONS = ['sagittal', 'coronal', 'axial'] as const;

export function PlanningViewports(props: {
  sessionId: string;
  protocol: Protocol;
  sequenceName: string;
  disabled: boolean;
  dispatch: (action: ProtocolEditorAction) => void;
  display: DisplayOptions;
  onView: (view: PlanningView) => void;
  /** The session's other stacks (drawn when the intersections option is on). */
  others: readonly OtherStack[];
  /** Changes when the isocentre does, so the localisers are fetched again. */
  isocentreKey: string;
}) {
  const view = props.display.view;
  return (
    <Box component="section" aria-labelledby="planning-title" data-tour="planning" mt="md">
      <Group justify="space-between" mb={6}>
        <Text id="planning-title" fw={600} size="sm">
          Planning
        </Text>
        <SegmentedControl
          size="xs"
          aria-label="Stack display"
          value={view}
          onChange={(v) => props.onView(v === 'slice' ? 'slice' : 'box')}
          data={[
            { value: 'box', label: 'Box View' },
            { value: 'slice', label: 'Slice View' },
          ]}
        />
      </Group>
      <Box style={{ display: 'grid', gap: 8, gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))' }}>
        {ORIENTATIONS.map((orientation) => (
          <LocaliserViewport
            key={orientation}
            sessionId={props.sessionId}
            orientation={orientation}
            protocol={props.protocol}
            sequenceName={props.sequenceName}
            view={view}
            showText={props.display.textOnViewers}
            tissueOnHover={props.display.tissueOnHover}
            others={props.display.intersections ? props.others : []}
            isocentreKey={props.isocentreKey}
            disabled={props.disabled}
            onGeometry={(geometry) => props.dispatch({ type: 'geometry', geometry })}
          />
        ))}
      </Box>
    </Box>
  );
}
