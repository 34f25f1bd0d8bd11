/**
 * Planning: the three localisers (sagittal, coronal, axial), taken through the session's isocentre or through the
 * centre of the region picked above them, with the selected sequence's slice stack in Box View or Slice View (a
 * Display Option, saved with the session), the fold-over zone, the other sequences' stacks where they intersect
 * (when that option is on) and the viewers' text (likewise).
 * Moves and rotations dispatch the parameter panel's own `geometry` action, and dragged edges its `edit` action
 * for FOV read, FOV phase or the slice count (values already clamped to the editor's ranges), so validation,
 * conflicts and the cards follow, and the workspace saves SETTINGS_DEBOUNCE_MS after the last change.
 * The localisers and the header are memoised, drawn from the protocol's planning fields only (issue 20, "Speed":
 * a contrast edit does not draw them again); the edge handles read the editor's ranges when dragged.
 */
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Box, Group, SegmentedControl, Select, Text } from '@mantine/core';
import type { ActiveSession } from '@larmor/contracts/sessions';
import type { Protocol, Scanner, SliceGeometry } from '@larmor/mri';
import { planDefinitions } from '@larmor/mri/sequence';
import type { DisplayOptions, PlanningView } from '#entities/session/display-options.ts';
import type { ProtocolEditorAction } from '../../state/protocol-editor.ts';
import type { UnitPreferences } from '../../state/units.ts';
import type { ResizeResult } from '../../state/planning-handles.ts';
import { LocaliserViewport, type OtherStack } from './LocaliserViewport.tsx';
import { usePlanningProtocol } from './use-planning-protocol.ts';

const ORIENTATIONS = ['sagittal', 'coronal', 'axial'] as const;
/** The region picker's value for the session's own isocentre (no regionId). */
const ISOCENTRE = 'isocentre';
/** No other stacks drawn (the intersections option is off): one array, so the localisers' props stay equal. */
const NO_OTHERS: readonly OtherStack[] = [];

/** The title, the region picker and the Box/Slice View switch. */
const PlanningHeader = memo(function PlanningHeader(props: {
  regions: ActiveSession['regions'];
  /** The region picker's value. */
  picked: string;
  onPick: (value: string) => void;
  view: PlanningView;
  onView: (view: PlanningView) => void;
}) {
  const { onView } = props;
  return (
    <Group justify="space-between" mb={6} gap="xs">
      <Text id="planning-title" fw={600} size="sm">
        Planning
      </Text>
      <Group gap="xs">
        {props.regions.length > 0 && (
          <Select
            size="xs"
            label="Localiser region"
            allowDeselect={false}
            value={props.picked}
            onChange={(value) => props.onPick(value ?? ISOCENTRE)}
            data={[
              { value: ISOCENTRE, label: 'Whole body (isocentre)' },
              ...props.regions.map((r) => ({ value: String(r.id), label: r.name })),
            ]}
            styles={{ root: { display: 'flex', alignItems: 'center', gap: 6 } }}
          />
        )}
        <SegmentedControl
          size="xs"
          aria-label="Stack display"
          value={props.view}
          onChange={(v) => onView(v === 'slice' ? 'slice' : 'box')}
          data={[
            { value: 'box', label: 'Box View' },
            { value: 'slice', label: 'Slice View' },
          ]}
        />
      </Group>
    </Group>
  );
});

export function PlanningViewports(props: {
  sessionId: string;
  protocol: Protocol;
  scanner: Scanner;
  /** The session is on the free plan: dragged edges stay within its FOV and slice limits. */
  freePlan: boolean;
  units: UnitPreferences;
  sequenceName: string;
  disabled: boolean;
  dispatch: (action: ProtocolEditorAction) => void;
  display: DisplayOptions;
  onView: (view: PlanningView) => void;
  /** The session's other stacks (drawn when the intersections option is on). */
  others: readonly OtherStack[];
  /** Changes when the isocentre does, so the localisers are fetched again. */
  isocentreKey: string;
  /** The anatomical model's regions (the region picker's choices). */
  regions: ActiveSession['regions'];
}) {
  const { protocol, scanner, freePlan, dispatch } = props;
  const view = props.display.view;
  const [picked, setPicked] = useState(ISOCENTRE);
  const region = props.regions.find((r) => String(r.id) === picked);
  // The editor's ranges for the protocol on screen, read by the edge handles when dragged.
  const definitions = useMemo(
    () => planDefinitions(protocol, scanner, freePlan),
    [protocol, scanner, freePlan],
  );
  const shownDefinitions = useRef(definitions);
  useLayoutEffect(() => {
    shownDefinitions.current = definitions;
  }, [definitions]);
  const definitionsNow = useCallback(() => shownDefinitions.current, []);
  const planned = usePlanningProtocol(protocol);
  const onGeometry = useCallback(
    (geometry: SliceGeometry) => dispatch({ type: 'geometry', geometry }),
    [dispatch],
  );
  const onResize = useCallback(
    (result: ResizeResult) => {
      if (planned[result.key] !== result.value)
        dispatch({ type: 'edit', key: result.key, value: result.value });
    },
    [planned, dispatch],
  );
  return (
    <Box component="section" aria-labelledby="planning-title" data-tour="planning" mt="md">
      <PlanningHeader
        regions={props.regions}
        picked={region ? picked : ISOCENTRE}
        onPick={setPicked}
        view={view}
        onView={props.onView}
      />
      <Box style={{ display: 'grid', gap: 8, gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))' }}>
        {ORIENTATIONS.map((orientation) => (
          <LocaliserViewport
            key={orientation}
            sessionId={props.sessionId}
            orientation={orientation}
            protocol={planned}
            sequenceName={props.sequenceName}
            view={view}
            showText={props.display.textOnViewers}
            tissueOnHover={props.display.tissueOnHover}
            others={props.display.intersections ? props.others : NO_OTHERS}
            isocentreKey={props.isocentreKey}
            regionId={region?.id}
            through={region ? `the centre of the ${region.name} region` : 'the isocentre'}
            definitions={definitionsNow}
            units={props.units}
            disabled={props.disabled}
            onGeometry={onGeometry}
            onResize={onResize}
          />
        ))}
      </Box>
    </Box>
  );
}
