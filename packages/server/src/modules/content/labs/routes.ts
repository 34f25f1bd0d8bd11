/**
 * Module (lab) calls (issue 10): create in a course, read, change, delete, copy, archive; and the module
 * form's pickers from the engine's own catalogue (GET v1/module-options).
 */
import {
  archiveSchema,
  courseIdParamsSchema,
  labCopySchema,
  labCreateSchema,
  labIdParamsSchema,
  labPatchSchema,
  labSchema,
  moduleOptionsSchema,
  PROGRAM_PATHS,
} from '@larmor/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, callerOf } from '../../../plugins/auth.ts';
import { contentScopeOf } from '../programs/access.ts';
import { contentCall, contentReadCall, contentStaff } from '../calls.ts';
import { archiveLab, copyLab, createLab, deleteLab, getLab, moduleOptions, patchLab } from './service.ts';
import { routePath } from '../../../plugins/route-path.ts';
import { created, noContent } from '../../../plugins/replies.ts';

export const labsRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const scopeOf = (request: FastifyRequest) => contentScopeOf(root.db, callerOf(request));
  const params = labIdParamsSchema;

  app.get(
    routePath(PROGRAM_PATHS.moduleOptions),
    contentReadCall(authenticate, {
      summary: 'The anatomical models (the spec’s ids included) and sequence types a module may use',
      response: { 200: moduleOptionsSchema },
    }),
    async () => moduleOptions(),
  );

  app.post(
    routePath(PROGRAM_PATHS.courseModules),
    contentCall(contentStaff, {
      summary: 'Add a module (lab) at the end of a course',
      params: courseIdParamsSchema,
      body: labCreateSchema,
      response: { 201: labSchema },
    }),
    created(async (request) =>
      createLab(root.db, await scopeOf(request), request.params.courseId, request.body),
    ),
  );

  app.get(
    routePath(PROGRAM_PATHS.module),
    contentCall(authenticate, {
      summary: 'Get a module; a learner’s read records it as the module opened last',
      params,
      response: { 200: labSchema },
    }),
    async (request) => getLab(root.db, await scopeOf(request), request.params.labId),
  );

  app.patch(
    routePath(PROGRAM_PATHS.module),
    contentCall(contentStaff, {
      summary: 'Change a module',
      params,
      body: labPatchSchema,
      response: { 200: labSchema },
    }),
    async (request) => patchLab(root.db, await scopeOf(request), request.params.labId, request.body),
  );

  app.delete(
    routePath(PROGRAM_PATHS.module),
    contentCall(contentStaff, {
      summary: 'Delete a module (409 when in use: archive it instead)',
      params,
      response: { 204: z.null() },
    }),
    noContent(async (request) => deleteLab(root.db, await scopeOf(request), request.params.labId)),
  );

  app.post(
    routePath(PROGRAM_PATHS.moduleCopy),
    contentCall(contentStaff, {
      summary: 'Copy a module to the end of this or another course',
      params,
      body: labCopySchema.nullish(),
      response: { 201: labSchema },
    }),
    created(async (request) =>
      copyLab(root.db, await scopeOf(request), request.params.labId, request.body ?? {}),
    ),
  );

  app.post(
    routePath(PROGRAM_PATHS.moduleArchive),
    contentCall(contentStaff, {
      summary: 'Archive a module (hidden from learners), or restore it with {archived: false}',
      params,
      body: archiveSchema.nullish(),
      response: { 200: labSchema },
    }),
    async (request) =>
      archiveLab(root.db, await scopeOf(request), request.params.labId, request.body ?? { archived: true }),
  );
};
