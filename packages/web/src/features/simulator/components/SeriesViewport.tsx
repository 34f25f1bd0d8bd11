/**
 * A finished scan of the selected sequence in its own viewport: its last one, or the earlier series picked in the
 * scan list (issue 20.5), titled as the scan list and the submit form name it ("Se 2 · T2-weighted TSE"). The
 * shared series viewer (Cornerstone3D, the same as the image viewer's and the scan-result pages'), with the
 * session's Display Options (text on viewers) and distance unit. Measurements stay in the image viewer; here the
 * viewer scrolls, windows and zooms. A DWI scan's series (each b-value, the ADC map) are picked above it.
 */
import { memo } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import type { PulseSequence } from '@larmor/contracts/sessions';
import { useSeries } from '#entities/series/api/get-series.ts';
import { seriesTitle } from '#entities/series/SeriesSummary.tsx';
import type { ViewerPreferences } from '#entities/session/display-options.ts';
import { SeriesViewer } from '#ui/viewer/index.ts';
import { useSequenceScans } from '#entities/pulse-sequence/api/list-sequence-scans.ts';
import { DiffusionSeriesPicker } from '#entities/series/DiffusionSeriesPicker.tsx';

/** Height of the viewport with its toolbar [CSS px]. */
const VIEWPORT_HEIGHT_PX = 360;

/** Memoised (issue 20, "Speed": input to paint): a parameter edit that leaves its props alone does not render it. */
export const SeriesViewport = memo(function SeriesViewport(props: {
  sessionId: string;
  sequence: PulseSequence;
  /** An earlier series of the sequence to show instead of its last scan. */
  scanId?: string | undefined;
  /** Which of a DWI scan's series to show ('' the scan itself), as picked here or in the scan list. */
  series: string;
  onPickSeries?: ((series: string) => void) | undefined;
  preferences: ViewerPreferences;
}) {
  const { sequence } = props;
  const scans = useSequenceScans(props.sessionId, sequence);
  const last = sequence.lastScan?.status === 'finished' ? sequence.lastScan : undefined;
  const picked = scans.data?.find((s) => s.id === props.scanId && s.status === 'finished');
  const shown = picked ?? last;
  // Every run is a series of its own (issue 20.5): the scan's series number, not the sequence's position.
  const seriesNumber = shown?.seriesNumber ?? sequence.seqnum;
  // A DWI scan is several series (issue 23.7): the one picked (here or in the scan list), else the scan itself.
  const diffusion = props.series;
  const itself = useSeries(props.sessionId, shown?.id, sequence.name, seriesNumber);
  const series = useSeries(props.sessionId, shown?.id, sequence.name, seriesNumber, diffusion);

  if (shown === undefined) return null;
  const title = seriesTitle(seriesNumber, sequence.name);
  return (
    <Stack gap={6} data-testid="simulator-series" data-tour="last-scan">
      <Text fw={600} size="sm" truncate>
        {shown.id === sequence.lastScan?.id ? `Last scan: ${title}` : `Earlier scan: ${title}`}
      </Text>
      <DiffusionSeriesPicker
        series={itself.data?.meta.diffusionSeries}
        value={diffusion}
        onChange={(name) => props.onPickSeries?.(name)}
      />
      {series.isError ? (
        <Alert color="red" title="The images could not be loaded">
          {series.error.message}
        </Alert>
      ) : series.data ? (
        <SeriesViewer
          series={series.data.series}
          height={VIEWPORT_HEIGHT_PX}
          showText={props.preferences.textOnViewers}
          distanceUnit={props.preferences.distanceUnit}
          measurements={false}
        />
      ) : (
        <Text size="sm" c="dimmed" role="status">
          Loading the images…
        </Text>
      )}
    </Stack>
  );
});
