/**
 * The module editor's reference scan (issue 21.2): the author's own finished scans of the module (GET
 * v2/me/scans), marking one as the reference (kept as a scan result first when it is not yet: POST
 * v1/scan-results, then PUT v1/modules/{labId}/reference), and the objectives checked against the reference
 * (GET v1/modules/{labId}/reference/evaluation).
 */
import { useQuery } from '@tanstack/react-query';
import {
  type ReferenceEvaluation,
  referenceEvaluationSchema,
  SCAN_RESULT_REVIEW_PATHS,
} from '@larmor/contracts/attempts';
import { apiPath } from '@larmor/contracts/programs';
import type { OwnScan } from '@larmor/contracts/students';
import { getOwnScans, keepScan } from '#entities/attempt/api/attempts.ts';
import { setModuleReference } from '#entities/scan-results/api/module-reference.ts';
import { api } from '#lib/api.ts';
import { programsQueryKey } from './keys.ts';
import { useInvalidatingMutation } from '#lib/mutation.ts';

const evaluationKey = (labId: string) => [...programsQueryKey, 'reference-evaluation', labId] as const;
const ownScansKey = (labId: string) => [...programsQueryKey, 'own-scans', labId] as const;

export function getReferenceEvaluation(labId: string): Promise<ReferenceEvaluation> {
  return api.request(apiPath(SCAN_RESULT_REVIEW_PATHS.referenceEvaluation, { labId }), {
    schema: referenceEvaluationSchema,
  });
}

/** The objectives against the reference, checked again whenever the module is saved (programs are invalidated). */
export function useReferenceEvaluation(labId: string) {
  return useQuery({
    queryKey: evaluationKey(labId),
    queryFn: () => getReferenceEvaluation(labId),
    staleTime: 0,
  });
}

/** The caller's finished scans of the module, newest first as the server lists them. */
export function useOwnScans(labId: string) {
  return useQuery({
    queryKey: ownScansKey(labId),
    queryFn: async (): Promise<OwnScan[]> => (await getOwnScans(labId)).scans,
    staleTime: 0,
  });
}

/** Marks one of the caller's scans as the reference, keeping it as a scan result first when needed. */
export function useSaveReference(labId: string) {
  return useInvalidatingMutation(
    async (scan: Pick<OwnScan, 'scanId' | 'scanResultId'>): Promise<void> => {
      await setModuleReference(labId, scan.scanResultId ?? (await keepScan(scan.scanId)).id);
    },
    [evaluationKey(labId), ownScansKey(labId)],
  );
}
