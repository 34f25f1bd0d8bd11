/**
 * One series as a student picks it (issue 20.5): its series number and name, a thumbnail of its middle slice and
 * its key parameters in words with units, so that two runs of one sequence can be told apart.
 */
import { Group, Loader, Stack, Text } from '@mantine/core';
import type { ProtocolBody } from '@larmor/contracts/scan-snapshot';
import { SeriesThumbnail } from '#ui/viewer/SeriesThumbnail.tsx';
import { useSeries } from './get-series.ts';
import { keyParameters } from './key-parameters.ts';

const THUMBNAIL_PX = 64;

export interface SeriesSummaryProps {
  sessionId: string;
  scanId: string;
  seriesNumber: number;
  name: string;
  parameters: ProtocolBody;
  scanTimeSeconds: number;
  /** The id of the key-parameters line (for a control's aria-describedby). */
  parametersId?: string;
}

/** "Se 2 · Tiny SE": the series' title as the viewer's corner names it. */
export function seriesTitle(seriesNumber: number, name: string): string {
  return `Se ${seriesNumber} · ${name}`;
}

export function SeriesSummary(props: SeriesSummaryProps) {
  const title = seriesTitle(props.seriesNumber, props.name);
  const series = useSeries(props.sessionId, props.scanId, title, props.seriesNumber);
  const rows = keyParameters(props.parameters, props.scanTimeSeconds);
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      {series.data ? (
        <SeriesThumbnail series={series.data.series} size={THUMBNAIL_PX} />
      ) : (
        <Loader size="sm" aria-label={`Loading ${title}`} />
      )}
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          {title}
        </Text>
        <Text size="xs" id={props.parametersId}>
          {rows.map((r) => `${r.name} ${r.value}`).join(' · ')}
        </Text>
      </Stack>
    </Group>
  );
}
