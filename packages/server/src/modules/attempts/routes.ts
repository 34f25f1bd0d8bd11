/** Attempt calls (issue 14): the paths other tools rely on are kept word for word (ATTEMPT_PATHS). */
import {
  ATTEMPT_PATHS,
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
import { contentScopeOf } from '../content/programs/access.ts';
import { attemptCall } from '../scan-results/routes.ts';
import { retryGradeReturns } from './grade-returns.ts';
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
import { routePath } from '../../plugins/route-path.ts';

export const attemptsRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const scopeOf = (request: FastifyRequest) => contentScopeOf(root.db, callerOf(request));
  const params = labAttemptIdParamsSchema;

  app.post(
    routePath(ATTEMPT_PATHS.moduleAttempts),
    attemptCall(authenticate, {
      summary: 'Start your next attempt on a module (or get the one in progress); 409 when none are left',
      params: labIdParamsSchema,
      body: z.object({}).nullish(),
      response: { 200: labAttemptSchema, 201: labAttemptSchema },
    }),
    async (request, reply) => {
      const { created, attempt } = await startAttempt(root.db, await scopeOf(request), request.params.labId);
      return reply.status(created ? 201 : 200).send(attempt);
    },
  );

  app.get(
    routePath(ATTEMPT_PATHS.moduleAttempts),
    attemptCall(authenticate, {
      summary: 'Attempts on a module: yours, or your organisation’s students’ (teachers), newest first',
      params: labIdParamsSchema,
      response: { 200: z.array(labAttemptSchema) },
    }),
    async (request) => listAttempts(root.db, await scopeOf(request), request.params.labId),
  );

  app.post(
    routePath(ATTEMPT_PATHS.moduleRelease),
    attemptCall(authenticate, {
      summary: 'Release every graded attempt of a module (your organisation’s students)',
      params: labIdParamsSchema,
      body: z.object({}).nullish(),
      response: { 200: moduleReleaseResultSchema },
    }),
    async (request) => {
      const released = await releaseModule(root.db, await scopeOf(request), request.params.labId);
      void root.ltiScores.deliverDue();
      return released;
    },
  );

  app.get(
    routePath(ATTEMPT_PATHS.markingQueue),
    attemptCall(authenticate, {
      summary:
        'Submitted attempts awaiting grading across your courses, oldest first, with counts per course (teachers)',
      response: { 200: markingQueueSchema },
    }),
    async (request) => markingQueue(root.db, await scopeOf(request)),
  );

  app.get(
    routePath(ATTEMPT_PATHS.attempt),
    attemptCall(authenticate, {
      summary: 'An attempt; its grade is shown to the student only once released',
      params,
      response: { 200: labAttemptSchema },
    }),
    async (request) => getAttempt(root.db, await scopeOf(request), request.params.labAttemptId),
  );

  app.post(
    routePath(ATTEMPT_PATHS.submit),
    attemptCall(authenticate, {
      summary:
        'Submit scan results and answers (atomic, idempotent; graded automatically at once, and released at once where the module says so)',
      params,
      body: attemptSubmitSchema,
      response: { 200: labAttemptSchema },
    }),
    async (request) => {
      const { attempt, released } = await submitAttempt(
        root.db,
        root.simulator,
        await scopeOf(request),
        request.params.labAttemptId,
        request.body,
      );
      // A module that releases the automatic grade at once: its score goes out after the answer, as a release's.
      if (released) void root.ltiScores.deliverDue();
      return attempt;
    },
  );

  app.post(
    routePath(ATTEMPT_PATHS.grade),
    attemptCall(authenticate, {
      summary: 'Grade an attempt (teacher): rubric, comment, drawings; score overrides are audited',
      params,
      body: attemptGradeSchema,
      response: { 200: labAttemptSchema },
    }),
    async (request) =>
      gradeAttempt(root.db, await scopeOf(request), request.params.labAttemptId, request.body),
  );

  app.post(
    routePath(ATTEMPT_PATHS.release),
    attemptCall(authenticate, {
      summary: 'Release an attempt’s grade to the student',
      params,
      body: z.object({}).nullish(),
      response: { 200: labAttemptSchema },
    }),
    async (request) => {
      const attempt = await releaseAttempt(root.db, await scopeOf(request), request.params.labAttemptId);
      // LTI grade return: the scores the release held go out after the answer (lti/ags-delivery.ts).
      void root.ltiScores.deliverDue();
      return attempt;
    },
  );

  app.post(
    routePath(ATTEMPT_PATHS.gradeReturnsRetry),
    attemptCall(authenticate, {
      summary: 'Send the released score again to the learning platforms that failed it (LTI; staff)',
      params,
      body: z.object({}).nullish(),
      response: { 200: labAttemptSchema },
    }),
    async (request) => {
      const attempt = await retryGradeReturns(root.db, await scopeOf(request), request.params.labAttemptId);
      void root.ltiScores.deliverDue();
      return attempt;
    },
  );

  app.post(
    routePath(ATTEMPT_PATHS.regrade),
    attemptCall(authenticate, {
      summary: 'Ask for a regrade of a released grade, once per attempt, with a reason',
      params,
      body: regradeRequestSchema,
      response: { 200: labAttemptSchema },
    }),
    async (request) =>
      requestRegrade(root.db, await scopeOf(request), request.params.labAttemptId, request.body.reason),
  );
};
