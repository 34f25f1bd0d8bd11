/**
 * User administration calls of platform-shell.md §7, for administrators: each is a schema and a thin
 * handler (validate → authorize → command → present). Organisation administrators reach only the users of
 * their organisation (organisations/access.ts).
 */
import multipart from '@fastify/multipart';
import {
  adminUserSchema,
  ERROR_CAUSES,
  ERROR_CODES,
  errorBodySchema,
  importResponseSchema,
  USER_IMPORT_MAX_BYTES,
  USER_PATHS,
  userBatchResponseSchema,
  userBulkUpdateSchema,
  userCreateSchema,
  userIdParamsSchema,
  userListQuerySchema,
  userListResponseSchema,
  userPatchSchema,
  userPutSchema,
} from '@larmor/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, requireRole } from '../../plugins/auth.ts';
import { signedInCalls } from '../../plugins/calls.ts';
import { ADMIN_CALL_ERRORS, ApiError } from '../../plugins/errors.ts';
import { adminScopeOf } from '../organisations/access.ts';
import { importFileType, invalidFileType, readImportFile } from './import-file.ts';
import { importUsers } from './importer.ts';
import { bulkUpdate, createUser, deleteUser, getUser, listUsers, putUsers, updateUser } from './service.ts';
import { noStore } from '../../plugins/security.ts';
import { routePath } from '../../plugins/route-path.ts';
import { created, noContent } from '../../plugins/replies.ts';

const call = signedInCalls(['users'], ADMIN_CALL_ERRORS);
const admin = requireRole('Admin');

/** The uploaded file of an import request: its type from the name, and its bytes (413 over the limit). */
async function uploadedFile(request: FastifyRequest) {
  if (!request.isMultipart()) throw invalidFileType();
  const file = await request.file();
  if (!file) {
    throw new ApiError(400, ERROR_CODES.BAD_REQUEST, 'Attach the file to import', ERROR_CAUSES.VALIDATION, {
      file: 'required',
    });
  }
  const type = importFileType(file.filename);
  return { type, content: await file.toBuffer() };
}

export const usersRoutes: FastifyPluginAsync = async (root) => {
  await root.register(multipart, { limits: { fileSize: USER_IMPORT_MAX_BYTES, files: 1, fields: 10 } });
  const app = root.withTypeProvider<ZodTypeProvider>();
  root.addHook('onRequest', noStore);
  const scopeOf = (request: FastifyRequest) => adminScopeOf(root.db, callerOf(request));

  app.get(
    routePath(USER_PATHS.users),
    call(admin, {
      summary: 'List the users an administrator administers (paged, ordered, searched by name)',
      querystring: userListQuerySchema,
      response: { 200: userListResponseSchema },
    }),
    async (request) => listUsers(root.db, await scopeOf(request), request.query),
  );

  app.get(
    routePath(USER_PATHS.user),
    call(admin, {
      summary: 'Get one user',
      params: userIdParamsSchema,
      response: { 200: adminUserSchema },
    }),
    async (request) => getUser(root.db, await scopeOf(request), request.params.id),
  );

  app.post(
    routePath(USER_PATHS.users),
    call(admin, {
      summary: 'Create a user (with a password that must be changed, or an activation mail)',
      body: userCreateSchema,
      response: { 201: adminUserSchema },
    }),
    created(async (request) => createUser(root, await scopeOf(request), request.body)),
  );

  app.patch(
    routePath(USER_PATHS.user),
    call(admin, {
      summary: 'Change a user',
      params: userIdParamsSchema,
      body: userPatchSchema,
      response: { 200: adminUserSchema },
    }),
    async (request) => updateUser(root, await scopeOf(request), request.params.id, request.body),
  );

  app.delete(
    routePath(USER_PATHS.user),
    call(admin, {
      summary: 'Delete a user (or remove them from your organisation only)',
      params: userIdParamsSchema,
      response: { 204: z.null() },
    }),
    noContent(async (request) => deleteUser(root, await scopeOf(request), request.params.id)),
  );

  app.patch(
    routePath(USER_PATHS.users),
    call(admin, {
      summary: 'Apply one change to many users, all or none',
      body: userBulkUpdateSchema,
      response: { 200: userBatchResponseSchema },
    }),
    async (request) => ({ users: await bulkUpdate(root, await scopeOf(request), request.body) }),
  );

  app.put(
    routePath(USER_PATHS.users),
    call(admin, {
      summary: 'Create or update many users, all or none',
      body: userPutSchema,
      response: { 200: userBatchResponseSchema },
    }),
    async (request) => ({ users: await putUsers(root, await scopeOf(request), request.body) }),
  );

  app.post(
    routePath(USER_PATHS.import),
    call(admin, {
      summary: 'Import users from a CSV or XLSX file, one outcome per row',
      description:
        'multipart/form-data with one CSV or XLSX file (at most 5 MiB); the first row names the columns ' +
        'username, email, firstName, lastName, role, password, groups (names separated by `;`).',
      consumes: ['multipart/form-data'],
      response: { 200: importResponseSchema, 413: errorBodySchema },
    }),
    async (request) => {
      const scope = await scopeOf(request);
      const { type, content } = await uploadedFile(request);
      return importUsers(root, scope, await readImportFile(type, content));
    },
  );
};
