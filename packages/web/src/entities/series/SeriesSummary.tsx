/**
 * One series as a student picks or lists it (issue 20.5): its series number and name, a thumbnail of its middle
 * slice and its key parameters in words with units, so that two runs of one sequence can be told apart.
 */
import type { ReactNode } from 'react';
import { Group, Loader, Stack, Text } from '@mantine/core';
import type { ProtocolBody } from '@larmor/contracts/scan-snapshot';
import { SeriesThumbnail } from '#ui/viewer/SeriesThumbnail.tsx';
import type { ViewerSeries } from '#ui/viewer/index.ts';
import { useSeries } from './api/get-series.ts';
import { keyParameters } from './key-parameters.ts';

const THUMBNAIL_PX = 64;

/** "Se 2 · Tiny SE": the series' title as the viewer's corner numbers it (the name alone without a number). */
export function seriesTitle(seriesNumber: number | null, name: string): string {
  return seriesNumber === null ? name : `Se ${seriesNumber} · ${name}`;
}

export interface SeriesSummaryViewProps {
  title: string;
  /** The loaded series for the thumbnail (a spinner until then). */
  series: ViewerSeries | undefined;
  parameters: ProtocolBody | null;
  scanTimeSeconds: number | null;
  /** The id of the key-parameters line (for a control's aria-describedby). */
  parametersId?: string;
  /** Shown instead of the title's text (a link to the series, say). */
  heading?: ReactNode;
}

export function SeriesSummaryView(props: SeriesSummaryViewProps) {
  const rows = props.parameters === null ? [] : keyParameters(props.parameters, props.scanTimeSeconds ?? 0);
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      {props.series ? (
        <SeriesThumbnail series={props.series} size={THUMBNAIL_PX} />
      ) : (
        <Loader size="sm" aria-label={`Loading ${props.title}`} />
      )}
      <Stack gap={2}>
        {props.heading ?? (
          <Text size="sm" fw={600}>
            {props.title}
          </Text>
        )}
        {rows.length > 0 && (
          <Text size="xs" id={props.parametersId}>
            {rows.map((r) => `${r.name} ${r.value}`).join(' · ')}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

export interface SeriesSummaryProps {
  sessionId: string;
  scanId: string;
  seriesNumber: number;
  name: string;
  parameters: ProtocolBody;
  scanTimeSeconds: number;
  parametersId?: string;
}

/** A finished scan of a session, its thumbnail read from the session's reconstructed images. */
export function SeriesSummary(props: SeriesSummaryProps) {
  const title = seriesTitle(props.seriesNumber, props.name);
  const series = useSeries(props.sessionId, props.scanId, title, props.seriesNumber);
  return (
    <SeriesSummaryView
      title={title}
      series={series.data?.series}
      parameters={props.parameters}
      scanTimeSeconds={props.scanTimeSeconds}
      parametersId={props.parametersId}
    />
  );
}
