/**
 * The series of one sequence in the scan list (issue 20.5): every run is a series of its own, listed under its
 * sequence as the submit form and the scan-results list name it, "Se 2 · T2-weighted TSE", with its status. A
 * finished one is picked to show it in the scan viewport; the one shown is marked (aria-current). A finished DWI
 * scan's further series (issue 23.7: each b-value's trace, the ADC map) are rows of their own under it,
 * "Se 301 · b=1000 trace".
 */
import { Group, Text, UnstyledButton } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import type { DiffusionSeries, PulseSequence, ScanSummary } from '@larmor/contracts/sessions';
import { seriesTitle } from '#entities/series/SeriesSummary.tsx';
import { diffusionSeriesLabel } from '#entities/series/DiffusionSeriesPicker.tsx';
import { seriesMetaQueryOptions } from '#entities/series/api/get-series.ts';
import { useSequenceScans } from '#entities/pulse-sequence/api/list-sequence-scans.ts';
import { StatusChip } from './StatusChip.tsx';

export interface SequenceSeriesProps {
  sequence: Pick<PulseSequence, 'name'>;
  /** The sequence's scans, oldest first (each run a series). */
  scans: readonly ScanSummary[];
  /** The scan shown in the scan viewport, when it is one of this sequence's, and which of its DWI series. */
  shownScanId: string | undefined;
  shownSeries: string;
  /** Shows scan `scanId`, or its DWI series `series` ('' the scan itself). */
  onShow: (scanId: string, series: string) => void;
  /** A finished DWI scan's series as its metadata lists them (the scan itself first); undefined for others. */
  diffusionOf?: (scanId: string) => readonly DiffusionSeries[] | undefined;
}

/** The list itself, from the sequence's scans; nothing before its first run. */
export function SequenceSeriesList(props: SequenceSeriesProps) {
  const { sequence } = props;
  if (props.scans.length === 0) return null;
  return (
    <ul
      aria-label={`Series of ${sequence.name}`}
      style={{ listStyle: 'none', margin: 0, padding: '0 0 0 28px', display: 'grid', gap: 2 }}
    >
      {props.scans.map((scan) => {
        const title = seriesTitle(scan.seriesNumber, sequence.name);
        const finished = scan.status === 'finished';
        const shown = scan.id === props.shownScanId && props.shownSeries === '';
        const further = (finished ? props.diffusionOf?.(scan.id) : undefined)?.slice(1) ?? [];
        return [
          <Group key={scan.id} component="li" gap={4} wrap="nowrap" justify="space-between">
            <UnstyledButton
              onClick={() => props.onShow(scan.id, '')}
              disabled={!finished}
              aria-label={title}
              title={title}
              aria-current={shown ? 'true' : undefined}
              style={{ flex: 1, minWidth: 0, borderRadius: 4, padding: '0 4px' }}
            >
              <Text size="xs" truncate fw={shown ? 700 : undefined}>
                {title}
              </Text>
            </UnstyledButton>
            <StatusChip
              status={scan.status}
              progress={scan.status === 'running' ? scan.progress : undefined}
            />
          </Group>,
          ...further.map((series) => {
            const label = `Se ${series.seriesNumber} · ${diffusionSeriesLabel(series)}`;
            const current = scan.id === props.shownScanId && props.shownSeries === series.name;
            return (
              <li key={`${scan.id}/${series.name}`} style={{ paddingLeft: 12 }}>
                <UnstyledButton
                  onClick={() => props.onShow(scan.id, series.name)}
                  aria-label={label}
                  title={`${title} · ${series.description}`}
                  aria-current={current ? 'true' : undefined}
                  style={{ width: '100%', borderRadius: 4, padding: '0 4px' }}
                >
                  <Text size="xs" truncate fw={current ? 700 : undefined}>
                    {label}
                  </Text>
                </UnstyledButton>
              </li>
            );
          }),
        ];
      })}
    </ul>
  );
}

/**
 * The listed scans with the sequence's last scan as the session's events keep it (its progress while it runs),
 * added at the end while the list that holds it is still being fetched.
 */
export function withLastScan(scans: readonly ScanSummary[], last: ScanSummary | null): ScanSummary[] {
  if (last === null) return [...scans];
  const listed = scans.some((s) => s.id === last.id);
  return listed ? scans.map((s) => (s.id === last.id ? last : s)) : [...scans, last];
}

/** The series of `sequence`, read from the session API (listed again when it runs or a run ends). */
export function SequenceSeries(
  props: Omit<SequenceSeriesProps, 'scans' | 'sequence'> & {
    sessionId: string;
    sequence: PulseSequence;
  },
) {
  const scans = withLastScan(
    useSequenceScans(props.sessionId, props.sequence).data ?? [],
    props.sequence.lastScan,
  );
  // A DWI sequence's finished scans list their series in their metadata (cached for good: a scan never changes).
  const dwi = props.sequence.family === 'DWI' ? scans.filter((s) => s.status === 'finished') : [];
  const metas = useQueries({ queries: dwi.map((s) => seriesMetaQueryOptions(props.sessionId, s.id)) });
  return (
    <SequenceSeriesList
      sequence={props.sequence}
      scans={scans}
      shownScanId={props.shownScanId}
      shownSeries={props.shownSeries}
      onShow={props.onShow}
      diffusionOf={(scanId) => metas[dwi.findIndex((s) => s.id === scanId)]?.data?.diffusionSeries}
    />
  );
}
