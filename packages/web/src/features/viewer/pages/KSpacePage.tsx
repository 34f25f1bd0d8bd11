/**
 * The k-space view (simulator.md §2, /session/:sessionId/k-space; issue 13): choose a finished series (the
 * `series` query names one, as the image viewer's link does) and a slice; its k-space is fetched as raw Float32
 * and taught in KSpaceView. Loading, "No data" (no finished series) and error states.
 */
import { useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Alert, Group, Loader, NumberInput, Select, Text } from '@mantine/core';
import type { PulseSequence, ReconstructedImages } from '@larmor/contracts/sessions';
import { EmptyState, PageFrame } from '#ui/PageFrame.tsx';
import { useKSpaceSlice } from '../api/get-kspace-slice.ts';
import { useSeriesMeta } from '#entities/series/get-series.ts';
import { usePulseSequences } from '../api/list-pulse-sequences.ts';
import { KSpaceView } from '../components/KSpaceView.tsx';
import { complexKSpace, kspaceFrameOf } from '../state/kspace.ts';

const TITLE = 'K-space';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function SliceKSpace(props: { meta: ReconstructedImages; slice: number }) {
  const { meta } = props;
  const url = meta.slices[props.slice]?.kspaceUrl;
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
  return <KSpaceView key={url} meta={meta} frame={loaded.frame} kspace={loaded.kspace} />;
}

function SeriesKSpace(props: { sessionId: string; sequences: PulseSequence[] }) {
  const [search, setSearch] = useSearchParams();
  const wanted = search.get('series');
  const chosen = props.sequences.find((s) => s.lastScan?.id === wanted) ?? props.sequences[0];
  const scanId = chosen?.lastScan?.id;
  const meta = useSeriesMeta(props.sessionId, scanId);
  const [slices, setSlices] = useState<Record<string, number>>({});
  const count = meta.data?.slices.length ?? 0;
  const slice = Math.min(slices[scanId ?? ''] ?? Math.floor(count / 2), Math.max(0, count - 1));

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
        <Text size="sm" c="dimmed" maw={420}>
          Coil: the first receive channel (the session stores one k-space per slice).
        </Text>
      </Group>
      {meta.isError ? (
        <Alert color="red" title="The series could not be loaded">
          {meta.error.message}
        </Alert>
      ) : meta.data ? (
        <SliceKSpace meta={meta.data} slice={slice} />
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
