/** Course calls (issue 10): create in a program, read, change, delete, copy, archive, and order modules. */
import {
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
import { callerOf } from '../../../plugins/auth.ts';
import { reorderLabs } from '../labs/service.ts';
import { contentScopeOf } from '../programs/access.ts';
import { contentCall, contentStaff } from '../calls.ts';
import { contentItemCalls } from '../item-calls.ts';
import { archiveCourse, copyCourse, createCourse, deleteCourse, getCourse, patchCourse } from './service.ts';
import { routePath } from '../../../plugins/route-path.ts';
import { created, noContent } from '../../../plugins/replies.ts';

/** The course calls that a module answers alike (item-calls.ts), with their summaries. */
const course = contentItemCalls({
  parent: programIdParamsSchema,
  params: courseIdParamsSchema,
  schema: courseSchema,
  bodies: { create: courseCreateSchema, patch: coursePatchSchema, copy: courseCopySchema },
  summaries: {
    create: 'Add a course at the end of a program',
    get: 'Get a course with its modules, as the caller may see it',
    patch: 'Change a course',
    remove: 'Delete a course and its modules (409 when in use: archive it instead)',
    copy: 'Copy a course with its modules to the end of this or another program',
    archive: 'Archive a course (hidden from learners), or restore it with {archived: false}',
  },
});

export const coursesRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const scopeOf = (request: FastifyRequest) => contentScopeOf(root.db, callerOf(request));

  app.post(
    routePath(PROGRAM_PATHS.programCourses),
    course.create,
    created(async (request) =>
      createCourse(root.db, await scopeOf(request), request.params.programId, request.body),
    ),
  );
  app.get(routePath(PROGRAM_PATHS.course), course.get, async (request) =>
    getCourse(root.db, await scopeOf(request), request.params.courseId),
  );
  app.patch(routePath(PROGRAM_PATHS.course), course.patch, async (request) =>
    patchCourse(root.db, await scopeOf(request), request.params.courseId, request.body),
  );
  app.delete(
    routePath(PROGRAM_PATHS.course),
    course.remove,
    noContent(async (request) => deleteCourse(root.db, await scopeOf(request), request.params.courseId)),
  );
  app.post(
    routePath(PROGRAM_PATHS.courseCopy),
    course.copy,
    created(async (request) =>
      copyCourse(root.db, await scopeOf(request), request.params.courseId, request.body ?? {}),
    ),
  );
  app.post(routePath(PROGRAM_PATHS.courseArchive), course.archive, async (request) =>
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
      params: courseIdParamsSchema,
      body: labOrderSchema,
      response: { 200: courseSchema },
    }),
    async (request) => reorderLabs(root.db, await scopeOf(request), request.params.courseId, request.body),
  );
};
