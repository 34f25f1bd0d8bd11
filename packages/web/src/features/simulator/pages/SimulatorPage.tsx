/**
 * /session/:sessionId/simulator: the top bar, the scan list, the live preview of the selected sequence's centre
 * slice, and its parameter cards with the values computed as the user types and the conflicts with their fixes.
 * Session state lives in the active-session query (one place); the editor is a pure reducer over the selected
 * sequence's protocol, saved (PATCH) 350 ms after the last change once it has no conflict. Run first waits for
 * the protocol on screen to be stored and runs only if it was (issue 20.6: what you see is what you scan).
 */
import { useCallback, useEffect, useMemo, useReducer, useState, type ReactNode } from 'react';
import { Alert, Box, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { SETTINGS_DEBOUNCE_MS } from '@larmor/contracts/constants';
import {
  type ActiveSession,
  type ConfigurationValue,
  type PulseSequence,
  type SessionConfigurationName,
} from '@larmor/contracts/sessions';
import type { Protocol } from '@larmor/mri/sequence/protocol';
import { planDefinitions } from '@larmor/mri/sequence/validate';
import { cancelPulseSequence } from '../api/cancel-pulse-sequence.ts';
import { closeSession } from '../api/close-session.ts';
import { createCollection } from '../api/create-collection.ts';
import { sessionQueryKey } from '#entities/session/get-session.ts';
import { settingValue } from '#entities/session/configuration.ts';
import { useAnatomicalModel } from '../api/get-anatomical-model.ts';
import { useActiveSchemas } from '../api/list-active-schemas.ts';
import { movePulseSequence } from '../api/move-pulse-sequence.ts';
import { runPulseSequence } from '../api/run-pulse-sequence.ts';
import { useSessionEvents } from '../api/session-events.ts';
import { setConfiguration } from '#entities/session/set-configuration.ts';
import { ConflictList } from '../components/ConflictList.tsx';
import { DerivedPanel } from '../components/DerivedPanel.tsx';
import { EcgStrip } from '../components/EcgStrip.tsx';
import { PlanningViewports } from '../components/planning/PlanningViewports.tsx';
import { ParameterPanel } from '../components/ParameterPanel.tsx';
import { CopyGeometryDialog } from '../components/CopyGeometryDialog.tsx';
import { DeleteSequenceDialog } from '../components/DeleteSequenceDialog.tsx';
import { RenameDialog } from '../components/RenameDialog.tsx';
import { RunControls } from '../components/RunControls.tsx';
import { SeriesViewport } from '../components/SeriesViewport.tsx';
import { SimulatorColumns } from '../components/SimulatorColumns.tsx';
import { SequenceList } from '../components/SequenceList.tsx';
import { SimulatorDialogs } from '../components/SimulatorDialogs.tsx';
import { TopBar, type SettingsDialog } from '../components/TopBar.tsx';
import { PreviewImage } from '../preview/PreviewImage.tsx';
import { usePreview } from '../preview/use-preview.ts';
import { setSimulatorScheme, useSimulatorScheme } from '../state/color-scheme.ts';
import { conflictsOf, derivedValues } from '../state/conflicts.ts';
import { initialEditorState, isRefused, protocolEditorReducer } from '../state/protocol-editor.ts';
import { messageOf } from '../state/refusal.ts';
import { applyScanEvent, isScanRunning } from '../state/scan-events.ts';
import { displayOptionChange, displayOptionsOf } from '#entities/session/display-options.ts';
import { isocentreKeyOf } from '../state/isocenter.ts';
import { otherStacks } from '../state/scan-list.ts';
import { noiseLevelOf, protocolOf, scannerOf, systemSettings, unitsOf } from '../state/session-view.ts';
import { formatTime, type UnitPreferences } from '../state/units.ts';
import { useSimulatorContext } from './simulator-context.ts';
import { useProtocolSave } from './use-protocol-save.ts';
import { useFailure } from './use-failure.ts';
import { useSequenceCommands } from './use-sequence-commands.ts';

export function SimulatorPage() {
  const { active, sessionId, closeModule, expire } = useSimulatorContext();
  const queryClient = useQueryClient();
  const scheme = useSimulatorScheme();
  const schemes = useActiveSchemas(sessionId);
  const model = useAnatomicalModel(active.lab.anatomicalModelId);
  const [selectedId, setSelectedId] = useState<string | undefined>(active.pulseSequences[0]?.id);
  const [closing, setClosing] = useState(false);
  const [dialog, setDialog] = useState<SettingsDialog | undefined>(undefined);
  const [renaming, setRenaming] = useState<PulseSequence | undefined>(undefined);
  const [deleting, setDeleting] = useState<PulseSequence | undefined>(undefined);
  const [copyingTo, setCopyingTo] = useState<PulseSequence | undefined>(undefined);
  // Bumped when the selected sequence changes under its editor (copied geometry): the editor starts again.
  const [editorEpoch, setEditorEpoch] = useState(0);
  const [units, setUnits] = useState<UnitPreferences>(() => unitsOf(active.configuration));
  const selected = active.pulseSequences.find((s) => s.id === selectedId) ?? active.pulseSequences[0];
  const selectedProtocol = selected && protocolOf(selected);

  useSessionEvents(
    sessionId,
    (event) => {
      queryClient.setQueryData<ActiveSession>(sessionQueryKey(sessionId), (old) =>
        old ? applyScanEvent(old, event, new Date().toISOString()) : old,
      );
    },
    // Closed by the server (reaped, or closed in another tab): Session expired, unless we are closing it.
    () => {
      if (!closing) expire();
    },
  );

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: sessionQueryKey(sessionId) }),
    [queryClient, sessionId],
  );

  const commands = useSequenceCommands(active, refresh, setSelectedId);

  const { failure, attempt, dismiss } = useFailure();

  const changeUnits = (next: UnitPreferences) => {
    setUnits(next);
    const saveUnit = (name: 'time_unit' | 'distance_unit', value: string) =>
      attempt('The units were not saved', () => setConfiguration(sessionId, name, value));
    if (next.time !== units.time) saveUnit('time_unit', next.time);
    if (next.distance !== units.distance) saveUnit('distance_unit', next.distance);
  };

  const changeSetting = async (name: SessionConfigurationName, value: ConfigurationValue) => {
    await setConfiguration(sessionId, name, value);
    await refresh();
  };

  const running = active.pulseSequences.find((s) => s.status === 'running');
  const status = running
    ? `Running ${running.name} ${Math.round(running.lastScan?.progress ?? 0)} %`
    : 'Idle';

  const saveAndClose = async () => {
    setClosing(true);
    try {
      await closeSession(sessionId);
      queryClient.removeQueries({ queryKey: sessionQueryKey(sessionId) });
      closeModule();
    } finally {
      setClosing(false);
    }
  };

  const scanList = (
    <>
      {failure !== undefined && (
        <Alert color="red" m="xs" withCloseButton closeButtonLabel="Dismiss" onClose={dismiss}>
          {failure}
        </Alert>
      )}
      <SequenceList
        active={active}
        selectedId={selected?.id}
        schemes={schemes.data ?? []}
        adding={commands.adding}
        onAdd={(id) => attempt('The sequence was not added', () => commands.add(id))}
        actions={{
          onSelect: setSelectedId,
          onMove: (id, position) =>
            attempt('The sequence was not moved', () =>
              movePulseSequence(sessionId, id, position).then(refresh),
            ),
          onRename: setRenaming,
          onDuplicate: (sequence) =>
            attempt('The sequence was not duplicated', () => commands.duplicate(sequence)),
          onDelete: setDeleting,
          onCopyGeometry: setCopyingTo,
        }}
      />
    </>
  );

  return (
    <Box h="100vh" style={{ display: 'grid', gridTemplateRows: 'auto 1fr' }}>
      <TopBar
        sessionId={sessionId}
        labName={active.lab.name}
        modelId={active.lab.anatomicalModelId}
        hasIsocenter={model.data?.features.includes('Isocenter') === true}
        units={units}
        onUnits={changeUnits}
        advancedNotifications={settingValue(active.configuration, 'advanced_notifications', '0') === '1'}
        onAdvancedNotifications={(on) =>
          attempt('The setting was not saved', () => changeSetting('advanced_notifications', on ? 1 : 0))
        }
        scheme={scheme}
        onScheme={setSimulatorScheme}
        onDialog={setDialog}
        status={status}
        hasSequences={active.pulseSequences.length > 0}
        scanRunning={running !== undefined}
        onNewScan={() => attempt('No new scan was started', () => createCollection(sessionId).then(refresh))}
        closing={closing}
        onSaveAndClose={() => attempt('The session was not closed', saveAndClose)}
      />
      {renaming && (
        <RenameDialog
          name={renaming.name}
          onSave={(name) => {
            setRenaming(undefined);
            attempt('The sequence was not renamed', () => commands.rename(renaming, name));
          }}
          onClose={() => setRenaming(undefined)}
        />
      )}
      {deleting && (
        <DeleteSequenceDialog
          sequence={deleting}
          onDelete={async (sequence) => {
            await commands.remove(sequence, selected?.id);
            setDeleting(undefined);
          }}
          onClose={() => setDeleting(undefined)}
        />
      )}
      {copyingTo && (
        <CopyGeometryDialog
          target={copyingTo}
          sources={active.pulseSequences.filter((s) => s.id !== copyingTo.id)}
          onCopy={async (target, source) => {
            await commands.copyGeometry(target, source);
            if (target.id === selected?.id) setEditorEpoch((n) => n + 1);
            setCopyingTo(undefined);
          }}
          onClose={() => setCopyingTo(undefined)}
        />
      )}
      <SimulatorDialogs
        dialog={dialog}
        active={active}
        onChange={changeSetting}
        onClose={() => setDialog(undefined)}
      />
      {selected && selectedProtocol ? (
        <SequenceWorkspace
          key={`${selected.id}:${editorEpoch}`}
          active={active}
          sequence={selected}
          initial={selectedProtocol}
          units={units}
          onSaved={refresh}
          onSetting={changeSetting}
          attempt={attempt}
          cardiac={model.data?.features.includes('Default cardiac phase') === true}
          scanList={scanList}
        />
      ) : (
        <SimulatorColumns
          scanList={scanList}
          workspace={
            <Stack p="xl">
              <Title order={1} size="h3">
                {active.lab.name}
              </Title>
              <Text>
                {selected
                  ? "This sequence's family is not one the simulator can run."
                  : 'Add a sequence from the scan list to set its parameters and watch its live preview.'}
              </Text>
            </Stack>
          }
          parameters={
            <Text p="md" size="sm">
              The selected sequence&apos;s parameters appear here.
            </Text>
          }
        />
      )}
    </Box>
  );
}

