/**
 * Program calls (issue 10): list, create, read, change and delete programs, publish and archive them, and
 * order their courses. Each is a schema and a thin handler (validate → authorize → command → present).
 */
import {
  archiveSchema,
  courseOrderSchema,
  PROGRAM_PATHS,
  programCreateSchema,
  programIdParamsSchema,
  programListQuerySchema,
  programListResponseSchema,
  programPatchSchema,
  programSchema,
  publishOverridesSchema,
  publishSchema,
} from '@larmor/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, callerOf } from '../../../plugins/auth.ts';
import { contentCall, contentStaff } from '../calls.ts';
import { reorderCourses } from '../courses/service.ts';
import { checkReferencesBeforePublish } from '../../scan-results/reference-checks.ts';
import { listPublishOverrides } from '../../scan-results/publish-overrides.ts';
import { fileUploadStore } from '../../uploads/storage.ts';
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
import { routePath } from '../../../plugins/route-path.ts';
import { created } from '../../../plugins/replies.ts';

export const programsRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const scopeOf = (request: FastifyRequest) => contentScopeOf(root.db, callerOf(request));
  const params = programIdParamsSchema;

  app.get(
    routePath(PROGRAM_PATHS.programs),
    contentCall(contentStaff, {
      summary: 'List the programs the caller manages or teaches with (newest first, paged)',
      querystring: programListQuerySchema,
      response: { 200: programListResponseSchema },
    }),
    async (request) => listPrograms(root.db, await scopeOf(request), request.query),
  );

  app.post(
    routePath(PROGRAM_PATHS.programs),
    contentCall(contentStaff, {
      summary: 'Create a program (a draft) in an organisation, or a global one (platform administrators)',
      body: programCreateSchema,
      response: { 201: programSchema },
    }),
    created(async (request) => createProgram(root.db, await scopeOf(request), request.body)),
  );

  app.get(
    routePath(PROGRAM_PATHS.program),
    contentCall(authenticate, {
      summary: 'Get a program with its courses and modules, as the caller may see it',
      params,
      response: { 200: programSchema },
    }),
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
    routePath(PROGRAM_PATHS.program),
    contentCall(contentStaff, {
      summary: 'Change a program',
      params,
      body: programPatchSchema,
      response: { 200: programSchema },
    }),
    async (request) => patchProgram(root.db, await scopeOf(request), request.params.programId, request.body),
  );

  app.delete(
    routePath(PROGRAM_PATHS.program),
    contentCall(contentStaff, {
      summary: 'Delete a program with everything in it (409 once students are enrolled: archive it instead)',
      params,
      response: { 204: z.null() },
    }),
    async (request, reply) => {
      const removed = await deleteProgram(root.db, await scopeOf(request), request.params.programId);
      const store = fileUploadStore(root.config.dataDir);
      for (const id of removed) await store.remove(id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    routePath(PROGRAM_PATHS.programPublish),
    contentCall(contentStaff, {
      summary:
        'Publish a program (it needs a module; a module whose objectives fail its own reference scan needs ' +
        '{overrideReason}), or take it back to draft with {published: false}',
      params,
      body: publishSchema.nullish(),
      response: { 200: programSchema },
    }),
    async (request) => {
      const scope = await scopeOf(request);
      const body = request.body ?? { published: true };
      const blobs = root.simulator.blobs;
      await checkReferencesBeforePublish(root.db, blobs, scope, request.params.programId, body);
      return publishProgram(root.db, scope, request.params.programId, body);
    },
  );

  app.get(
    routePath(PROGRAM_PATHS.programPublishOverrides),
    contentCall(contentStaff, {
      summary:
        'Why the program was published although objectives failed their own reference scan: each reason, ' +
        'who gave it, when, and what failed (newest first; the program’s editors)',
      params,
      response: { 200: publishOverridesSchema },
    }),
    async (request) => listPublishOverrides(root.db, await scopeOf(request), request.params.programId),
  );

  app.post(
    routePath(PROGRAM_PATHS.programArchive),
    contentCall(contentStaff, {
      summary: 'Archive a program (hidden from learners, kept whole), or restore it as a draft',
      params,
      body: archiveSchema.nullish(),
      response: { 200: programSchema },
    }),
    async (request) =>
      archiveProgram(
        root.db,
        await scopeOf(request),
        request.params.programId,
        request.body ?? { archived: true },
      ),
  );

  app.put(
    routePath(PROGRAM_PATHS.programCourseOrder),
    contentCall(contentStaff, {
      summary: 'Order the courses of a program (every course once)',
      params,
      body: courseOrderSchema,
      response: { 200: programSchema },
    }),
    async (request) =>
      reorderCourses(root.db, await scopeOf(request), request.params.programId, request.body),
  );
};
