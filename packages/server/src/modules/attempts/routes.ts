/** Attempt calls (issue 14): the paths other tools rely on are kept word for word (ATTEMPT_PATHS). */
import {
  attemptGradeSchema,
  attemptSubmitSchema,
  labAttemptIdParamsSchema,
  labAttemptSchema,
  labIdParamsSchema,
  markingQueueSchema,
  moduleReleaseResultSchema,
  regradeRequestSchema,
} from '@larmor/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { ADMIN_CALL_ERRORS } from '../../plugins/errors.ts';
import { contentScopeOf } from '../programs/access.ts';
import { ATTEMPT_SECURITY, ATTEMPT_TAGS } from '../scan-results/routes.ts';
import { markingQueue } from './queue.ts';
import {
  getAttempt,
  gradeAttempt,
  listAttempts,
  releaseAttempt,
  releaseModule,
  requestRegrade,
  startAttempt,
  submitAttempt,
} from './service.ts';

export const attemptsRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const scopeOf = (request: FastifyRequest) => contentScopeOf(root.db, callerOf(request));
  const tags = ATTEMPT_TAGS;
  const security = ATTEMPT_SECURITY;
  const errors = ADMIN_CALL_ERRORS;
  const params = labAttemptIdParamsSchema;
  const common = { preHandler: authenticate };

  app.post(
    '/v1/modules/:labId/attempts',
    {
      ...common,
      schema: {
        summary: 'Start your next attempt on a module (or get the one in progress); 409 when none are left',
        tags,
        security,
        params: labIdParamsSchema,
        body: z.object({}).nullish(),
        response: { 200: labAttemptSchema, 201: labAttemptSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { created, attempt } = await startAttempt(root.db, await scopeOf(request), request.params.labId);
      return reply.status(created ? 201 : 200).send(attempt);
    },
  );

  app.get(
    '/v1/modules/:labId/attempts',
    {
      ...common,
      schema: {
        summary: 'Attempts on a module: yours, or your organisation’s students’ (teachers), newest first',
        tags,
        security,
        params: labIdParamsSchema,
        response: { 200: z.array(labAttemptSchema), ...errors },
      },
    },
    async (request) => listAttempts(root.db, await scopeOf(request), request.params.labId),
  );

  app.post(
    '/v1/modules/:labId/release',
    {
      ...common,
      schema: {
        summary: 'Release every graded attempt of a module (your organisation’s students)',
        tags,
        security,
        params: labIdParamsSchema,
        body: z.object({}).nullish(),
        response: { 200: moduleReleaseResultSchema, ...errors },
      },
    },
    async (request) => releaseModule(root.db, await scopeOf(request), request.params.labId),
  );

  app.get(
    '/v1/marking-queue',
    {
      ...common,
      schema: {
        summary:
          'Submitted attempts awaiting grading across your courses, oldest first, with counts per course (teachers)',
        tags,
        security,
        response: { 200: markingQueueSchema, ...errors },
      },
    },
    async (request) => markingQueue(root.db, await scopeOf(request)),
  );

  app.get(
    '/v1/attempts/:labAttemptId',
    {
      ...common,
      schema: {
        summary: 'An attempt; its grade is shown to the student only once released',
        tags,
        security,
        params,
        response: { 200: labAttemptSchema, ...errors },
      },
    },
    async (request) => getAttempt(root.db, await scopeOf(request), request.params.labAttemptId),
  );

  app.post(
    '/v1/attempts/:labAttemptId/submit',
    {
      ...common,
      schema: {
        summary: 'Submit scan results and answers (atomic, idempotent; graded automatically at once)',
        tags,
        security,
        params,
        body: attemptSubmitSchema,
        response: { 200: labAttemptSchema, ...errors },
      },
    },
    async (request) =>
      submitAttempt(
        root.db,
        root.simulator,
        await scopeOf(request),
        request.params.labAttemptId,
        request.body,
      ),
  );

  app.post(
    '/v1/attempts/:labAttemptId/grade',
    {
      ...common,
      schema: {
        summary: 'Grade an attempt (teacher): rubric, comment, drawings; score overrides are audited',
        tags,
        security,
        params,
        body: attemptGradeSchema,
        response: { 200: labAttemptSchema, ...errors },
      },
    },
    async (request) =>
      gradeAttempt(root.db, await scopeOf(request), request.params.labAttemptId, request.body),
  );

  app.post(
    '/v1/attempts/:labAttemptId/release',
    {
      ...common,
      schema: {
        summary: 'Release an attempt’s grade to the student',
        tags,
        security,
        params,
        body: z.object({}).nullish(),
        response: { 200: labAttemptSchema, ...errors },
      },
    },
    async (request) => releaseAttempt(root.db, await scopeOf(request), request.params.labAttemptId),
  );

  app.post(
    '/v1/attempts/:labAttemptId/regrade',
    {
      ...common,
      schema: {
        summary: 'Ask for a regrade of a released grade, once per attempt, with a reason',
        tags,
        security,
        params,
        body: regradeRequestSchema,
        response: { 200: labAttemptSchema, ...errors },
      },
    },
    async (request) =>
      requestRegrade(root.db, await scopeOf(request), request.params.labAttemptId, request.body.reason),
  );
};
