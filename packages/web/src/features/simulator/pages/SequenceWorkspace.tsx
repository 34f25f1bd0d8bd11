/**
 * The selected sequence's workspace in the simulator: the live preview of its centre slice, its last scan, the
 * planning localisers, and its parameter cards with the values computed as the user types and the conflicts with
 * their fixes. The editor is a pure reducer over the sequence's protocol, saved (PATCH) 350 ms after the last
 * change once it has no conflict; Run first waits for the protocol on screen to be stored and runs only if it was
 * (issue 20.6: what you see is what you scan).
 *
 * An edit renders again only what depends on it (issue 20, "Speed": input to paint): the panels are memoised and
 * get values and handlers that keep their identity while what they show is unchanged.
 */
import { READING_ONLY_MODEL_ID } from '@larmor/contracts/catalog';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Box, Group, Stack, Text, Title } from '@mantine/core';
import { SETTINGS_DEBOUNCE_MS } from '@larmor/contracts/constants';
import {
  type ActiveSession,
  type ConfigurationValue,
  type PulseSequence,
  type SessionConfigurationName,
} from '@larmor/contracts/sessions';
import type { Protocol } from '@larmor/mri';
import { planDefinitions } from '@larmor/mri/sequence';
import { isKeyStep } from '#ui/key-step.ts';
import { cancelPulseSequence } from '#entities/pulse-sequence/api/cancel-pulse-sequence.ts';
import { settingValue } from '#entities/session/configuration.ts';
import { runPulseSequence } from '#entities/pulse-sequence/api/run-pulse-sequence.ts';
import { ConflictList } from '../components/ConflictList.tsx';
import { DerivedPanel } from '../components/DerivedPanel.tsx';
import { EcgStrip } from '../components/EcgStrip.tsx';
import { PlanningViewports } from '../components/planning/PlanningViewports.tsx';
import { ParameterPanel } from '../components/ParameterPanel.tsx';
import { RunControls } from '../components/RunControls.tsx';
import { SeriesViewport } from '../components/SeriesViewport.tsx';
import { SimulatorColumns } from '../components/SimulatorColumns.tsx';
import { PreviewImage } from '../preview/PreviewImage.tsx';
import { createPreviewHold } from '../preview/preview-hold.ts';
import { usePreview } from '../preview/use-preview.ts';
import { conflictsOf, derivedValues, type Conflict } from '../state/conflicts.ts';
import {
  initialEditorState,
  isRefused,
  protocolEditorReducer,
  type ParameterChange,
  type ProtocolEditorAction,
} from '../state/protocol-editor.ts';
import { messageOf } from '../state/refusal.ts';
import { isScanRunning } from '../state/scan-events.ts';
import {
  displayOptionChange,
  displayOptionsOf,
  type PlanningView,
} from '#entities/session/display-options.ts';
import { isocentreKeyOf } from '../state/isocenter.ts';
import { otherStacks } from '../state/scan-list.ts';
import {
  noiseLevelOf,
  previewSettingsOf,
  scannerOf,
  showsSusceptibility,
  systemSettings,
} from '../state/session-view.ts';
import { formatTime, type UnitPreferences } from '../state/units.ts';
import { useProtocolSave } from './use-protocol-save.ts';

/** The workspace's two columns' contents, given to the slots inside the memoised columns. */
const ColumnContents = createContext<{ workspace: ReactNode; parameters: ReactNode } | undefined>(undefined);

function useColumnContents() {
  const contents = useContext(ColumnContents);
  if (!contents) throw new Error('a workspace column outside its SequenceWorkspace');
  return contents;
}

function WorkspaceSlot() {
  return useColumnContents().workspace;
}

function ParametersSlot() {
  return useColumnContents().parameters;
}

/** No conflict: one array, so the memoised list keeps its props while the protocol stays free of them. */
const NO_CONFLICTS: readonly Conflict[] = [];

