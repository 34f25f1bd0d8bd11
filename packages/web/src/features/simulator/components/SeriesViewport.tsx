/**
 * The last finished scan of the selected sequence in its own viewport: the shared series viewer (Cornerstone3D,
 * the same as the image viewer's and the scan-result pages'), with the session's Display Options (text on
 * viewers) and distance unit. Measurements stay in the image viewer; here the viewer scrolls, windows and zooms.
 */
import { Alert, Stack, Text } from '@mantine/core';
import type { PulseSequence } from '@larmor/contracts/sessions';
import { useSeries } from '#entities/series/get-series.ts';
import type { ViewerPreferences } from '#entities/session/display-options.ts';
import { SeriesViewer } from '#ui/viewer/index.ts';

/** Height of the viewport with its toolbar [CSS px]. */
const VIEWPORT_HEIGHT_PX = 360;

export function SeriesViewport(props: {
  sessionId: string;
  sequence: PulseSequence;
  preferences: ViewerPreferences;
}) {
  const { sequence } = props;
  const scanId = sequence.lastScan?.status === 'finished' ? sequence.lastScan.id : undefined;
  // Every run is a series of its own (issue 20.5): the scan's series number, not the sequence's position.
  const seriesNumber = sequence.lastScan?.seriesNumber ?? sequence.seqnum;
  const series = useSeries(props.sessionId, scanId, sequence.name, seriesNumber);

  if (scanId === undefined) return null;
  return (
    <Stack gap={6} data-testid="simulator-series" data-tour="last-scan">
      <Text fw={600} size="sm">
        Last scan: {sequence.name}
      </Text>
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
}
