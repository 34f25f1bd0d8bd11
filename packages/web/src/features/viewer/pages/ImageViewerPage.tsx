/**
 * The image viewer (simulator.md §2, /session/:sessionId/image-viewer): the session's finished series with
 * thumbnails, 1, 2 or 4 viewports of the shared SeriesViewer, compare mode (two series scrolled, zoomed and
 * windowed together, with the parameters they differ in), downloads (PNG from the viewer; DICOM, NIfTI) and a
 * link to the k-space view of the selected series.
 */
import { useReducer, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQueries } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { PulseSequence, ReconstructedImages } from '@larmor/contracts/sessions';
import { useViewerPreferences } from '#entities/session/use-viewer-preferences.ts';
import { toolPaths } from '#lib/tool-paths.ts';
import { SeriesViewer, type ViewerSeries } from '#ui/viewer/index.ts';
import { usePulseSequences } from '#entities/pulse-sequence/api/list-pulse-sequences.ts';
import { seriesQueryOptions } from '#entities/series/api/get-series.ts';
import { downloadExport, type ExportFormat } from '#entities/series/api/download-export.ts';
import { differingParameters } from '#entities/series/series-from-api.ts';
import { SeriesThumbnail } from '#ui/viewer/SeriesThumbnail.tsx';
import { DiffusionSeriesPicker } from '#entities/series/DiffusionSeriesPicker.tsx';
import { initialViewportSeries, viewportSeriesReducer } from '../state/viewport-series.ts';

const LAYOUTS = ['1', '2', '4'] as const;
type Layout = (typeof LAYOUTS)[number];
const THUMBNAIL_PX = 72;

function finished(sequences: readonly PulseSequence[]) {
  return sequences.filter((s) => s.lastScan?.status === 'finished');
}

