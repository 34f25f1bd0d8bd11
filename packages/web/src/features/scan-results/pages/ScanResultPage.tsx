/**
 * The Scan Result Page of /scan-results/:scanResultId, /students/:userId/scan-results/:scanResultId and
 * /admin/users/:userId/scan-results/:scanResultId: the series in the shared viewer, its size and protocol, and
 * for a teacher's own result a way to mark it as the module's reference scan; its child route (`details`, or
 * `users/:userId/details` under /scan-results) adds the scanner, simulation and tissues of the immutable snapshot
 * and the comparison with the reference. Dark by default (reading room).
 */
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link, Outlet, useLocation, useOutlet, useParams } from 'react-router';
import { ScanResultViewer } from '#entities/scan-results/ScanResultViewer.tsx';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { PageFrame } from '#ui/PageFrame.tsx';
import { useScanResult } from '#entities/scan-results/api/scan-results.ts';
import { ParameterTable } from '../components/ParameterTable.tsx';
import { protocolRows } from '../components/protocol-rows.ts';
import { useReadingRoomScheme } from '../components/reading-room.ts';
import { ReferenceToggle } from '../components/ReferenceToggle.tsx';

/** Height of the series viewer (CSS pixels), toolbar and measurement table included. */
const SERIES_VIEWER_HEIGHT_PX = 560;

/** Where the details child of the page at `base` lives (its spelling differs under /scan-results). */
export function detailsPathOf(base: string, ownerId: string): string {
  return base.startsWith('/scan-results/') ? `${base}/users/${ownerId}/details` : `${base}/details`;
}

export function ScanResultPage() {
  useReadingRoomScheme();
  const { scanResultId = '' } = useParams();
  const { pathname } = useLocation();
  const outlet = useOutlet();
  const result = useScanResult(scanResultId);
  const r = result.data;
  const base = pathname.replace(/\/(users\/[^/]+\/)?details\/?$/, '');
  return (
    <PageFrame title="Scan Result">
      <ErrorAlert error={result.error} />
      {r && (
        <Stack gap="md">
          <Group gap="lg">
            <Text>
              {r.snapshot.protocol.family}, {r.slices} {r.slices === 1 ? 'slice' : 'slices'} of {r.columns} ×{' '}
              {r.rows} pixels
            </Text>
            <Text c="dimmed">Kept {new Date(r.createdAt).toLocaleString()}</Text>
          </Group>
          <ReferenceToggle result={r} />
          <ScanResultViewer
            scanResultId={r.id}
            description={`${r.snapshot.protocol.family} series`}
            height={SERIES_VIEWER_HEIGHT_PX}
          />
          <ParameterTable caption="Parameters" rows={protocolRows(r.snapshot)} />
          {outlet === null ? (
            <Anchor component={Link} to={detailsPathOf(base, r.userId)}>
              Show scanner, simulation and tissue details
            </Anchor>
          ) : (
            <Outlet context={r} />
          )}
        </Stack>
      )}
    </PageFrame>
  );
}
