/**
 * Roster sync (issue 27.5): `POST v1/modules/{labId}/lti/roster-sync` for an organisation's staff (nrps.ts). Its
 * own route plugin beside lti/routes.ts, so that the launch and deep-linking calls and this one change apart.
 */
import {
  errorBodySchema,
  LTI_NRPS_PATHS,
  ltiRosterSyncParamsSchema,
  ltiRosterSyncResultSchema,
} from '@larmor/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { signedInCalls } from '../../plugins/calls.ts';
import { ADMIN_CALL_ERRORS } from '../../plugins/errors.ts';
import { routePath } from '../../plugins/route-path.ts';
import { contentScopeOf } from '../content/programs/access.ts';
import { syncRoster } from './nrps.ts';

const call = signedInCalls(['lti'], { ...ADMIN_CALL_ERRORS, 502: errorBodySchema });

export const ltiRosterRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    routePath(LTI_NRPS_PATHS.rosterSync),
    call(authenticate, {
      summary:
        "Sync the module's roster from the learning platforms it was launched from (LTI NRPS; staff); 502 when a platform fails",
      params: ltiRosterSyncParamsSchema,
      body: z.object({}).nullish(),
      response: { 200: ltiRosterSyncResultSchema },
    }),
    async (request) =>
      syncRoster(root.db, await contentScopeOf(root.db, callerOf(request)), request.params.labId),
  );
};
