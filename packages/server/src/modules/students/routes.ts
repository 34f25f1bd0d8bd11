/** The students calls of simulator.md §7, paths and query names word for word (STUDENT_PATHS). */
import {
  clientCoursesQuerySchema,
  clientCoursesResponseSchema,
  coursesOverviewResponseSchema,
  groupIdParamsSchema,
  meStudentSchema,
  ownScansQuerySchema,
  ownScansResponseSchema,
  STUDENT_PATHS,
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
import { routePath } from '../../plugins/route-path.ts';

const tags = ['students'];
const security = [{ bearer: [] }];
const errors = ADMIN_CALL_ERRORS;

export const studentsRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  root.addHook('onRequest', noStore);
  const scopeOf = (request: FastifyRequest) => contentScopeOf(root.db, callerOf(request));
  const common = { preHandler: authenticate };

  app.get(
    routePath(STUDENT_PATHS.clientUsers),
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
    routePath(STUDENT_PATHS.clientUsersCourses),
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
    routePath(STUDENT_PATHS.me),
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
    routePath(STUDENT_PATHS.user),
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
    routePath(STUDENT_PATHS.userCoursesOverview),
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
    routePath(STUDENT_PATHS.myScans),
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
