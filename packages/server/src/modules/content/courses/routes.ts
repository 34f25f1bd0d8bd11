/** Course calls (issue 10): create in a program, read, change, delete, copy, archive, and order modules. */
import {
  archiveSchema,
  courseCopySchema,
  courseCreateSchema,
  courseIdParamsSchema,
  coursePatchSchema,
  courseSchema,
  labOrderSchema,
  PROGRAM_PATHS,
  programIdParamsSchema,
} from '@larmor/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, callerOf } from '../../../plugins/auth.ts';
import { reorderLabs } from '../labs/service.ts';
import { contentScopeOf } from '../programs/access.ts';
import { contentCall, contentStaff } from '../calls.ts';
import { archiveCourse, copyCourse, createCourse, deleteCourse, getCourse, patchCourse } from './service.ts';
import { routePath } from '../../../plugins/route-path.ts';
import { created, noContent } from '../../../plugins/replies.ts';

export const coursesRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const scopeOf = (request: FastifyRequest) => contentScopeOf(root.db, callerOf(request));
  const params = courseIdParamsSchema;

  app.post(
    routePath(PROGRAM_PATHS.programCourses),
    contentCall(contentStaff, {
      summary: 'Add a course at the end of a program',
      params: programIdParamsSchema,
      body: courseCreateSchema,
      response: { 201: courseSchema },
    }),
    created(async (request) =>
      createCourse(root.db, await scopeOf(request), request.params.programId, request.body),
    ),
  );

  app.get(
    routePath(PROGRAM_PATHS.course),
    contentCall(authenticate, {
      summary: 'Get a course with its modules, as the caller may see it',
      params,
      response: { 200: courseSchema },
    }),
    async (request) => getCourse(root.db, await scopeOf(request), request.params.courseId),
  );

  app.patch(
    routePath(PROGRAM_PATHS.course),
    contentCall(contentStaff, {
      summary: 'Change a course',
      params,
      body: coursePatchSchema,
      response: { 200: courseSchema },
    }),
    async (request) => patchCourse(root.db, await scopeOf(request), request.params.courseId, request.body),
  );

  app.delete(
    routePath(PROGRAM_PATHS.course),
    contentCall(contentStaff, {
      summary: 'Delete a course and its modules (409 when in use: archive it instead)',
      params,
      response: { 204: z.null() },
    }),
    noContent(async (request) => deleteCourse(root.db, await scopeOf(request), request.params.courseId)),
  );

  app.post(
    routePath(PROGRAM_PATHS.courseCopy),
    contentCall(contentStaff, {
      summary: 'Copy a course with its modules to the end of this or another program',
      params,
      body: courseCopySchema.nullish(),
      response: { 201: courseSchema },
    }),
    created(async (request) =>
      copyCourse(root.db, await scopeOf(request), request.params.courseId, request.body ?? {}),
    ),
  );

  app.post(
    routePath(PROGRAM_PATHS.courseArchive),
    contentCall(contentStaff, {
      summary: 'Archive a course (hidden from learners), or restore it with {archived: false}',
      params,
      body: archiveSchema.nullish(),
      response: { 200: courseSchema },
    }),
    async (request) =>
      archiveCourse(
        root.db,
        await scopeOf(request),
        request.params.courseId,
        request.body ?? { archived: true },
      ),
  );

  app.put(
    routePath(PROGRAM_PATHS.courseModuleOrder),
    contentCall(contentStaff, {
      summary: 'Order the modules of a course (every module once)',
      params,
      body: labOrderSchema,
      response: { 200: courseSchema },
    }),
    async (request) => reorderLabs(root.db, await scopeOf(request), request.params.courseId, request.body),
  );
};