export function SequenceWorkspace(props: {
  active: ActiveSession;
  sequence: PulseSequence;
  initial: Protocol;
  units: UnitPreferences;
  onSaved: () => unknown;
  onSetting: (name: SessionConfigurationName, value: ConfigurationValue) => Promise<void>;
  /** Runs a call of the workspace, its failure shown above the scan list. */
  attempt: (what: string, call: () => Promise<unknown>) => void;
  /** The scan list, the first column. */
  scanList: ReactNode;
  /** The model has a cardiac phase (the ECG display option draws it). */
  cardiac: boolean;
  /** The series picked in the scan list to show in the scan viewport; its last finished scan when undefined. */
  shownScanId?: string | undefined;
  /** Which of the shown DWI scan's series the viewport shows ('' the scan itself; issue 23.7), and its change. */
  shownSeries?: string;
  onPickSeries?: (series: string) => void;
}) {
  const { active, sequence, units } = props;
  const display = useMemo(() => displayOptionsOf(active.configuration), [active.configuration]);
  const others = useMemo(
    () => otherStacks(active.pulseSequences, sequence.id),
    [active.pulseSequences, sequence.id],
  );
  const scanner = useMemo(() => scannerOf(active.configuration), [active.configuration]);
  const freePlan = active.session.freePlan;
  const [editor, dispatchToReact] = useReducer(protocolEditorReducer, undefined, () =>
    initialEditorState(props.initial, scanner, freePlan),
  );
  const protocol = editor.protocol;
  const modelId = active.lab.anatomicalModelId;
  const derived = useMemo(() => derivedValues(protocol, scanner, modelId), [protocol, scanner, modelId]);
  const conflicts = useMemo(() => {
    const found = conflictsOf(protocol, scanner, units, freePlan);
    return found.length === 0 ? NO_CONFLICTS : found;
  }, [protocol, scanner, units, freePlan]);
  const previewSettings = useMemo(() => previewSettingsOf(active.configuration), [active.configuration]);
  const preview = usePreview(
    active.lab.anatomicalModelId,
    previewSettings,
    protocol,
    scanner,
    noiseLevelOf(active.configuration),
    showsSusceptibility(active.configuration, active.session.backend),
  );

  // An edit's preview is asked for as its input arrives, before React renders the edit (issue 20, "Speed": the
  // worker computes while the workspace renders). The reducer is pure: the state it gives here is the one React
  // will render; `latest` follows the edits dispatched since the last render. A keyboard step's edit is rendered
  // with its preview's answer (preview-hold.ts), other edits at once.
  const latest = useRef(editor);
  useLayoutEffect(() => {
    latest.current = editor;
  }, [editor]);
  const { requestNow, store: previewStore } = preview;
  const hold = useMemo(() => createPreviewHold(previewStore), [previewStore]);
  useEffect(() => hold.cancel, [hold]);
  const dispatch = useCallback(
    (action: ProtocolEditorAction) => {
      const next = protocolEditorReducer(latest.current, action);
      const requested = next.protocol !== latest.current.protocol && requestNow(next.protocol);
      latest.current = next;
      if (requested && isKeyStep()) {
        hold.hold(() => dispatchToReact(action));
      } else {
        hold.release();
        dispatchToReact(action);
      }
    },
    [requestNow, hold],
  );

  const { onSaved } = props;
  const shownKeys = useCallback(
    (p: Protocol) => new Set<string>(planDefinitions(p, scanner, freePlan).map((d) => d.key)),
    [scanner, freePlan],
  );
  const save = useProtocolSave({
    sessionId: active.session.id,
    sequenceId: sequence.id,
    initial: props.initial,
    dispatch,
    shownKeys,
    onSaved,
  });
  // Save the edited parameters once they are free of conflicts and nothing changed for SETTINGS_DEBOUNCE_MS;
  // a protocol already stored or refused is not sent again (a refreshed session re-renders this unchanged).
  const clean = conflicts.length === 0 && Object.keys(editor.drafts).length === 0;
  const refused = isRefused(editor);
  useEffect(() => {
    if (!clean || refused) return undefined;
    const timer = setTimeout(() => void save(editor.protocol), SETTINGS_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [editor.protocol, clean, refused, save]);

  const [busy, setBusy] = useState(false);
  const canRun = clean && !refused && !isScanRunning(active);
  const sessionId = active.session.id;
  const sequenceId = sequence.id;
  const onRun = useCallback(() => {
    // The protocol on screen now (the one rendered: a click follows the render of the edits before it).
    const shown = latest.current.protocol;
    void (async () => {
      setBusy(true);
      try {
        // Stored first (waiting for a save under way), and run only if it was.
        if (!(await save(shown))) return;
        await runPulseSequence(sessionId, sequenceId);
        await onSaved();
      } catch (error) {
        dispatch({ type: 'failed', message: `The scan did not start: ${messageOf(error)}` });
      } finally {
        setBusy(false);
      }
    })();
  }, [save, sessionId, sequenceId, onSaved, dispatch]);
  const onCancel = useCallback(() => {
    void (async () => {
      setBusy(true);
      try {
        await cancelPulseSequence(sessionId, sequenceId);
        await onSaved();
      } catch (error) {
        dispatch({ type: 'failed', message: `The scan was not cancelled: ${messageOf(error)}` });
      } finally {
        setBusy(false);
      }
    })();
  }, [sessionId, sequenceId, onSaved, dispatch]);
  const { attempt, onSetting } = props;
  const onView = useCallback(
    (view: PlanningView) =>
      attempt('The view was not saved', () => onSetting(...displayOptionChange('view', view))),
    [attempt, onSetting],
  );
  const onFix = useCallback((change: ParameterChange) => dispatch({ type: 'apply', change }), [dispatch]);
  const viewerPreferences = useMemo(
    () => ({ textOnViewers: display.textOnViewers, distanceUnit: units.distance }),
    [display.textOnViewers, units.distance],
  );
  const system = useMemo(() => systemSettings(active.configuration), [active.configuration]);
  const description = `${sequence.name}, centre slice, TR ${formatTime(protocol.repetitionTime, units)}, TE ${formatTime(protocol.echoTime, units)}`;
  // The columns are rendered once per scan list; an edit renders their contents, read from a context by two
  // slots, and not the resizable panels around them (issue 20, "Speed").
  const columns = useMemo(
    () => (
      <SimulatorColumns
        scanList={props.scanList}
        workspace={<WorkspaceSlot />}
        parameters={<ParametersSlot />}
      />
    ),
    [props.scanList],
  );
  // A reading-only module (model 100001) shows its prepared series to read: no run, no preview, no planning.
  const readingOnly = modelId === READING_ONLY_MODEL_ID;
  const viewport = (
    <SeriesViewport
      sessionId={active.session.id}
      sequence={sequence}
      scanId={props.shownScanId}
      series={props.shownSeries ?? ''}
      onPickSeries={props.onPickSeries}
      preferences={viewerPreferences}
    />
  );
  const workspace = readingOnly ? (
    <Box p="md">
      <Title order={1} size="h4" mb="sm">
        {sequence.name}
      </Title>
      {viewport}
    </Box>
  ) : (
    <Box p="md">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={1} size="h4">
          {sequence.name}
        </Title>
        <RunControls
          sequence={sequence}
          canRun={canRun}
          busy={busy}
          notice={editor.notice}
          onRun={onRun}
          onCancel={onCancel}
        />
      </Group>
      <Box style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))' }}>
        <Stack gap={6}>
          <Text fw={600} size="sm">
            Live preview: centre slice
          </Text>
          <PreviewImage store={preview.store} description={description} />
        </Stack>
        {viewport}
      </Box>
      {display.ecg && props.cardiac && (
        <EcgStrip phase={Number(settingValue(active.configuration, 'defaultCardiacPhase', '1'))} />
      )}
      <PlanningViewports
        sessionId={active.session.id}
        protocol={protocol}
        scanner={scanner}
        freePlan={freePlan}
        units={units}
        sequenceName={sequence.name}
        disabled={sequence.status === 'running'}
        dispatch={dispatch}
        display={display}
        onView={onView}
        others={others}
        isocentreKey={isocentreKeyOf(active.configuration)}
        regions={active.regions}
      />
    </Box>
  );
  const parameters = (
    <Box p="md">
      <Stack gap="sm">
        <DerivedPanel derived={derived} units={units} />
        {readingOnly ? (
          <Text size="sm" c="dimmed">
            A prepared series: read it in the viewer (Display Options sets the window); nothing here changes.
          </Text>
        ) : (
          <>
            <ConflictList conflicts={conflicts} onFix={onFix} />
            <ParameterPanel editor={editor} dispatch={dispatch} units={units} system={system} />
          </>
        )}
      </Stack>
    </Box>
  );
  return <ColumnContents.Provider value={{ workspace, parameters }}>{columns}</ColumnContents.Provider>;
}
