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
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { ADMIN_CALL_ERRORS } from '../../plugins/errors.ts';
import { contentScopeOf } from '../programs/access.ts';
import { CONTENT_SECURITY, CONTENT_TAGS, contentStaff } from '../programs/routes.ts';
import { archiveLab, copyLab, createLab, deleteLab, getLab, moduleOptions, patchLab } from './service.ts';
import { routePath } from '../../plugins/route-path.ts';

export const labsRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const scopeOf = (request: FastifyRequest) => contentScopeOf(root.db, callerOf(request));
  const tags = CONTENT_TAGS;
  const security = CONTENT_SECURITY;
  const errors = ADMIN_CALL_ERRORS;
  const params = labIdParamsSchema;

  app.get(
    routePath(PROGRAM_PATHS.moduleOptions),
    {
      preHandler: authenticate,
      schema: {
        summary: 'The anatomical models (the spec’s ids included) and sequence types a module may use',
        tags,
        security,
        response: { 200: moduleOptionsSchema, 401: errors[401] },
      },
    },
    async () => moduleOptions(),
  );

  app.post(
    routePath(PROGRAM_PATHS.courseModules),
    {
      preHandler: contentStaff,
      schema: {
        summary: 'Add a module (lab) at the end of a course',
        tags,
        security,
        params: courseIdParamsSchema,
        body: labCreateSchema,
        response: { 201: labSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createLab(root.db, await scopeOf(request), request.params.courseId, request.body)),
  );

  app.get(
    routePath(PROGRAM_PATHS.module),
    {
      preHandler: authenticate,
      schema: {
        summary: 'Get a module; a learner’s read records it as the module opened last',
        tags,
        security,
        params,
        response: { 200: labSchema, ...errors },
      },
    },
    async (request) => getLab(root.db, await scopeOf(request), request.params.labId),
  );

  app.patch(
    routePath(PROGRAM_PATHS.module),
    {
      preHandler: contentStaff,
      schema: {
        summary: 'Change a module',
        tags,
        security,
        params,
        body: labPatchSchema,
        response: { 200: labSchema, ...errors },
      },
    },
    async (request) => patchLab(root.db, await scopeOf(request), request.params.labId, request.body),
  );

  app.delete(
    routePath(PROGRAM_PATHS.module),
    {
      preHandler: contentStaff,
      schema: {
        summary: 'Delete a module (409 when in use: archive it instead)',
        tags,
        security,
        params,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteLab(root.db, await scopeOf(request), request.params.labId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    routePath(PROGRAM_PATHS.moduleCopy),
    {
      preHandler: contentStaff,
      schema: {
        summary: 'Copy a module to the end of this or another course',
        tags,
        security,
        params,
        body: labCopySchema.nullish(),
        response: { 201: labSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await copyLab(root.db, await scopeOf(request), request.params.labId, request.body ?? {})),
  );

  app.post(
    routePath(PROGRAM_PATHS.moduleArchive),
    {
      preHandler: contentStaff,
      schema: {
        summary: 'Archive a module (hidden from learners), or restore it with {archived: false}',
        tags,
        security,
        params,
        body: archiveSchema.nullish(),
        response: { 200: labSchema, ...errors },
      },
    },
    async (request) =>
      archiveLab(root.db, await scopeOf(request), request.params.labId, request.body ?? { archived: true }),
  );
};
