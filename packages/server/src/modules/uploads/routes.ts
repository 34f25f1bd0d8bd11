/**
 * Upload calls (issue 10): add a file to a program (multipart, field `file`), list and delete them, and serve
 * one (GET v1/uploads/{uploadId}) to a bearer token or to the signed asset cookie of GET
 * v2/assets/signed-cookie, so that Markdown images load in the browser.
 */
import multipart from '@fastify/multipart';
import {
  ERROR_CAUSES,
  ERROR_CODES,
  errorBodySchema,
  PROGRAM_PATHS,
  programIdParamsSchema,
  UPLOAD_MAX_BYTES,
  uploadIdParamsSchema,
  uploadListSchema,
  uploadSchema,
} from '@larmor/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { signedInCalls } from '../../plugins/calls.ts';
import { ADMIN_CALL_ERRORS, ApiError, unauthenticated } from '../../plugins/errors.ts';
import { ASSET_COOKIE, verifyAssetCookie } from '../assets/routes.ts';
import { contentScopeOf } from '../content/programs/access.ts';
import { contentStaff } from '../content/calls.ts';
import { deleteUpload, listUploads, readUpload, uploadFile } from './service.ts';
import { fileUploadStore } from './storage.ts';
import { routePath } from '../../plugins/route-path.ts';
import { noContent } from '../../plugins/replies.ts';

const tags = ['uploads'];
const call = signedInCalls(tags, ADMIN_CALL_ERRORS);

/** RFC 6266: an ASCII fallback name and the UTF-8 name (RFC 8187 `filename*`). */
function contentDisposition(disposition: 'inline' | 'attachment', filename: string): string {
  const ascii = [...filename]
    .map((c) => (c >= ' ' && c <= '~' && c !== '"' && c !== '\\' ? c : '_'))
    .join('');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

async function uploadedFile(request: FastifyRequest): Promise<{ filename: string; bytes: Buffer }> {
  const file = request.isMultipart() ? await request.file() : undefined;
  if (!file) {
    throw new ApiError(400, ERROR_CODES.BAD_REQUEST, 'Attach the file to upload', ERROR_CAUSES.VALIDATION, {
      file: 'required',
    });
  }
  return { filename: file.filename, bytes: await file.toBuffer() };
}

/** The user a file read is for: the bearer token's, else the signed asset cookie's (401 without either). */
async function readerOf(request: FastifyRequest): Promise<string> {
  if (request.headers.authorization !== undefined) {
    await authenticate.call(request.server, request, undefined as never);
    return callerOf(request).userId;
  }
  const cookie = request.cookies[ASSET_COOKIE];
  const userId = cookie === undefined ? null : verifyAssetCookie(request.server.config.jwtSecret, cookie);
  if (userId === null) throw unauthenticated();
  return userId;
}

export const uploadsRoutes: FastifyPluginAsync = async (root) => {
  await root.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5 } });
  const app = root.withTypeProvider<ZodTypeProvider>();
  const scopeOf = (request: FastifyRequest) => contentScopeOf(root.db, callerOf(request));
  const store = fileUploadStore(root.config.dataDir);

  app.post(
    routePath(PROGRAM_PATHS.programUploads),
    call(contentStaff, {
      summary: 'Upload an image or a document to a program (checked by extension and content)',
      description:
        'multipart/form-data with one file (at most 20 MiB): png, jpg, jpeg, gif, webp, doc, docx, pdf, ppt, ' +
        'pptx, csv, xls or xlsx, whose bytes carry that type’s signature.',
      consumes: ['multipart/form-data'],
      params: programIdParamsSchema,
      response: { 201: uploadSchema, 413: errorBodySchema },
    }),
    async (request, reply) => {
      const scope = await scopeOf(request);
      const file = await uploadedFile(request);
      return reply.status(201).send(await uploadFile(root.db, store, scope, request.params.programId, file));
    },
  );

  app.get(
    routePath(PROGRAM_PATHS.programUploads),
    call(contentStaff, {
      summary: 'List the files of a program',
      params: programIdParamsSchema,
      response: { 200: uploadListSchema },
    }),
    async (request) => listUploads(root.db, await scopeOf(request), request.params.programId),
  );

  app.get(
    routePath(PROGRAM_PATHS.upload),
    {
      schema: {
        summary: 'Download a file (bearer token or the signed asset cookie)',
        tags,
        security: [{ bearer: [] }, {}],
        params: uploadIdParamsSchema,
        response: { 200: z.any(), ...ADMIN_CALL_ERRORS },
      },
    },
    async (request, reply) => {
      const userId = await readerOf(request);
      const { row, bytes } = await readUpload(root.db, store, userId, request.params.uploadId);
      const disposition = row.kind === 'image' ? 'inline' : 'attachment';
      return reply
        .header('content-type', row.content_type)
        .header('content-disposition', contentDisposition(disposition, row.filename))
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );

  app.delete(
    routePath(PROGRAM_PATHS.upload),
    call(contentStaff, {
      summary: 'Delete a file of a program',
      params: uploadIdParamsSchema,
      response: { 204: z.null() },
    }),
    noContent(async (request) =>
      deleteUpload(root.db, store, await scopeOf(request), request.params.uploadId),
    ),
  );
};
