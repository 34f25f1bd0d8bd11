/**
 * /session/:sessionId/simulator: the top bar, the scan list and the selected sequence's workspace
 * (SequenceWorkspace.tsx). Session state lives in the active-session query (one place); the page's own calls
 * (add, move, rename, new scan, settings, close) show their failures above the scan list.
 */
import { READING_ONLY_MODEL_ID } from '@larmor/contracts/catalog';
import { useCallback, useState } from 'react';
import { Alert, Box, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  type ConfigurationValue,
  type PulseSequence,
  type SessionConfigurationName,
} from '@larmor/contracts/sessions';
import { closeSession } from '#entities/session/api/close-session.ts';
import { createCollection } from '#entities/pulse-sequence/api/create-collection.ts';
import { sessionQueryKey } from '#entities/session/api/get-session.ts';
import { settingValue } from '#entities/session/configuration.ts';
import { useAnatomicalModel } from '#entities/session/api/get-anatomical-model.ts';
import { useActiveSchemas } from '#entities/session/api/list-active-schemas.ts';
import { movePulseSequence } from '#entities/pulse-sequence/api/move-pulse-sequence.ts';
import { receiveScanEvent } from '../api/receive-scan-event.ts';
import { useSessionEvents } from '#entities/session/api/session-events.ts';
import { setConfiguration } from '#entities/session/api/set-configuration.ts';
import { CopyGeometryDialog } from '../components/CopyGeometryDialog.tsx';
import { DeleteSequenceDialog } from '../components/DeleteSequenceDialog.tsx';
import { ModuleBriefPanel } from '../components/ModuleBriefPanel.tsx';
import { KeepAsReference } from '../components/KeepAsReference.tsx';
import { RenameDialog } from '../components/RenameDialog.tsx';
import { SimulatorColumns } from '../components/SimulatorColumns.tsx';
import { SequenceList } from '../components/SequenceList.tsx';
import { SimulatorDialogs } from '../components/SimulatorDialogs.tsx';
import { TopBar, type SettingsDialog } from '../components/TopBar.tsx';
import { setSimulatorScheme, useSimulatorScheme } from '../state/color-scheme.ts';
import { protocolOf, unitsOf } from '../state/session-view.ts';
import { type UnitPreferences } from '../state/units.ts';
import { useSimulatorContext } from './simulator-context.ts';
import { useFailure } from './use-failure.ts';
import { useSequenceCommands } from './use-sequence-commands.ts';
import { SequenceWorkspace } from './SequenceWorkspace.tsx';

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
  // The series shown in the scan viewport: one picked in the scan list until its sequence runs again, else the
  // selected sequence's last finished scan.
  // A DWI scan's series (issue 23.7) is picked in the scan list or above the viewport: `series`.
  const [picked, setPicked] = useState<{
    sequenceId: string;
    scanId: string;
    lastScanId: string | undefined;
    series: string;
  }>();
  const applies =
    picked && selected && picked.sequenceId === selected.id && picked.lastScanId === selected.lastScan?.id;
  const shownScanId = applies ? picked.scanId : undefined;
  // The finished scan in the viewport: the one picked, else the selected sequence's last finished one.
  const viewedScanId =
    shownScanId ?? (selected?.lastScan?.status === 'finished' ? selected.lastScan.id : undefined);
  const shownSeries = applies ? picked.series : '';
  const showSeries = (sequenceId: string, scanId: string, series: string) => {
    const lastScanId = active.pulseSequences.find((s) => s.id === sequenceId)?.lastScan?.id;
    setPicked({ sequenceId, scanId, lastScanId, series });
  };

  useSessionEvents(
    sessionId,
    (event) => receiveScanEvent(queryClient, sessionId, event, new Date().toISOString()),
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

  // The handlers the top bar and the workspace get keep their identity across the page's renders (a save
  // refreshes the session and renders the page): their memoised panels do not render for it (issue 20, "Speed").
  const changeUnits = useCallback(
    (next: UnitPreferences) => {
      setUnits(next);
      const saveUnit = (name: 'time_unit' | 'distance_unit', value: string) =>
        attempt('The units were not saved', () => setConfiguration(sessionId, name, value));
      if (next.time !== units.time) saveUnit('time_unit', next.time);
      if (next.distance !== units.distance) saveUnit('distance_unit', next.distance);
    },
    [attempt, sessionId, units],
  );

  const changeSetting = useCallback(
    async (name: SessionConfigurationName, value: ConfigurationValue) => {
      await setConfiguration(sessionId, name, value);
      await refresh();
    },
    [sessionId, refresh],
  );
  const onAdvancedNotifications = useCallback(
    (on: boolean) =>
      attempt('The setting was not saved', () => changeSetting('advanced_notifications', on ? 1 : 0)),
    [attempt, changeSetting],
  );
  const onNewScan = useCallback(
    () => attempt('No new scan was started', () => createCollection(sessionId).then(refresh)),
    [attempt, sessionId, refresh],
  );

  const running = active.pulseSequences.find((s) => s.status === 'running');
  const status = running
    ? `Running ${running.name} ${Math.round(running.lastScan?.progress ?? 0)} %`
    : 'Idle';

  const onSaveAndClose = useCallback(() => {
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
    attempt('The session was not closed', saveAndClose);
  }, [attempt, sessionId, queryClient, closeModule]);

  const scanList = (
    <>
      <ModuleBriefPanel labId={active.lab.id} />
      <KeepAsReference labId={active.lab.id} scanId={viewedScanId} scanName={selected?.name} />
      {failure !== undefined && (
        <Alert color="red" m="xs" withCloseButton closeButtonLabel="Dismiss" onClose={dismiss}>
          {failure}
        </Alert>
      )}
      <SequenceList
        active={active}
        selectedId={selected?.id}
        shownScanId={viewedScanId}
        shownSeries={shownSeries}
        schemes={schemes.data ?? []}
        adding={commands.adding}
        onAdd={(id) => attempt('The sequence was not added', () => commands.add(id))}
        prepared={active.lab.anatomicalModelId === READING_ONLY_MODEL_ID}
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
          onShowSeries: (sequenceId, scanId, series) => {
            setSelectedId(sequenceId);
            showSeries(sequenceId, scanId, series);
          },
        }}
      />
    </>
  );

  return (
    // One column no wider than the window: the top bar's buttons and the parameters stay inside it at 1024 px.
    <Box
      h="100vh"
      style={{
        display: 'grid',
        gridTemplateRows: 'auto minmax(0, 1fr)',
        gridTemplateColumns: 'minmax(0, 1fr)',
      }}
    >
      <TopBar
        sessionId={sessionId}
        labName={active.lab.name}
        modelId={active.lab.anatomicalModelId}
        hasIsocenter={model.data?.features.includes('Isocenter') === true}
        units={units}
        onUnits={changeUnits}
        advancedNotifications={settingValue(active.configuration, 'advanced_notifications', '0') === '1'}
        onAdvancedNotifications={onAdvancedNotifications}
        scheme={scheme}
        onScheme={setSimulatorScheme}
        onDialog={setDialog}
        status={status}
        hasSequences={active.pulseSequences.length > 0}
        scanRunning={running !== undefined}
        onNewScan={onNewScan}
        closing={closing}
        onSaveAndClose={onSaveAndClose}
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
          shownScanId={shownScanId}
          shownSeries={shownSeries}
          onPickSeries={(series) => {
            if (viewedScanId) showSeries(selected.id, viewedScanId, series);
          }}
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