export function ImageViewerPage() {
  const { sessionId = '' } = useParams();
  const sequences = usePulseSequences(sessionId);
  const done = finished(sequences.data ?? []);
  const loaded = useQueries({
    queries: done.map((s) =>
      seriesQueryOptions(sessionId, s.lastScan?.id ?? '', s.name, s.lastScan?.seriesNumber ?? s.seqnum),
    ),
  });
  const [layout, setLayout] = useState<Layout>('1');
  const [viewports, dispatch] = useReducer(viewportSeriesReducer, initialViewportSeries);
  const { slots } = viewports;
  // A DWI scan's series picked in a viewport (issue 23.7): each picked trace or ADC map loads once, beside the
  // scan itself, however many viewports show it.
  const indexIn = (slot: number) => Math.min(slots[slot] ?? 0, done.length - 1);
  const pickedSeries = [
    ...new Map(
      viewports.diffusion.flatMap((name, slot) => {
        const index = indexIn(slot);
        return name === '' || done[index] === undefined
          ? []
          : [[`${index}/${name}`, { index, name }] as const];
      }),
    ).values(),
  ];
  const picked = useQueries({
    queries: pickedSeries.map(({ index, name }) => {
      const s = done[index];
      return seriesQueryOptions(
        sessionId,
        s?.lastScan?.id ?? '',
        s?.name ?? '',
        s?.lastScan?.seriesNumber ?? s?.seqnum ?? 1,
        name,
      );
    }),
  });
  const pickedData = (index: number, name: string) =>
    picked[pickedSeries.findIndex((p) => p.index === index && p.name === name)]?.data;
  const [active, setActive] = useState(0);
  const [compare, setCompare] = useState(false);
  const preferences = useViewerPreferences(sessionId);
  const [exportError, setExportError] = useState<string | null>(null);

  if (sequences.isPending) return <Loader aria-label="Loading the session's series" m="xl" />;
  if (sequences.isError)
    return (
      <Alert color="red" m="md" title="The series could not be loaded">
        {sequences.error.message}
      </Alert>
    );
  if (done.length === 0) {
    return (
      <Stack p="md">
        <Title order={1} size="h3">
          Image viewer
        </Title>
        <Text>No finished scans yet: run a scan in the simulator, then its images appear here.</Text>
      </Stack>
    );
  }

  const count = compare ? 2 : Number(layout);
  const seriesAt = (
    slot: number,
  ): { series: ViewerSeries; meta: ReconstructedImages; sequence: PulseSequence } | null => {
    const index = indexIn(slot);
    const name = viewports.diffusion[slot] ?? '';
    const data = name === '' ? loaded[index]?.data : pickedData(index, name);
    const sequence = done[index];
    return data && sequence ? { ...data, sequence } : null;
  };
  const pair = compare ? [seriesAt(0), seriesAt(1)] : [];
  const differences =
    pair[0] && pair[1] ? differingParameters(pair[0].meta.parameters, pair[1].meta.parameters) : [];

  const download = (format: ExportFormat) => {
    const shown = seriesAt(active);
    if (!shown) return;
    setExportError(null);
    const url = { dicom: shown.meta.dicomUrl, nifti: shown.meta.niftiUrl, fsl: shown.meta.fslUrl }[format];
    if (url === undefined) return;
    downloadExport(url, shown.sequence.name, format).catch((e: unknown) =>
      setExportError(e instanceof Error ? e.message : String(e)),
    );
  };

  return (
    <Box p="sm" style={{ display: 'grid', gridTemplateColumns: '200px 1fr', gap: 12, minHeight: '100vh' }}>
      <Stack gap="xs" component="nav" aria-label="Series">
        <Title order={1} size="h4">
          Image viewer
        </Title>
        <Text size="xs" c="dimmed">
          Choose a viewport, then a series to show in it.
        </Text>
        {done.map((sequence, index) => {
          const data = loaded[index]?.data;
          const shown = slots.slice(0, count).includes(index);
          return (
            <UnstyledButton
              key={sequence.id}
              onClick={() => dispatch({ type: 'show', slot: active, index })}
              aria-pressed={slots[active] === index}
              title={`Show in viewport ${active + 1}`}
              data-testid="series-item"
              style={{
                borderRadius: 6,
                padding: 4,
                outline: shown ? '2px solid var(--mantine-primary-color-filled)' : undefined,
              }}
            >
              <Group gap="xs" wrap="nowrap">
                {data ? (
                  <SeriesThumbnail series={data.series} size={THUMBNAIL_PX} />
                ) : (
                  <Loader size="sm" aria-label={`Loading ${sequence.name}`} />
                )}
                <Stack gap={0}>
                  <Text size="sm" fw={600}>{`${sequence.seqnum}. ${sequence.name}`}</Text>
                  <Text size="xs" c="dimmed">
                    {data ? `${data.series.slices.length} slices` : 'Loading…'}
                  </Text>
                </Stack>
              </Group>
            </UnstyledButton>
          );
        })}
      </Stack>
      <Stack gap="xs">
        <Group gap="md" wrap="wrap">
          <SegmentedControl
            size="xs"
            value={layout}
            onChange={(v) => setLayout(v as Layout)}
            data={LAYOUTS.map((l) => ({ value: l, label: `${l} viewport${l === '1' ? '' : 's'}` }))}
            aria-label="Layout"
            disabled={compare}
          />
          <Switch
            label="Compare two series"
            checked={compare}
            onChange={(e) => setCompare(e.currentTarget.checked)}
          />
          <Switch
            label="Text on viewers"
            checked={preferences.textOnViewers}
            onChange={(e) => preferences.setTextOnViewers(e.currentTarget.checked)}
          />
          <Button size="xs" variant="default" onClick={() => download('dicom')}>
            Download DICOM
          </Button>
          <Button size="xs" variant="default" onClick={() => download('nifti')}>
            Download NIfTI
          </Button>
          {seriesAt(active)?.meta.fslUrl !== undefined && (
            <Button
              size="xs"
              variant="default"
              onClick={() => download('fsl')}
              title="Every b-value of this DWI scan as one 4D NIfTI with FSL's .bval and .bvec"
            >
              Download NIfTI + bval/bvec
            </Button>
          )}
          <Button
            size="xs"
            variant="default"
            component={Link}
            to={toolPaths.kspace(sessionId, done[indexIn(active)]?.lastScan?.id)}
          >
            K-space of this series
          </Button>
        </Group>
        {preferences.error && (
          <Alert color="red" title="Text on viewers">
            {preferences.error}
          </Alert>
        )}
        {exportError && (
          <Alert color="red" title="The download failed">
            {exportError}
          </Alert>
        )}
        <SimpleGrid cols={count === 1 ? 1 : 2} spacing="xs" style={{ flex: 1 }}>
          {Array.from({ length: count }, (_, slot) => {
            const shown = seriesAt(slot);
            return (
              <Box
                key={slot}
                onFocusCapture={() => setActive(slot)}
                onPointerDownCapture={() => setActive(slot)}
                data-testid={`viewport-slot-${slot + 1}`}
                style={{
                  outline:
                    slot === active && count > 1
                      ? '2px solid var(--mantine-primary-color-filled)'
                      : undefined,
                }}
              >
                <DiffusionSeriesPicker
                  series={loaded[indexIn(slot)]?.data?.meta.diffusionSeries}
                  value={viewports.diffusion[slot] ?? ''}
                  onChange={(name) => dispatch({ type: 'pickDiffusion', slot, name })}
                  label={`Diffusion series in viewport ${slot + 1}`}
                />
                {shown ? (
                  <SeriesViewer
                    series={shown.series}
                    height={count > 2 ? 380 : 620}
                    showText={preferences.textOnViewers}
                    distanceUnit={preferences.distanceUnit}
                    syncGroup={compare ? `compare-${sessionId}` : undefined}
                    measurements={count <= 2}
                  />
                ) : (
                  <Loader aria-label="Loading the series" />
                )}
              </Box>
            );
          })}
        </SimpleGrid>
        {compare && (
          <Table aria-label="Parameters that differ" fz="sm" maw={640}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Parameter</Table.Th>
                <Table.Th>{pair[0]?.sequence.name ?? 'Left'}</Table.Th>
                <Table.Th>{pair[1]?.sequence.name ?? 'Right'}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {differences.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={3}>No data</Table.Td>
                </Table.Tr>
              ) : (
                differences.map((d) => (
                  <Table.Tr key={d.name}>
                    <Table.Td>{d.name}</Table.Td>
                    <Table.Td>{d.a}</Table.Td>
                    <Table.Td>{d.b}</Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Box>
  );
}
