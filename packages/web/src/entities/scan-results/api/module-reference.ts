/**
 * The module's reference scan (issue 14): GET, PUT `{scanResultId}` and DELETE v1/modules/{labId}/reference.
 * A teacher marks one of their own scan results of the module; the comparisons then change.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  moduleReferenceAnswerSchema,
  moduleReferenceSchema,
  SCAN_RESULT_REVIEW_PATHS,
  type ModuleReference,
} from '@larmor/contracts/attempts';
import { apiPath } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';

const referenceQueryKey = (labId: string) => ['module-reference', labId] as const;
const path = (labId: string) => apiPath(SCAN_RESULT_REVIEW_PATHS.reference, { labId });

export function getModuleReference(labId: string): Promise<{ reference: ModuleReference | null }> {
  return api.request(path(labId), { schema: moduleReferenceAnswerSchema });
}

export function useModuleReference(labId: string) {
  return useQuery({ queryKey: referenceQueryKey(labId), queryFn: () => getModuleReference(labId) });
}

/** PUT (or, with null, DELETE) the module's reference scan result. */
export async function setModuleReference(labId: string, scanResultId: string | null): Promise<void> {
  if (scanResultId === null) await api.request(path(labId), { method: 'DELETE' });
  else
    await api.request(path(labId), { method: 'PUT', body: { scanResultId }, schema: moduleReferenceSchema });
}

/** Marks `scanResultId` as the reference (or, with null, unmarks the module's); refreshes comparisons. */
export function useSetModuleReference(labId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (scanResultId: string | null) => setModuleReference(labId, scanResultId),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: referenceQueryKey(labId) });
      await client.invalidateQueries({ queryKey: ['scan-results'] });
    },
  });
}
