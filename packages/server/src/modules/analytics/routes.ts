/**
 * The analytics calls (ANALYTICS_PATHS): teachers and administrators of the active organisation; not registered
 * in the production environment (LARMOR_ENV), where /analytics is not offered (platform-shell.md §2, §6).
 */
import {
  ANALYTICS_PATHS,
  ANALYTICS_UNAVAILABLE_IN,
  analyticsCourseParamsSchema,
  analyticsModuleParamsSchema,
  analyticsOptionsSchema,
  analyticsQuerySchema,
  courseAnalyticsSchema,
  moduleAnalyticsSchema,
  TIME_ON_TASK_DEFINITION,
} from '@larmor/contracts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { signedInCalls } from '../../plugins/calls.ts';
import { ADMIN_CALL_ERRORS } from '../../plugins/errors.ts';
import { noStore } from '../../plugins/security.ts';
import { contentScopeOf } from '../content/programs/access.ts';
import { analyticsOptions, courseAnalytics, moduleAnalytics } from './service.ts';
import { analyticsCsv } from './tally.ts';
import { routePath } from '../../plugins/route-path.ts';

const call = signedInCalls(['analytics'], ADMIN_CALL_ERRORS);
const cohortNote = '; ?cohortId= keeps one cohort of the organisation';

export const analyticsRoutes: FastifyPluginAsync = async (root) => {
  if ((root.config.environment ?? 'development') === ANALYTICS_UNAVAILABLE_IN) return;
  const app = root.withTypeProvider<ZodTypeProvider>();
  root.addHook('onRequest', noStore);
  const scopeOf = (request: FastifyRequest) => contentScopeOf(root.db, callerOf(request));

  app.get(
    routePath(ANALYTICS_PATHS.options),
    call(authenticate, {
      summary: "Analytics filters: the organisation's courses with their modules, and its cohorts",
      response: { 200: analyticsOptionsSchema },
    }),
    async (request) => analyticsOptions(root.db, await scopeOf(request)),
  );

  app.get(
    routePath(ANALYTICS_PATHS.course),
    call(authenticate, {
      summary: `A course's modules: progress (students by their newest attempt's state, late) and time on task${cohortNote}. ${TIME_ON_TASK_DEFINITION}`,
      params: analyticsCourseParamsSchema,
      querystring: analyticsQuerySchema,
      response: { 200: courseAnalyticsSchema },
    }),
    async (request) =>
      courseAnalytics(root.db, root.dbKind, await scopeOf(request), request.params.courseId, request.query),
  );

  app.get(
    routePath(ANALYTICS_PATHS.module),
    call(authenticate, {
      summary: `A module's progress, time on task, pass rate per objective (each student's newest submission) and misconception map (failed checks, what they measured, the parameters behind them)${cohortNote}. ${TIME_ON_TASK_DEFINITION}`,
      params: analyticsModuleParamsSchema,
      querystring: analyticsQuerySchema,
      response: { 200: moduleAnalyticsSchema },
    }),
    async (request) =>
      moduleAnalytics(root.db, root.dbKind, await scopeOf(request), request.params.labId, request.query),
  );

  app.get(
    routePath(ANALYTICS_PATHS.moduleCsv),
    call(authenticate, {
      summary: `The module's analytics as a CSV download (text/csv; columns section,item,title,value,count,total,rate)${cohortNote}`,
      params: analyticsModuleParamsSchema,
      querystring: analyticsQuerySchema,
      response: {},
    }),
    async (request, reply) => {
      const analytics = await moduleAnalytics(
        root.db,
        root.dbKind,
        await scopeOf(request),
        request.params.labId,
        request.query,
      );
      // A download, not JSON: sent through the untyped reply.
      return (reply as FastifyReply)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="analytics-${analytics.labId}.csv"`)
        .send(analyticsCsv(analytics));
    },
  );
};
