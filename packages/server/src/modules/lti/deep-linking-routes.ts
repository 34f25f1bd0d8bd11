/**
 * LTI Deep Linking 2.0 (issue 27.3): the picker's calls for the signed-in teacher who made the request, and the
 * public, single-use page that posts the response JWT to the platform. (The deep-linking request itself arrives
 * as a form post at the launch or deep-linking URL: routes.ts, deep-linking.ts.)
 */
import {
  LTI_DEEP_LINKING_PATHS,
  ltiDeepLinkChoiceSchema,
  ltiDeepLinkChosenSchema,
  ltiDeepLinkParamsSchema,
  ltiDeepLinkRequestSchema,
  ltiDeepLinkResponseQuerySchema,
} from '@larmor/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { signedInCalls } from '../../plugins/calls.ts';
import { ADMIN_CALL_ERRORS } from '../../plugins/errors.ts';
import { routePath } from '../../plugins/route-path.ts';
import { noStore } from '../../plugins/security.ts';
import {
  autoPostPage,
  autoPostPolicy,
  chooseLink,
  pickerContent,
  takeResponse,
} from './deep-linking-response.ts';

const call = signedInCalls(['lti'], ADMIN_CALL_ERRORS);

export const ltiDeepLinkingRoutes: FastifyPluginAsync = async (root) => {
  root.addHook('onRequest', noStore);
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = root.db;
  const publicUrl = root.config.publicUrl;

  app.get(
    routePath(LTI_DEEP_LINKING_PATHS.request),
    call(authenticate, {
      summary: 'A pending deep-linking request: the programs and modules the teacher may link',
      params: ltiDeepLinkParamsSchema,
      response: { 200: ltiDeepLinkRequestSchema },
    }),
    async (request) => pickerContent(db, callerOf(request).userId, request.params.linkId),
  );
  app.post(
    routePath(LTI_DEEP_LINKING_PATHS.request),
    call(authenticate, {
      summary: "The teacher's choice (a module or program); answers the single-use URL that returns it",
      params: ltiDeepLinkParamsSchema,
      body: ltiDeepLinkChoiceSchema,
      response: { 200: ltiDeepLinkChosenSchema },
    }),
    async (request) =>
      chooseLink(db, callerOf(request).userId, request.params.linkId, request.body, publicUrl),
  );
  app.get(
    routePath(LTI_DEEP_LINKING_PATHS.response),
    {
      schema: {
        tags: ['lti'],
        summary: 'The auto-submitting form that posts the LtiDeepLinkingResponse JWT to the platform',
        querystring: ltiDeepLinkResponseQuerySchema,
        response: { 200: z.string(), 400: ADMIN_CALL_ERRORS[400], 404: ADMIN_CALL_ERRORS[404] },
      },
    },
    async (request, reply) => {
      const { returnUrl, jwt, platformName, nonce } = await takeResponse(db, request.query.token);
      return reply
        .header('content-security-policy', autoPostPolicy(returnUrl, nonce, root.frameAncestors.current()))
        .type('text/html; charset=utf-8')
        .send(autoPostPage(returnUrl, jwt, platformName, nonce));
    },
  );
};
