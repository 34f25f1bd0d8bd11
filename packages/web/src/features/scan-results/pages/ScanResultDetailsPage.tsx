/**
 * Scan Result Details (child route of the Scan Result Page): the scanner, simulation and tissues of the snapshot,
 * and the comparison with the module's reference scan.
 */
import { Stack } from '@mantine/core';
import { useOutletContext } from 'react-router';
import type { ScanResult } from '@larmor/contracts/attempts';
import { ParameterTable } from '../components/ParameterTable.tsx';
import { ReferenceComparison } from '../components/ReferenceComparison.tsx';
import { scannerRows } from '../components/protocol-rows.ts';

export function ScanResultDetailsPage() {
  const result = useOutletContext<ScanResult>();
  return (
    <Stack gap="md">
      <ParameterTable caption="Scanner and simulation" rows={scannerRows(result.snapshot)} />
      <ReferenceComparison scanResultId={result.id} />
    </Stack>
  );
}
