/**
 * Program calls (issue 10): list, create, read, change and delete programs, publish and archive them, and
 * order their courses. Each is a schema and a thin handler (validate → authorize → command → present).
 */
import {
  archiveSchema,
  courseOrderSchema,
  programCreateSchema,
  programIdParamsSchema,
  programListQuerySchema,
  programListResponseSchema,
  programPatchSchema,
  programSchema,
  publishSchema,
} from '@larmor/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, callerOf, requireRole } from '../../plugins/auth.ts';
import { ADMIN_CALL_ERRORS } from '../../plugins/errors.ts';
import { reorderCourses } from '../courses/service.ts';
import { checkReferencesBeforePublish } from '../scan-results/reference-checks.ts';
import { fileUploadStore } from '../uploads/storage.ts';
import { contentScopeOf } from './access.ts';
import {
  archiveProgram,
  createProgram,
  deleteProgram,
  listPrograms,
  loadVisibleProgram,
  patchProgram,
  programDetail,
  publishProgram,
} from './service.ts';

export const CONTENT_TAGS = ['programs'];
export const CONTENT_SECURITY = [{ bearer: [] }];
const errors = ADMIN_CALL_ERRORS;
/** Writes of learning content need the Teacher or Admin role (students answer 403). */
export const contentStaff = requireRole('Teacher', 'Admin');

export const programsRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const scopeOf = (request: FastifyRequest) => contentScopeOf(root.db, callerOf(request));
  const tags = CONTENT_TAGS;
  const security = CONTENT_SECURITY;
  const params = programIdParamsSchema;

  app.get(
    '/v1/programs',
    {
      preHandler: contentStaff,
      schema: {
        summary: 'List the programs the caller manages or teaches with (newest first, paged)',
        tags,
        security,
        querystring: programListQuerySchema,
        response: { 200: programListResponseSchema, ...errors },
      },
    },
    async (request) => listPrograms(root.db, await scopeOf(request), request.query),
  );

  app.post(
    '/v1/programs',
    {
      preHandler: contentStaff,
      schema: {
        summary: 'Create a program (a draft) in an organisation, or a global one (platform administrators)',
        tags,
        security,
        body: programCreateSchema,
        response: { 201: programSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createProgram(root.db, await scopeOf(request), request.body)),
  );

  app.get(
    '/v1/programs/:programId',
    {
      preHandler: authenticate,
      schema: {
        summary: 'Get a program with its courses and modules, as the caller may see it',
        tags,
        security,
        params,
        response: { 200: programSchema, ...errors },
      },
    },
    async (request) => {
      const scope = await scopeOf(request);
      return programDetail(
        root.db,
        scope,
        await loadVisibleProgram(root.db, scope, request.params.programId),
      );
    },
  );

  app.patch(
    '/v1/programs/:programId',
    {
      preHandler: contentStaff,
      schema: {
        summary: 'Change a program',
        tags,
        security,
        params,
        body: programPatchSchema,
        response: { 200: programSchema, ...errors },
      },
    },
    async (request) => patchProgram(root.db, await scopeOf(request), request.params.programId, request.body),
  );

  app.delete(
    '/v1/programs/:programId',
    {
      preHandler: contentStaff,
      schema: {
        summary:
          'Delete a program with everything in it (409 once students are enrolled: archive it instead)',
        tags,
        security,
        params,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const removed = await deleteProgram(root.db, await scopeOf(request), request.params.programId);
      const store = fileUploadStore(root.config.dataDir);
      for (const id of removed) await store.remove(id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/v1/programs/:programId/publish',
    {
      preHandler: contentStaff,
      schema: {
        summary:
          'Publish a program (it needs a module; a module whose objectives fail its own reference scan needs ' +
          '{overrideReason}), or take it back to draft with {published: false}',
        tags,
        security,
        params,
        body: publishSchema.nullish(),
        response: { 200: programSchema, ...errors },
      },
    },
    async (request) => {
      const scope = await scopeOf(request);
      const body = request.body ?? { published: true };
      const blobs = root.simulator.blobs;
      await checkReferencesBeforePublish(root.db, blobs, scope, request.params.programId, body);
      return publishProgram(root.db, scope, request.params.programId, body);
    },
  );

  app.post(
    '/v1/programs/:programId/archive',
    {
      preHandler: contentStaff,
      schema: {
        summary: 'Archive a program (hidden from learners, kept whole), or restore it as a draft',
        tags,
        security,
        params,
        body: archiveSchema.nullish(),
        response: { 200: programSchema, ...errors },
      },
    },
    async (request) =>
      archiveProgram(
        root.db,
        await scopeOf(request),
        request.params.programId,
        request.body ?? { archived: true },
      ),
  );

  app.put(
    '/v1/programs/:programId/course-order',
    {
      preHandler: contentStaff,
      schema: {
        summary: 'Order the courses of a program (every course once)',
        tags,
        security,
        params,
        body: courseOrderSchema,
        response: { 200: programSchema, ...errors },
      },
    },
    async (request) =>
      reorderCourses(root.db, await scopeOf(request), request.params.programId, request.body),
  );
};