function SequenceWorkspace(props: {
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
}) {
  const { active, sequence, units } = props;
  const display = displayOptionsOf(active.configuration);
  const others = useMemo(
    () => otherStacks(active.pulseSequences, sequence.id),
    [active.pulseSequences, sequence.id],
  );
  const scanner = useMemo(() => scannerOf(active.configuration), [active.configuration]);
  const freePlan = active.session.freePlan;
  const [editor, dispatch] = useReducer(protocolEditorReducer, undefined, () =>
    initialEditorState(props.initial, scanner, freePlan),
  );
  const protocol = editor.protocol;
  const derived = useMemo(() => derivedValues(protocol, scanner), [protocol, scanner]);
  const conflicts = useMemo(
    () => conflictsOf(protocol, scanner, units, freePlan),
    [protocol, scanner, units, freePlan],
  );
  const preview = usePreview(
    active.lab.anatomicalModelId,
    protocol,
    scanner,
    noiseLevelOf(active.configuration),
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
  const run = async () => {
    setBusy(true);
    try {
      // The protocol on screen now: stored first (waiting for a save under way), and run only if it was.
      if (!(await save(editor.protocol))) return;
      await runPulseSequence(active.session.id, sequence.id);
      await onSaved();
    } catch (error) {
      dispatch({ type: 'failed', message: `The scan did not start: ${messageOf(error)}` });
    } finally {
      setBusy(false);
    }
  };
  const cancel = async () => {
    setBusy(true);
    try {
      await cancelPulseSequence(active.session.id, sequence.id);
      await onSaved();
    } catch (error) {
      dispatch({ type: 'failed', message: `The scan was not cancelled: ${messageOf(error)}` });
    } finally {
      setBusy(false);
    }
  };
  const description = `${sequence.name}, centre slice, TR ${formatTime(protocol.repetitionTime, units)}, TE ${formatTime(protocol.echoTime, units)}`;
  return (
    <SimulatorColumns
      scanList={props.scanList}
      workspace={
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
              onRun={() => void run()}
              onCancel={() => void cancel()}
            />
          </Group>
          <Box
            style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))' }}
          >
            <Stack gap={6}>
              <Text fw={600} size="sm">
                Live preview: centre slice
              </Text>
              <PreviewImage state={preview} description={description} />
            </Stack>
            <SeriesViewport
              sessionId={active.session.id}
              sequence={sequence}
              preferences={{ textOnViewers: display.textOnViewers, distanceUnit: units.distance }}
            />
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
            onView={(view) =>
              props.attempt('The view was not saved', () =>
                props.onSetting(...displayOptionChange('view', view)),
              )
            }
            others={others}
            isocentreKey={isocentreKeyOf(active.configuration)}
            regions={active.regions}
          />
        </Box>
      }
      parameters={
        <Box p="md">
          <Stack gap="sm">
            <DerivedPanel derived={derived} units={units} />
            <ConflictList conflicts={conflicts} onFix={(change) => dispatch({ type: 'apply', change })} />
            <ParameterPanel
              editor={editor}
              dispatch={dispatch}
              units={units}
              system={systemSettings(active.configuration)}
            />
          </Stack>
        </Box>
      }
    />
  );
}
