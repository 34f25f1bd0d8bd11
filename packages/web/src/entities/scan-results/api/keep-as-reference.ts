/**
 * Keeping a finished scan as its module's reference scan (issue 21.2), from the simulator: the module's reference
 * as the caller sees it, with whether they mark it (GET v1/modules/{labId}/reference: 403 for a student before
 * submitting, so it is asked for staff only), and the scan kept as a scan result (POST v1/scan-results, the same
 * answer when it already is one) then marked (PUT v1/modules/{labId}/reference).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ATTEMPT_PATHS,
  moduleReferenceAnswerSchema,
  moduleReferenceSchema,
  SCAN_RESULT_REVIEW_PATHS,
  scanResultSchema,
  type ModuleReference,
  type ModuleReferenceAnswer,
} from '@larmor/contracts/attempts';
import { apiPath } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';

const referencePath = (labId: string) => apiPath(SCAN_RESULT_REVIEW_PATHS.reference, { labId });
export const referenceAnswerKey = (labId: string) => ['module-reference-answer', labId] as const;

export function getReferenceAnswer(labId: string): Promise<ModuleReferenceAnswer> {
  return api.request(referencePath(labId), { schema: moduleReferenceAnswerSchema });
}

/** The module's reference for staff (`enabled`); never asked for students. */
export function useReferenceAnswer(labId: string, enabled: boolean) {
  return useQuery({
    queryKey: referenceAnswerKey(labId),
    queryFn: () => getReferenceAnswer(labId),
    enabled,
    retry: false,
  });
}

/** Keeps scan `scanId` (a finished scan of the caller's session of the module) and marks it as the reference. */
export async function keepAsReference(labId: string, scanId: string): Promise<ModuleReference> {
  const kept = await api.request(ATTEMPT_PATHS.scanResults, {
    method: 'POST',
    body: { scanId },
    // Only its id is needed here.
    schema: scanResultSchema.pick({ id: true }),
  });
  return api.request(referencePath(labId), {
    method: 'PUT',
    body: { scanResultId: kept.id },
    schema: moduleReferenceSchema,
  });
}

export function useKeepAsReference(labId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (scanId: string) => keepAsReference(labId, scanId),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: referenceAnswerKey(labId) });
      await client.invalidateQueries({ queryKey: ['module-reference', labId] });
    },
  });
}
