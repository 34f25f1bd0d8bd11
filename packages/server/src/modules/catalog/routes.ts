/** GET v1/catalog (issue 10): the programs this user may see, with enrolment state and progress. */
import { catalogResponseSchema, errorBodySchema, PROGRAM_PATHS } from '@larmor/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { contentScopeOf } from '../programs/access.ts';
import { CONTENT_SECURITY, CONTENT_TAGS } from '../programs/routes.ts';
import { catalog } from './service.ts';
import { routePath } from '../../plugins/route-path.ts';

export const catalogRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    routePath(PROGRAM_PATHS.catalog),
    {
      preHandler: authenticate,
      schema: {
        summary: 'The published programs the caller may see, enrolled first, with progress and due dates',
        tags: CONTENT_TAGS,
        security: CONTENT_SECURITY,
        response: { 200: catalogResponseSchema, 401: errorBodySchema },
      },
    },
    async (request) => catalog(root.db, await contentScopeOf(root.db, callerOf(request))),
  );
};
