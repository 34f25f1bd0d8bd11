/** GET v1/analytics/modules/{labId}/csv?cohortId=: the module's analytics as CSV, saved as a file. */
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { ANALYTICS_PATHS } from '@larmor/contracts/analytics';
import { apiPath } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';

export function getAnalyticsCsv(labId: string, cohortId: string | null): Promise<string> {
  return api.request(apiPath(ANALYTICS_PATHS.moduleCsv, { labId }), {
    query: { cohortId: cohortId ?? undefined },
    schema: z.string(),
  });
}

/** How long the object URL of a download stays valid [ms]. */
const REVOKE_AFTER_MS = 10_000;

/** Hands `text` to the browser as a download named `name`. */
function saveText(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // Revoked once the browser has started the download from it.
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

export function useDownloadAnalyticsCsv() {
  return useMutation({
    mutationFn: async (input: { labId: string; cohortId: string | null }) => {
      const csv = await getAnalyticsCsv(input.labId, input.cohortId);
      saveText(`analytics-${input.labId}.csv`, csv);
    },
  });
}
