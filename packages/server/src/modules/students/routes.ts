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
import { signedInCalls } from '../../plugins/calls.ts';
import { ADMIN_CALL_ERRORS } from '../../plugins/errors.ts';
import { noStore } from '../../plugins/security.ts';
import { contentScopeOf } from '../content/programs/access.ts';
import { clientCourses, coursesOverview, listStudents, ownScans, studentDetail } from './service.ts';
import { routePath } from '../../plugins/route-path.ts';

const call = signedInCalls(['students'], ADMIN_CALL_ERRORS);

export const studentsRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  root.addHook('onRequest', noStore);
  const scopeOf = (request: FastifyRequest) => contentScopeOf(root.db, callerOf(request));

  app.get(
    routePath(STUDENT_PATHS.clientUsers),
    call(authenticate, {
      summary:
        "List an organisation's students (teachers and administrators of it): paged, searched, filtered",
      params: groupIdParamsSchema,
      querystring: studentListQuerySchema,
      response: { 200: studentListResponseSchema },
    }),
    async (request) => listStudents(root.db, await scopeOf(request), request.params.groupId, request.query),
  );

  app.get(
    routePath(STUDENT_PATHS.clientUsersCourses),
    call(authenticate, {
      summary: "The courses an organisation's students are enrolled in, with how many students each",
      params: groupIdParamsSchema,
      querystring: clientCoursesQuerySchema,
      response: { 200: clientCoursesResponseSchema },
    }),
    async (request) =>
      clientCourses(root.db, await scopeOf(request), request.params.groupId, request.query.includeArchived),
  );

  app.get(
    routePath(STUDENT_PATHS.me),
    call(authenticate, {
      summary: 'Yourself: organisations, cohorts, scan results and the organisation you act in',
      response: { 200: meStudentSchema },
    }),
    async (request) => {
      const scope = await scopeOf(request);
      return { ...(await studentDetail(root.db, scope, scope.userId)), activeClientId: scope.clientId };
    },
  );

  app.get(
    routePath(STUDENT_PATHS.user),
    call(authenticate, {
      summary: 'One student: organisations, cohorts and scan results (themself, their teachers, admins)',
      params: studentUserIdParamsSchema,
      response: { 200: studentDetailSchema },
    }),
    async (request) => studentDetail(root.db, await scopeOf(request), request.params.userId),
  );

  app.get(
    routePath(STUDENT_PATHS.userCoursesOverview),
    call(authenticate, {
      summary: "A student's progress per course: each module's attempts, latest state and score",
      params: studentUserIdParamsSchema,
      response: { 200: coursesOverviewResponseSchema },
    }),
    async (request) => coursesOverview(root.db, await scopeOf(request), request.params.userId),
  );

  app.get(
    routePath(STUDENT_PATHS.myScans),
    call(authenticate, {
      summary: 'Your finished scans of a module, each with the scan result it was kept as (if kept)',
      querystring: ownScansQuerySchema,
      response: { 200: ownScansResponseSchema },
    }),
    async (request) => ownScans(root.db, await scopeOf(request), request.query.labId),
  );
};
