/** POST v1/modules/{labId}/lti/roster-sync: the module's roster from its learning platforms (LTI NRPS, issue 27.5). */
import {
  LTI_NRPS_PATHS,
  ltiRosterSyncResultSchema,
  type LtiRosterSyncResult,
} from '@larmor/contracts/lti-nrps';
import { apiPath } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { useInvalidatingMutation } from '#lib/mutation.ts';

export function syncLtiRoster(labId: string): Promise<LtiRosterSyncResult> {
  return api.request(apiPath(LTI_NRPS_PATHS.rosterSync, { labId }), {
    method: 'POST',
    body: {},
    schema: ltiRosterSyncResultSchema,
  });
}

export function useSyncLtiRoster() {
  return useInvalidatingMutation(syncLtiRoster, []);
}
