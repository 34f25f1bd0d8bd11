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
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { ADMIN_CALL_ERRORS } from '../../plugins/errors.ts';
import { reorderLabs } from '../labs/service.ts';
import { contentScopeOf } from '../programs/access.ts';
import { CONTENT_SECURITY, CONTENT_TAGS, contentStaff } from '../programs/routes.ts';
import { archiveCourse, copyCourse, createCourse, deleteCourse, getCourse, patchCourse } from './service.ts';
import { routePath } from '../../plugins/route-path.ts';

export const coursesRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const scopeOf = (request: FastifyRequest) => contentScopeOf(root.db, callerOf(request));
  const tags = CONTENT_TAGS;
  const security = CONTENT_SECURITY;
  const errors = ADMIN_CALL_ERRORS;
  const params = courseIdParamsSchema;

  app.post(
    routePath(PROGRAM_PATHS.programCourses),
    {
      preHandler: contentStaff,
      schema: {
        summary: 'Add a course at the end of a program',
        tags,
        security,
        params: programIdParamsSchema,
        body: courseCreateSchema,
        response: { 201: courseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createCourse(root.db, await scopeOf(request), request.params.programId, request.body)),
  );

  app.get(
    routePath(PROGRAM_PATHS.course),
    {
      preHandler: authenticate,
      schema: {
        summary: 'Get a course with its modules, as the caller may see it',
        tags,
        security,
        params,
        response: { 200: courseSchema, ...errors },
      },
    },
    async (request) => getCourse(root.db, await scopeOf(request), request.params.courseId),
  );

  app.patch(
    routePath(PROGRAM_PATHS.course),
    {
      preHandler: contentStaff,
      schema: {
        summary: 'Change a course',
        tags,
        security,
        params,
        body: coursePatchSchema,
        response: { 200: courseSchema, ...errors },
      },
    },
    async (request) => patchCourse(root.db, await scopeOf(request), request.params.courseId, request.body),
  );

  app.delete(
    routePath(PROGRAM_PATHS.course),
    {
      preHandler: contentStaff,
      schema: {
        summary: 'Delete a course and its modules (409 when in use: archive it instead)',
        tags,
        security,
        params,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteCourse(root.db, await scopeOf(request), request.params.courseId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    routePath(PROGRAM_PATHS.courseCopy),
    {
      preHandler: contentStaff,
      schema: {
        summary: 'Copy a course with its modules to the end of this or another program',
        tags,
        security,
        params,
        body: courseCopySchema.nullish(),
        response: { 201: courseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await copyCourse(root.db, await scopeOf(request), request.params.courseId, request.body ?? {})),
  );

  app.post(
    routePath(PROGRAM_PATHS.courseArchive),
    {
      preHandler: contentStaff,
      schema: {
        summary: 'Archive a course (hidden from learners), or restore it with {archived: false}',
        tags,
        security,
        params,
        body: archiveSchema.nullish(),
        response: { 200: courseSchema, ...errors },
      },
    },
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
    {
      preHandler: contentStaff,
      schema: {
        summary: 'Order the modules of a course (every module once)',
        tags,
        security,
        params,
        body: labOrderSchema,
        response: { 200: courseSchema, ...errors },
      },
    },
    async (request) => reorderLabs(root.db, await scopeOf(request), request.params.courseId, request.body),
  );
};
