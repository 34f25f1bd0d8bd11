/** GET v1/scan-results/{scanResultId} (issue 14) and one's own scan results from GET v2/me/ (simulator.md §7). */
import { useQuery } from '@tanstack/react-query';
import { ATTEMPT_PATHS, scanResultSchema, type ScanResult } from '@larmor/contracts/attempts';
import { meStudentSchema, STUDENT_PATHS, type MeStudent } from '@larmor/contracts/students';
import { apiPath } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';

const scanResultsQueryKey = ['scan-results'] as const;

export function getScanResult(id: string): Promise<ScanResult> {
  return api.request(apiPath(ATTEMPT_PATHS.scanResult, { scanResultId: id }), {
    schema: scanResultSchema,
  });
}

export function useScanResult(id: string) {
  return useQuery({ queryKey: [...scanResultsQueryKey, id], queryFn: () => getScanResult(id) });
}

export function getOwnScanResults(): Promise<MeStudent> {
  return api.request(STUDENT_PATHS.me, { schema: meStudentSchema });
}

export function useOwnScanResults() {
  return useQuery({ queryKey: [...scanResultsQueryKey, 'own'], queryFn: getOwnScanResults });
}
