/** GET v1/catalog (issue 10): the programs this user may see, with enrolment state and progress. */
import { catalogResponseSchema, PROGRAM_PATHS } from '@larmor/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { contentScopeOf } from '../content/programs/access.ts';
import { contentReadCall } from '../content/calls.ts';
import { catalog } from './service.ts';
import { routePath } from '../../plugins/route-path.ts';

export const catalogRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    routePath(PROGRAM_PATHS.catalog),
    contentReadCall(authenticate, {
      summary: 'The published programs the caller may see, enrolled first, with progress and due dates',
      response: { 200: catalogResponseSchema },
    }),
    async (request) => catalog(root.db, await contentScopeOf(root.db, callerOf(request))),
  );
};
