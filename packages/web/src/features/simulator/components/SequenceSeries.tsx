/**
 * The series of one sequence in the scan list (issue 20.5): every run is a series of its own, listed under its
 * sequence as the submit form and the scan-results list name it, "Se 2 · T2-weighted TSE", with its status. A
 * finished one is picked to show it in the scan viewport; the one shown is marked (aria-current).
 */
import { Group, Text, UnstyledButton } from '@mantine/core';
import type { PulseSequence, ScanSummary } from '@larmor/contracts/sessions';
import { seriesTitle } from '#entities/series/SeriesSummary.tsx';
import { useSequenceScans } from '#entities/pulse-sequence/api/list-sequence-scans.ts';
import { StatusChip } from './StatusChip.tsx';

export interface SequenceSeriesProps {
  sequence: Pick<PulseSequence, 'name'>;
  /** The sequence's scans, oldest first (each run a series). */
  scans: readonly ScanSummary[];
  /** The scan shown in the scan viewport, when it is one of this sequence's. */
  shownScanId: string | undefined;
  onShow: (scanId: string) => void;
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
        const shown = scan.id === props.shownScanId;
        return (
          <Group key={scan.id} component="li" gap={4} wrap="nowrap" justify="space-between">
            <UnstyledButton
              onClick={() => props.onShow(scan.id)}
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
          </Group>
        );
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
  const scans = useSequenceScans(props.sessionId, props.sequence);
  return (
    <SequenceSeriesList
      sequence={props.sequence}
      scans={withLastScan(scans.data ?? [], props.sequence.lastScan)}
      shownScanId={props.shownScanId}
      onShow={props.onShow}
    />
  );
}
