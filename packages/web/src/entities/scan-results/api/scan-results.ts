/** GET v1/scan-results/{scanResultId} (issue 14) and one's own scan results from GET v2/me/ (simulator.md §7). */
import { useQuery } from '@tanstack/react-query';
import { ATTEMPT_PATHS, scanResultSchema, type ScanResult } from '@larmor/contracts/attempts';
import { apiPath } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { getMeStudent } from '#entities/student/api/get-me-student.ts';

const scanResultsQueryKey = ['scan-results'] as const;

export function getScanResult(id: string): Promise<ScanResult> {
  return api.request(apiPath(ATTEMPT_PATHS.scanResult, { scanResultId: id }), {
    schema: scanResultSchema,
  });
}

export function useScanResult(id: string) {
  return useQuery({ queryKey: [...scanResultsQueryKey, id], queryFn: () => getScanResult(id) });
}

export function useOwnScanResults() {
  return useQuery({ queryKey: [...scanResultsQueryKey, 'own'], queryFn: getMeStudent });
}
