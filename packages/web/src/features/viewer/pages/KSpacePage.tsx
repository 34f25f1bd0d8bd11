/**
 * The k-space view (simulator.md §2, /session/:sessionId/k-space; issue 13): choose a finished series (the
 * `series` query names one, as the image viewer's link does), a slice and, for a coil array, a receive channel;
 * its k-space is fetched as raw Float32 and taught in KSpaceView. Loading, "No data" (no finished series) and error states.
 */
import { useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Alert, Group, Loader, NumberInput, Select, Text } from '@mantine/core';
import type { PulseSequence, ReconstructedImages } from '@larmor/contracts/sessions';
import { EmptyState, PageFrame } from '#ui/PageFrame.tsx';
import { useKSpaceSlice } from '#entities/series/api/get-kspace-slice.ts';
import { useSeriesMeta } from '#entities/series/api/get-series.ts';
import { usePulseSequences } from '#entities/pulse-sequence/api/list-pulse-sequences.ts';
import { KSpaceView } from '../components/KSpaceView.tsx';
import { complexKSpace, kspaceFrameOf } from '../state/kspace.ts';

const TITLE = 'K-space';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Channel `coil`'s k-space URL: the slice's own for the first channel (the stored one), else with `?coil`. */
function coilUrl(kspaceUrl: string | undefined, coil: number): string | undefined {
  return kspaceUrl === undefined || coil === 0 ? kspaceUrl : `${kspaceUrl}?coil=${coil}`;
}

function SliceKSpace(props: { meta: ReconstructedImages; slice: number; coil: number }) {
  const { meta } = props;
  const url = coilUrl(meta.slices[props.slice]?.kspaceUrl, props.coil);
  const raw = useKSpaceSlice(url);
  const loaded = useMemo(() => {
    if (!raw.data) return null;
    try {
      const frame = kspaceFrameOf(meta);
      return { frame, kspace: complexKSpace(raw.data, frame) };
    } catch (error) {
      return { error: messageOf(error) };
    }
  }, [raw.data, meta]);
  if (raw.isError)
    return (
      <Alert color="red" title="The k-space could not be loaded">
        {raw.error.message}
      </Alert>
    );
  if (!loaded) return <Loader aria-label="Loading the k-space" />;
  if ('error' in loaded)
    return (
      <Alert color="red" title="The k-space could not be read">
        {loaded.error}
      </Alert>
    );
  return <KSpaceView key={url} meta={meta} frame={loaded.frame} kspace={loaded.kspace} coil={props.coil} />;
}

function SeriesKSpace(props: { sessionId: string; sequences: PulseSequence[] }) {
  const [search, setSearch] = useSearchParams();
  const wanted = search.get('series');
  const chosen = props.sequences.find((s) => s.lastScan?.id === wanted) ?? props.sequences[0];
  const scanId = chosen?.lastScan?.id;
  const meta = useSeriesMeta(props.sessionId, scanId);
  const [slices, setSlices] = useState<Record<string, number>>({});
  const [coils, setCoils] = useState<Record<string, number>>({});
  const count = meta.data?.slices.length ?? 0;
  const slice = Math.min(slices[scanId ?? ''] ?? Math.floor(count / 2), Math.max(0, count - 1));
  const channels = meta.data?.receiveChannels ?? 1;
  const coil = Math.min(coils[scanId ?? ''] ?? 0, channels - 1);

  return (
    <>
      <Group gap="md" align="flex-end">
        <Select
          label="Series"
          w={300}
          allowDeselect={false}
          value={scanId ?? null}
          data={props.sequences.map((s) => ({
            value: s.lastScan?.id ?? '',
            label: `${s.seqnum}. ${s.name}`,
          }))}
          onChange={(v) => v && setSearch({ series: v }, { replace: true })}
        />
        <NumberInput
          label={`Slice (1–${Math.max(1, count)})`}
          w={140}
          min={1}
          max={Math.max(1, count)}
          value={slice + 1}
          disabled={count === 0}
          clampBehavior="strict"
          onChange={(v) =>
            typeof v === 'number' && scanId && setSlices((s) => ({ ...s, [scanId]: Math.round(v) - 1 }))
          }
        />
        {channels > 1 ? (
          <Select
            label={`Coil: ${meta.data?.receiveCoil ?? ''}`}
            w={260}
            allowDeselect={false}
            value={String(coil)}
            data={Array.from({ length: channels }, (_, c) => ({
              value: String(c),
              label: `Channel ${c + 1} of ${channels}`,
            }))}
            onChange={(v) => v !== null && scanId && setCoils((c) => ({ ...c, [scanId]: Number(v) }))}
          />
        ) : (
          <Text size="sm" maw={420}>
            Coil: {meta.data?.receiveCoil ?? '…'}, one receive channel.
          </Text>
        )}
      </Group>
      {meta.isError ? (
        <Alert color="red" title="The series could not be loaded">
          {meta.error.message}
        </Alert>
      ) : meta.data ? (
        <SliceKSpace meta={meta.data} slice={slice} coil={coil} />
      ) : (
        <Loader aria-label="Loading the series" />
      )}
    </>
  );
}

export function KSpacePage() {
  const { sessionId = '' } = useParams();
  const sequences = usePulseSequences(sessionId);
  const finished = (sequences.data ?? []).filter((s) => s.lastScan?.status === 'finished');
  return (
    <PageFrame title={TITLE}>
      {sequences.isPending ? (
        <Loader aria-label="Loading the session's series" />
      ) : sequences.isError ? (
        <Alert color="red" title="The series could not be loaded">
          {sequences.error.message}
        </Alert>
      ) : finished.length === 0 ? (
        <EmptyState title="No data" description="Run a scan in the simulator; its k-space appears here." />
      ) : (
        <SeriesKSpace sessionId={sessionId} sequences={finished} />
      )}
    </PageFrame>
  );
}
