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
import { ADMIN_CALL_ERRORS } from '../../plugins/errors.ts';
import { contentScopeOf } from '../programs/access.ts';
import { CONTENT_SECURITY, CONTENT_TAGS } from '../programs/routes.ts';
import { enroll, listEnrollmentCandidates, listEnrollments, unenroll } from './service.ts';
import { routePath } from '../../plugins/route-path.ts';

export const enrollmentsRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const scopeOf = (request: FastifyRequest) => contentScopeOf(root.db, callerOf(request));
  const tags = CONTENT_TAGS;
  const security = CONTENT_SECURITY;
  const errors = ADMIN_CALL_ERRORS;

  app.post(
    routePath(PROGRAM_PATHS.programEnrollments),
    {
      preHandler: authenticate,
      schema: {
        summary:
          'Enrol users, groups and cohorts (teachers, admins), or yourself with {} where enrolment is open',
        tags,
        security,
        params: programIdParamsSchema,
        body: enrollmentCreateSchema.nullish(),
        response: { 200: enrollmentResultSchema, ...errors },
      },
    },
    async (request) => enroll(root.db, await scopeOf(request), request.params.programId, request.body ?? {}),
  );

  app.get(
    routePath(PROGRAM_PATHS.programEnrollments),
    {
      preHandler: authenticate,
      schema: {
        summary: 'List the users enrolled in a program (those who may enrol others)',
        tags,
        security,
        params: programIdParamsSchema,
        response: { 200: enrollmentListSchema, ...errors },
      },
    },
    async (request) => listEnrollments(root.db, await scopeOf(request), request.params.programId),
  );

  app.get(
    routePath(PROGRAM_PATHS.programEnrollmentCandidates),
    {
      preHandler: authenticate,
      schema: {
        summary:
          'Search the users you may enrol in a program (your organisation only): username, first or last name; paged',
        tags,
        security,
        params: programIdParamsSchema,
        querystring: enrollmentCandidateQuerySchema,
        response: { 200: enrollmentCandidateListSchema, ...errors },
      },
    },
    async (request) =>
      listEnrollmentCandidates(root.db, await scopeOf(request), request.params.programId, request.query),
  );

  app.delete(
    routePath(PROGRAM_PATHS.programEnrollment),
    {
      preHandler: authenticate,
      schema: {
        summary: 'Remove a user from a program (yourself, or a user you may enrol)',
        tags,
        security,
        params: enrollmentParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await unenroll(root.db, await scopeOf(request), request.params.programId, request.params.userId);
      return reply.status(204).send(null);
    },
  );
};
