/**
 * Module (lab) calls (issue 10): create in a course, read, change, delete, copy, archive; and the module
 * form's pickers from the engine's own catalogue (GET v1/module-options).
 */
import {
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
import { authenticate, callerOf } from '../../../plugins/auth.ts';
import { contentScopeOf } from '../programs/access.ts';
import { contentReadCall } from '../calls.ts';
import { contentItemCalls } from '../item-calls.ts';
import { archiveLab, copyLab, createLab, deleteLab, getLab, moduleOptions, patchLab } from './service.ts';
import { routePath } from '../../../plugins/route-path.ts';
import { created, noContent } from '../../../plugins/replies.ts';

/** The module calls that a course answers alike (item-calls.ts), with their summaries. */
const lab = contentItemCalls({
  parent: courseIdParamsSchema,
  params: labIdParamsSchema,
  schema: labSchema,
  bodies: { create: labCreateSchema, patch: labPatchSchema, copy: labCopySchema },
  summaries: {
    create: 'Add a module (lab) at the end of a course',
    get: 'Get a module; a learner’s read records it as the module opened last',
    patch: 'Change a module',
    remove: 'Delete a module (409 when in use: archive it instead)',
    copy: 'Copy a module to the end of this or another course',
    archive: 'Archive a module (hidden from learners), or restore it with {archived: false}',
  },
});

export const labsRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const scopeOf = (request: FastifyRequest) => contentScopeOf(root.db, callerOf(request));

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
    lab.create,
    created(async (request) =>
      createLab(root.db, await scopeOf(request), request.params.courseId, request.body),
    ),
  );
  app.get(routePath(PROGRAM_PATHS.module), lab.get, async (request) =>
    getLab(root.db, await scopeOf(request), request.params.labId),
  );
  app.patch(routePath(PROGRAM_PATHS.module), lab.patch, async (request) =>
    patchLab(root.db, await scopeOf(request), request.params.labId, request.body),
  );
  app.delete(
    routePath(PROGRAM_PATHS.module),
    lab.remove,
    noContent(async (request) => deleteLab(root.db, await scopeOf(request), request.params.labId)),
  );
  app.post(
    routePath(PROGRAM_PATHS.moduleCopy),
    lab.copy,
    created(async (request) =>
      copyLab(root.db, await scopeOf(request), request.params.labId, request.body ?? {}),
    ),
  );
  app.post(routePath(PROGRAM_PATHS.moduleArchive), lab.archive, async (request) =>
    archiveLab(root.db, await scopeOf(request), request.params.labId, request.body ?? { archived: true }),
  );
};
