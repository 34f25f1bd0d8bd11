/** Competency calls (issue 24.3): a program's competency map for its teachers, a student's progress by competency. */
import {
  COMPETENCY_PATHS,
  competencyMapSchema,
  competencyProgressSchema,
  programIdParamsSchema,
} from '@larmor/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { routePath } from '../../plugins/route-path.ts';
import { contentCall, contentReadCall, contentStaff } from '../content/calls.ts';
import { contentScopeOf } from '../content/programs/access.ts';
import { myCompetencyProgress, programCompetencyMap } from './service.ts';

export const competenciesRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    routePath(COMPETENCY_PATHS.programMap),
    contentCall(contentStaff, {
      summary: 'Which module and objective of the program assesses which competency (its teachers)',
      params: programIdParamsSchema,
      response: { 200: competencyMapSchema },
    }),
    async (request) =>
      programCompetencyMap(
        root.db,
        await contentScopeOf(root.db, callerOf(request)),
        request.params.programId,
      ),
  );

  app.get(
    routePath(COMPETENCY_PATHS.mine),
    contentReadCall(authenticate, {
      summary: 'The caller’s progress by competency, from their graded attempts',
      response: { 200: competencyProgressSchema },
    }),
    async (request) => myCompetencyProgress(root.db, callerOf(request).userId),
  );
};
