/**
 * The comparison of a scan result with its module's reference scan (issue 14): the parameters that differ with
 * the consequence of each, and the difference map |this − reference| of the centre slices in the shared viewer,
 * or why there is none. Empty and loading states say what is missing.
 */
import { Alert, Center, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { DifferenceMap } from '@larmor/contracts/attempts';
import { ApiError } from '#lib/api-error.ts';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { SeriesViewer } from '#ui/viewer/index.ts';
import { useComparison, useDifferenceSeries } from '#entities/scan-results/api/comparison.ts';

const DIFFERENCE_VIEWER_HEIGHT_PX = 360;

function DifferenceMapView(props: { scanResultId: string; map: DifferenceMap }) {
  const { map } = props;
  const available = map.available ? map : null;
  const series = useDifferenceSeries(props.scanResultId, available);
  if (!available) {
    return (
      <Alert color="gray" title="No difference map">
        {map.available ? '' : map.reason}
      </Alert>
    );
  }
  return (
    <Stack gap={4}>
      <Text size="sm">
        |this − reference| of the centre slices (slice {available.slice + 1} against slice{' '}
        {available.referenceSlice + 1}): mean {available.meanDifference.toPrecision(3)}, largest{' '}
        {available.maxDifference.toPrecision(3)}. Black is no difference.
      </Text>
      <ErrorAlert error={series.error} />
      {series.data ? (
        <SeriesViewer series={series.data} height={DIFFERENCE_VIEWER_HEIGHT_PX} measurements={false} />
      ) : (
        !series.error && (
          <Center h={DIFFERENCE_VIEWER_HEIGHT_PX} bg="black">
            <Loader aria-label="Loading the difference map" />
          </Center>
        )
      )}
    </Stack>
  );
}

/**
 * The server's 403 to a student whose scan result is not submitted yet (issue 21.2): not a failure, so said
 * plainly rather than as an error (its message says to submit first).
 */
const notSubmitted = (error: Error | null): error is ApiError =>
  error instanceof ApiError && error.status === 403;

export function ReferenceComparison(props: { scanResultId: string }) {
  const comparison = useComparison(props.scanResultId);
  const c = comparison.data;
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Comparison with the reference scan
      </Title>
      {notSubmitted(comparison.error) ? (
        <Text c="dimmed">{comparison.error.message}</Text>
      ) : (
        <ErrorAlert error={comparison.error} />
      )}
      {!c && !comparison.error && <Loader size="sm" aria-label="Loading the comparison" />}
      {c && c.reference === null && (
        <Text c="dimmed">
          This module has no reference scan yet. A teacher marks one of their own scan results of the module
          as its reference.
        </Text>
      )}
      {c && c.isReference && <Text>This scan result is the module&apos;s reference scan.</Text>}
      {c && c.reference !== null && !c.isReference && (
        <>
          {c.parameters.length === 0 ? (
            <Text>The protocol is the reference&apos;s.</Text>
          ) : (
            <Table withTableBorder striped>
              <Table.Caption>Parameters that differ from the reference</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Parameter</Table.Th>
                  <Table.Th scope="col">This scan</Table.Th>
                  <Table.Th scope="col">Reference</Table.Th>
                  <Table.Th scope="col">Consequence</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {c.parameters.map((p) => (
                  <Table.Tr key={p.parameter}>
                    <Table.Th scope="row">{p.label}</Table.Th>
                    <Table.Td>{p.value}</Table.Td>
                    <Table.Td>{p.reference}</Table.Td>
                    <Table.Td>{p.consequence}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {c.differenceMap && <DifferenceMapView scanResultId={c.scanResultId} map={c.differenceMap} />}
        </>
      )}
    </Stack>
  );
}
