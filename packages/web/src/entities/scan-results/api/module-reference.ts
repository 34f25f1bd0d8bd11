/**
 * The module's reference scan (issue 14): GET, PUT `{scanResultId}` and DELETE v1/modules/{labId}/reference.
 * A teacher marks one of their own scan results of the module; the comparisons then change. GET answers a
 * student 403 until they submit (issue 21.2): ask it for staff only (`enabled`).
 */
import { useQuery } from '@tanstack/react-query';
import {
  moduleReferenceAnswerSchema,
  moduleReferenceSchema,
  SCAN_RESULT_REVIEW_PATHS,
  type ModuleReferenceAnswer,
} from '@larmor/contracts/attempts';
import { apiPath } from '@larmor/contracts/programs';
import { keepScan } from '#entities/attempt/api/attempts.ts';
import { api } from '#lib/api.ts';
import { useInvalidatingMutation } from '#lib/mutation.ts';

const referenceQueryKey = (labId: string) => ['module-reference', labId] as const;
const path = (labId: string) => apiPath(SCAN_RESULT_REVIEW_PATHS.reference, { labId });

export function getModuleReference(labId: string): Promise<ModuleReferenceAnswer> {
  return api.request(path(labId), { schema: moduleReferenceAnswerSchema });
}

export function useModuleReference(labId: string, enabled = true) {
  return useQuery({ queryKey: referenceQueryKey(labId), queryFn: () => getModuleReference(labId), enabled });
}

/** What a new reference makes stale: the reference and the comparisons with it. */
const referenceChanged = (labId: string) => [referenceQueryKey(labId), ['scan-results']];

/** PUT (or, with null, DELETE) the module's reference scan result. */
export async function setModuleReference(labId: string, scanResultId: string | null): Promise<void> {
  if (scanResultId === null) await api.request(path(labId), { method: 'DELETE' });
  else
    await api.request(path(labId), { method: 'PUT', body: { scanResultId }, schema: moduleReferenceSchema });
}

/** Marks `scanResultId` as the reference (or, with null, unmarks the module's); refreshes comparisons. */
export function useSetModuleReference(labId: string) {
  return useInvalidatingMutation(
    (scanResultId: string | null) => setModuleReference(labId, scanResultId),
    referenceChanged(labId),
  );
}

/** Keeps a finished scan of the caller's session (`scanId`) as a scan result and marks it as the reference. */
export function useKeepAsReference(labId: string) {
  return useInvalidatingMutation(
    async (scanId: string) => setModuleReference(labId, (await keepScan(scanId)).id),
    referenceChanged(labId),
  );
}
