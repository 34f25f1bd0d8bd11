/**
 * GET v1/scan-results/{scanResultId}/comparison (issue 14): the scan result against the module's reference
 * scan; and the difference map's pixels from the URL it names (little-endian Float32), as a one-slice series.
 */
import { useQuery } from '@tanstack/react-query';
import {
  SCAN_RESULT_REVIEW_PATHS,
  scanResultComparisonSchema,
  type DifferenceMap,
  type ScanResultComparison,
} from '@larmor/contracts/attempts';
import { apiPath } from '@larmor/contracts/programs';
import { getPixels } from './get-scan-result-series.ts';
import { differenceViewerSeries } from '../viewer-series.ts';
import { api } from '#lib/api.ts';

export const comparisonQueryKey = (scanResultId: string) =>
  ['scan-results', scanResultId, 'comparison'] as const;

export function getComparison(scanResultId: string): Promise<ScanResultComparison> {
  return api.request(apiPath(SCAN_RESULT_REVIEW_PATHS.comparison, { scanResultId }), {
    schema: scanResultComparisonSchema,
  });
}

export function useComparison(scanResultId: string) {
  return useQuery({ queryKey: comparisonQueryKey(scanResultId), queryFn: () => getComparison(scanResultId) });
}

type AvailableMap = Extract<DifferenceMap, { available: true }>;

export function useDifferenceSeries(scanResultId: string, map: AvailableMap | null) {
  return useQuery({
    queryKey: [...comparisonQueryKey(scanResultId), 'difference', map?.url, map?.maxDifference],
    queryFn: async () => {
      if (!map) throw new Error('No difference map');
      return differenceViewerSeries(scanResultId, map, await getPixels(map.url, map.rows * map.columns));
    },
    enabled: map !== null,
  });
}
