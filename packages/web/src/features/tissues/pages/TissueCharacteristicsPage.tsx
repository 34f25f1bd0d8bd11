/**
 * Tissue characteristics (simulator.md §2, §3; issue 13), /tissue-characteristics/:sessionId: every tissue of
 * the session's model with PD, T1, T2 and T2* at the session's field; in advanced mode
 * (customTissueMagneticProperties = 1) T1 and T2 are edited for this session only, and reset to the module's
 * values; T1-recovery and T2-decay curves of the chosen tissues with the chosen sequence's TR and TE marked.
 *
 * Our decisions: an edit reaches the next scan only (the server snapshots tissue values when a scan starts);
 * going back to Default mode resets the session's own values, so what the page shows is what the next scan
 * uses; the sequence is `?sequenceId=` when given (the simulator's selected one), else the first that can run.
 */
import { useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Group, Loader, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import type { ActiveSession } from '@larmor/contracts/sessions';
import { SessionNotReady } from '#entities/session/SessionNotReady.tsx';
import { PageFrame } from '#ui/PageFrame.tsx';
import {
  editSessionTissue,
  resetSessionTissues,
  sessionQueryOptions,
  tissueKeys,
  tissuesQueryOptions,
  type TissueCharacteristic,
} from '../api/tissues.ts';
import { TissueTable } from '../components/TissueTable.tsx';
import { RelaxationCurves } from '../components/RelaxationCurves.tsx';
import { tissueRows } from '../state/tissue-rows.ts';
import { setConfiguration } from '#entities/session/api/set-configuration.ts';

const MODE_FLAG = 'customTissueMagneticProperties';
const PLOTTED_FIRST = ['greyMatter', 'whiteMatter', 'csf'];

function configValue(active: ActiveSession | undefined, name: string) {
  return active?.configuration.find((c) => c.name === name);
}

export function TissueCharacteristicsPage() {
  const { sessionId = '' } = useParams();
  const [search] = useSearchParams();
  const client = useQueryClient();
  const session = useQuery(sessionQueryOptions(sessionId));
  const labId = session.data?.lab.id;
  const tissues = useQuery(tissuesQueryOptions(sessionId, labId));
  const [plottedChoice, setPlotted] = useState<ReadonlySet<string> | null>(null);
  const [sequenceChoice, setSequence] = useState<string | null>(search.get('sequenceId'));

  const b0 = Number(configValue(session.data, 'b0field')?.selectedValue ?? 1.5);
  const mode = configValue(session.data, MODE_FLAG);
  const advanced = Number(mode?.selectedValue ?? 0) === 1;
  const rows = useMemo(() => tissueRows(tissues.data ?? [], b0), [tissues.data, b0]);

  const setTissues = (list: TissueCharacteristic[]) =>
    client.setQueryData(tissueKeys.tissues(sessionId), list);
  const save = useMutation({
    mutationFn: (edit: { id: string; t1: number; t2: number }) =>
      editSessionTissue({ sessionId, labId: labId ?? '', tissueId: edit.id }, edit.t1, edit.t2),
    onSuccess: setTissues,
  });
  const reset = useMutation({
    mutationFn: () => resetSessionTissues(sessionId, labId ?? ''),
    onSuccess: setTissues,
  });
  const switchMode = useMutation({
    mutationFn: async (toAdvanced: boolean) => {
      await setConfiguration(sessionId, MODE_FLAG, toAdvanced ? 1 : 0);
      if (!toAdvanced) setTissues(await resetSessionTissues(sessionId, labId ?? ''));
    },
    onSettled: () => client.invalidateQueries({ queryKey: tissueKeys.session(sessionId) }),
  });

  if (!session.isSuccess) return <SessionNotReady query={session} />;

  const sequences = session.data.pulseSequences;
  const sequence =
    sequences.find((s) => s.id === sequenceChoice) ??
    sequences.find((s) => s.status === 'runnable') ??
    sequences.at(-1);
  const trMs = sequence ? sequence.parameters.repetitionTime * 1_000 : undefined;
  const teMs = sequence ? sequence.parameters.echoTime * 1_000 : undefined;
  const plotted = plottedChoice ?? new Set(rows.filter((r) => PLOTTED_FIRST.includes(r.id)).map((r) => r.id));
  const chosenKey = rows
    .filter((r) => plotted.has(r.id))
    .map((r) => r.id)
    .join(',');
  const failure = save.error ?? reset.error ?? switchMode.error;

  return (
    <PageFrame title="Tissue Characteristics">
      <Stack gap="md">
        <Text>
          {session.data.lab.name}: the tissues of the model at {b0} T. An edit changes the next scan of this
          session, never one that has finished.
        </Text>
        <Group>
          <SegmentedControl
            aria-label="Tissue mode"
            value={advanced ? 'advanced' : 'default'}
            disabled={mode?.locked === true || switchMode.isPending}
            onChange={(v) => switchMode.mutate(v === 'advanced')}
            data={[
              { value: 'default', label: 'Default' },
              { value: 'advanced', label: 'Advanced' },
            ]}
          />
          {advanced && (
            <Button variant="default" loading={reset.isPending} onClick={() => reset.mutate()}>
              Reset to the module’s values
            </Button>
          )}
        </Group>
        {failure && (
          <Alert color="red" title="The change was not saved">
            {failure.message}
          </Alert>
        )}
        {tissues.isPending ? (
          <Loader aria-label="Loading the tissues" />
        ) : tissues.isError ? (
          <Alert color="red" title="The tissues could not be loaded">
            {tissues.error.message}
          </Alert>
        ) : (
          <TissueTable
            rows={rows}
            advanced={advanced}
            plotted={plotted}
            savingId={save.isPending ? (save.variables?.id ?? null) : null}
            onPlot={(id, on) => {
              const next = new Set(plotted);
              if (on) next.add(id);
              else next.delete(id);
              setPlotted(next);
            }}
            onSave={(id, t1, t2) => save.mutate({ id, t1, t2 })}
          />
        )}
        <Title order={2} size="h4">
          Relaxation curves
        </Title>
        <Select
          label="Sequence (its TR and TE are marked)"
          w={360}
          data={sequences.map((s) => ({ value: s.id, label: `${s.seqnum}. ${s.name}` }))}
          value={sequence?.id ?? null}
          onChange={setSequence}
          placeholder="No sequence in this session"
          allowDeselect={false}
        />
        <RelaxationCurves rows={rows} chosen={chosenKey} trMs={trMs} teMs={teMs} />
      </Stack>
    </PageFrame>
  );
}
