/**
 * /scan-results (My Scan Results in the old UI, Scan Results in the new): one's own kept series, newest first,
 * each with its series number, a thumbnail and its key parameters (issue 20.5).
 */
import { Anchor, Table } from '@mantine/core';
import { Link } from 'react-router';
import type { StudentScanResult } from '@larmor/contracts/students';
import { seriesTitle, SeriesSummaryView } from '#entities/series/SeriesSummary.tsx';
import { useScanResultSeries } from '#entities/scan-results/api/get-scan-result-series.ts';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { EmptyState, PageFrame } from '#ui/PageFrame.tsx';
import { useOwnScanResults } from '#entities/scan-results/api/scan-results.ts';
import { useReadingRoomScheme } from '../components/reading-room.ts';

export function ScanResultsPage() {
  useReadingRoomScheme();
  const own = useOwnScanResults();
  const results = own.data?.scanResults ?? [];
  return (
    <PageFrame title="Scan Results">
      <ErrorAlert error={own.error} />
      {own.data && results.length === 0 ? (
        <EmptyState
          title="No scan results yet"
          description="Run a scan in a module's simulator, then keep the finished series to see it here."
        />
      ) : (
        <Table withTableBorder striped>
          <Table.Caption>Your scan results</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Series</Table.Th>
              <Table.Th>Module</Table.Th>
              <Table.Th>Kept</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {results.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>
                  <KeptSeries result={r} />
                </Table.Td>
                <Table.Td>{r.labTitle}</Table.Td>
                <Table.Td>{new Date(r.createdAt).toLocaleString()}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </PageFrame>
  );
}

/** A kept series: its link, then its thumbnail and key parameters. */
function KeptSeries(props: { result: StudentScanResult }) {
  const r = props.result;
  const title = seriesTitle(r.seriesNumber, r.description ?? 'Series');
  const series = useScanResultSeries(r.id, title);
  return (
    <SeriesSummaryView
      title={title}
      heading={
        <Anchor component={Link} to={`/scan-results/${r.id}`} fw={600}>
          {title}
        </Anchor>
      }
      series={series.data?.series}
      parameters={r.parameters}
      scanTimeSeconds={r.scanTimeSeconds}
    />
  );
}
