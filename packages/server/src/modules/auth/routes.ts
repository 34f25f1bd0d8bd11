/** Sign-in and account calls of platform-shell.md §7: one schema and a one-line handler each. */
import {
  activateParamsSchema,
  AUTH_PATHS,
  errorBodySchema,
  forgotPasswordRequestSchema,
  forgotUsernameRequestSchema,
  loginRequestSchema,
  logoutRequestSchema,
  messageResponseSchema,
  refreshTokenRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  tokenPairSchema,
} from '@larmor/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authRateLimit, noStore } from '../../plugins/security.ts';
import { activate, forgotPassword, forgotUsername, login, register, resetPassword } from './accounts.ts';
import { logout, rotateRefreshToken } from './sessions.ts';
import { routePath } from '../../plugins/route-path.ts';

const tags = ['auth'];
/**
 * The same answer, in the same time, whether or not an account has the address, so the call reveals nothing:
 * the look-up and the mail run after the answer (app.deferred).
 */
const FORGOT_ANSWER = { message: 'If an account uses this address, we have sent it an e-mail.' };

export const authRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  root.addHook('onRequest', noStore);
  const limited = authRateLimit(root);
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema };

  app.post(
    routePath(AUTH_PATHS.login),
    {
      config: limited,
      schema: { tags, body: loginRequestSchema, response: { 200: tokenPairSchema, ...errors } },
    },
    async (request) => login(root, request.body.username, request.body.password),
  );

  app.post(
    routePath(AUTH_PATHS.refreshToken),
    { schema: { tags, body: refreshTokenRequestSchema, response: { 200: tokenPairSchema, ...errors } } },
    async (request) => rotateRefreshToken(root, request.body.token),
  );

  app.post(
    routePath(AUTH_PATHS.logout),
    {
      schema: {
        tags,
        body: logoutRequestSchema,
        response: { 200: messageResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      await logout(root.db, request.body.token);
      return { message: 'Signed out' };
    },
  );

  app.post(
    routePath(AUTH_PATHS.register),
    {
      config: limited,
      schema: {
        tags,
        body: registerRequestSchema,
        response: { 201: messageResponseSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      await register(root, request.body);
      return reply.status(201).send({ message: 'Check your e-mail to activate your account' });
    },
  );

  app.get(
    routePath(AUTH_PATHS.activate),
    {
      schema: {
        tags,
        params: activateParamsSchema,
        response: { 200: messageResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      await activate(root, request.params.token);
      return { message: 'Your account is active; you can sign in' };
    },
  );

  app.post(
    routePath(AUTH_PATHS.forgotPassword),
    {
      config: limited,
      schema: {
        tags,
        body: forgotPasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { email } = request.body;
      root.deferred.run(() => forgotPassword(root, email));
      return FORGOT_ANSWER;
    },
  );

  app.post(
    routePath(AUTH_PATHS.forgotUsername),
    {
      config: limited,
      schema: {
        tags,
        body: forgotUsernameRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { email } = request.body;
      root.deferred.run(() => forgotUsername(root, email));
      return FORGOT_ANSWER;
    },
  );

  app.post(
    routePath(AUTH_PATHS.resetPassword),
    {
      config: limited,
      schema: { tags, body: resetPasswordRequestSchema, response: { 200: messageResponseSchema, ...errors } },
    },
    async (request) => {
      await resetPassword(root, request.body.token, request.body.password);
      return { message: 'Your password has been changed; you can sign in' };
    },
  );
};
