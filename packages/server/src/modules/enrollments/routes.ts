/** Enrolment calls (issue 10): enrol users, groups and cohorts, or oneself; list; remove. */
import {
  enrollmentCandidateListSchema,
  enrollmentCandidateQuerySchema,
  enrollmentCreateSchema,
  enrollmentListSchema,
  enrollmentParamsSchema,
  enrollmentResultSchema,
  PROGRAM_PATHS,
  programIdParamsSchema,
} from '@larmor/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { contentScopeOf } from '../content/programs/access.ts';
import { contentCall } from '../content/calls.ts';
import { enroll, listEnrollmentCandidates, listEnrollments, unenroll } from './service.ts';
import { routePath } from '../../plugins/route-path.ts';
import { noContent } from '../../plugins/replies.ts';

export const enrollmentsRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const scopeOf = (request: FastifyRequest) => contentScopeOf(root.db, callerOf(request));

  app.post(
    routePath(PROGRAM_PATHS.programEnrollments),
    contentCall(authenticate, {
      summary:
        'Enrol users, groups and cohorts (teachers, admins), or yourself with {} where enrolment is open',
      params: programIdParamsSchema,
      body: enrollmentCreateSchema.nullish(),
      response: { 200: enrollmentResultSchema },
    }),
    async (request) => enroll(root.db, await scopeOf(request), request.params.programId, request.body ?? {}),
  );

  app.get(
    routePath(PROGRAM_PATHS.programEnrollments),
    contentCall(authenticate, {
      summary: 'List the users enrolled in a program (those who may enrol others)',
      params: programIdParamsSchema,
      response: { 200: enrollmentListSchema },
    }),
    async (request) => listEnrollments(root.db, await scopeOf(request), request.params.programId),
  );

  app.get(
    routePath(PROGRAM_PATHS.programEnrollmentCandidates),
    contentCall(authenticate, {
      summary:
        'Search the users you may enrol in a program (your organisation only): username, first or last name; paged',
      params: programIdParamsSchema,
      querystring: enrollmentCandidateQuerySchema,
      response: { 200: enrollmentCandidateListSchema },
    }),
    async (request) =>
      listEnrollmentCandidates(root.db, await scopeOf(request), request.params.programId, request.query),
  );

  app.delete(
    routePath(PROGRAM_PATHS.programEnrollment),
    contentCall(authenticate, {
      summary: 'Remove a user from a program (yourself, or a user you may enrol)',
      params: enrollmentParamsSchema,
      response: { 204: z.null() },
    }),
    noContent(async (request) =>
      unenroll(root.db, await scopeOf(request), request.params.programId, request.params.userId),
    ),
  );
};
