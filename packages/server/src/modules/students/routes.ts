/** The students calls of simulator.md §7, paths and query names word for word (STUDENT_PATHS). */
import {
  clientCoursesQuerySchema,
  clientCoursesResponseSchema,
  coursesOverviewResponseSchema,
  groupIdParamsSchema,
  meStudentSchema,
  ownScansQuerySchema,
  ownScansResponseSchema,
  studentDetailSchema,
  studentListQuerySchema,
  studentListResponseSchema,
  studentUserIdParamsSchema,
} from '@larmor/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { ADMIN_CALL_ERRORS } from '../../plugins/errors.ts';
import { noStore } from '../../plugins/security.ts';
import { contentScopeOf } from '../programs/access.ts';
import { clientCourses, coursesOverview, listStudents, ownScans, studentDetail } from './service.ts';

const tags = ['students'];
const security = [{ bearer: [] }];
const errors = ADMIN_CALL_ERRORS;

export const studentsRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  root.addHook('onRequest', noStore);
  const scopeOf = (request: FastifyRequest) => contentScopeOf(root.db, callerOf(request));
  const common = { preHandler: authenticate };

  app.get(
    '/v2/clients/:groupId/users',
    {
      ...common,
      schema: {
        summary:
          "List an organisation's students (teachers and administrators of it): paged, searched, filtered",
        tags,
        security,
        params: groupIdParamsSchema,
        querystring: studentListQuerySchema,
        response: { 200: studentListResponseSchema, ...errors },
      },
    },
    async (request) => listStudents(root.db, await scopeOf(request), request.params.groupId, request.query),
  );

  app.get(
    '/v2/clients/:groupId/users/courses',
    {
      ...common,
      schema: {
        summary: "The courses an organisation's students are enrolled in, with how many students each",
        tags,
        security,
        params: groupIdParamsSchema,
        querystring: clientCoursesQuerySchema,
        response: { 200: clientCoursesResponseSchema, ...errors },
      },
    },
    async (request) =>
      clientCourses(root.db, await scopeOf(request), request.params.groupId, request.query.includeArchived),
  );

  app.get(
    '/v2/me/',
    {
      ...common,
      schema: {
        summary: 'Yourself: organisations, cohorts, scan results and the organisation you act in',
        tags,
        security,
        response: { 200: meStudentSchema, ...errors },
      },
    },
    async (request) => {
      const scope = await scopeOf(request);
      return { ...(await studentDetail(root.db, scope, scope.userId)), activeClientId: scope.clientId };
    },
  );

  app.get(
    '/v2/users/:userId',
    {
      ...common,
      schema: {
        summary: 'One student: organisations, cohorts and scan results (themself, their teachers, admins)',
        tags,
        security,
        params: studentUserIdParamsSchema,
        response: { 200: studentDetailSchema, ...errors },
      },
    },
    async (request) => studentDetail(root.db, await scopeOf(request), request.params.userId),
  );

  app.get(
    '/v2/users/:userId/courses/overview',
    {
      ...common,
      schema: {
        summary: "A student's progress per course: each module's attempts, latest state and score",
        tags,
        security,
        params: studentUserIdParamsSchema,
        response: { 200: coursesOverviewResponseSchema, ...errors },
      },
    },
    async (request) => coursesOverview(root.db, await scopeOf(request), request.params.userId),
  );

  app.get(
    '/v2/me/scans',
    {
      ...common,
      schema: {
        summary: 'Your finished scans of a module, each with the scan result it was kept as (if kept)',
        tags,
        security,
        querystring: ownScansQuerySchema,
        response: { 200: ownScansResponseSchema, ...errors },
      },
    },
    async (request) => ownScans(root.db, await scopeOf(request), request.query.labId),
  );
};
