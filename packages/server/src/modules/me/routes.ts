/** GET me/, POST me/change-password, PUT me/terms (platform-shell.md §7). */
import {
  changePasswordRequestSchema,
  errorBodySchema,
  ME_PATHS,
  meResponseSchema,
  messageResponseSchema,
  termsRequestSchema,
} from '@larmor/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { authRateLimit, noStore, perUserAuthRateLimit } from '../../plugins/security.ts';
import { acceptTerms, changePassword, profileOf } from './service.ts';
import { routePath } from '../../plugins/route-path.ts';

const tags = ['me'];
const security = [{ bearer: [] }];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema };

export const meRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  root.addHook('onRequest', noStore);

  app.get(
    routePath(ME_PATHS.me),
    { preHandler: authenticate, schema: { tags, security, response: { 200: meResponseSchema, ...errors } } },
    async (request) => {
      const caller = callerOf(request);
      return { user: await profileOf(root.db, caller.userId, caller.identityId) };
    },
  );

  app.post(
    routePath(ME_PATHS.changePassword),
    {
      // Guessing the current password is limited per address and per user.
      config: authRateLimit(root),
      preHandler: [authenticate, perUserAuthRateLimit(root)],
      schema: {
        tags,
        security,
        body: changePasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      await changePassword(
        root,
        caller.userId,
        caller.sessionId,
        request.body.oldPassword,
        request.body.newPassword,
      );
      return { message: 'Successfully changed password' };
    },
  );

  app.put(
    routePath(ME_PATHS.terms),
    {
      preHandler: authenticate,
      schema: { tags, security, body: termsRequestSchema, response: { 200: meResponseSchema, ...errors } },
    },
    async (request) => {
      const caller = callerOf(request);
      await acceptTerms(root.db, caller.userId);
      return { user: await profileOf(root.db, caller.userId, caller.identityId) };
    },
  );
};
