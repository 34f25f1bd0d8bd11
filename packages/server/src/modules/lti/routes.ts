/**
 * LTI 1.3 (issue 27): platform registration for organisation administrators under `v1/clients/{id}/lti/`, and the
 * public end points a platform calls: the organisation's JWKS, the OIDC login initiation and the launch
 * (launch.ts), which take form posts (application/x-www-form-urlencoded) as platforms send them.
 */
import {
  LTI_DEEP_LINKING_PATHS,
  LTI_PATHS,
  ltiJwksSchema,
  ltiLaunchSchema,
  ltiLoginSchema,
  ltiOrganisationParamsSchema,
  ltiPlatformCreateSchema,
  ltiPlatformListSchema,
  ltiPlatformParamsSchema,
  ltiPlatformPatchSchema,
  ltiPlatformSchema,
  ltiToolConfigurationSchema,
} from '@larmor/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, requireRole } from '../../plugins/auth.ts';
import { signedInCalls } from '../../plugins/calls.ts';
import { ADMIN_CALL_ERRORS, notFound } from '../../plugins/errors.ts';
import { routePath } from '../../plugins/route-path.ts';
import { noStore } from '../../plugins/security.ts';
import { adminScopeOf } from '../organisations/access.ts';
import { jwksOf } from './keys.ts';
import { answerMessage } from './deep-linking.ts';
import { ltiDeepLinkingRoutes } from './deep-linking-routes.ts';
import { initiateLogin, jwksCache } from './launch.ts';
import { clientExists } from '../organisations/repository.ts';
import * as service from './service.ts';

const admin = requireRole('Admin');
const call = signedInCalls(['lti'], ADMIN_CALL_ERRORS);
/** How long a platform may cache the JWKS [s]: short, so a rotation reaches it soon. */
const JWKS_MAX_AGE_S = 300;
/** Largest form post a platform sends (an id_token with its claims) [bytes]. */
const FORM_BODY_LIMIT_BYTES = 128 * 1024;

export const ltiRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = root.db;
  const scopeOf = (request: FastifyRequest) => adminScopeOf(db, callerOf(request));
  const publicUrl = root.config.publicUrl;

  await app.register(async (admins) => {
    admins.addHook('onRequest', noStore);
    const routes = admins.withTypeProvider<ZodTypeProvider>();
    routes.get(
      routePath(LTI_PATHS.platforms),
      call(admin, {
        summary: "List the organisation's LTI platforms",
        params: ltiOrganisationParamsSchema,
        response: { 200: ltiPlatformListSchema },
      }),
      async (request) => service.listPlatforms(db, await scopeOf(request), request.params.id),
    );
    routes.post(
      routePath(LTI_PATHS.platforms),
      call(admin, {
        summary: 'Register an LTI 1.3 platform',
        params: ltiOrganisationParamsSchema,
        body: ltiPlatformCreateSchema,
        response: { 201: ltiPlatformSchema },
      }),
      async (request, reply) => {
        const platform = await service.createPlatform(
          db,
          await scopeOf(request),
          request.params.id,
          request.body,
        );
        await root.frameAncestors.refresh();
        return reply.status(201).send(platform);
      },
    );
    routes.get(
      routePath(LTI_PATHS.platform),
      call(admin, {
        summary: 'Get an LTI platform',
        params: ltiPlatformParamsSchema,
        response: { 200: ltiPlatformSchema },
      }),
      async (request) =>
        service.getPlatform(db, await scopeOf(request), request.params.id, request.params.platformId),
    );
    routes.patch(
      routePath(LTI_PATHS.platform),
      call(admin, {
        summary: 'Change an LTI platform',
        params: ltiPlatformParamsSchema,
        body: ltiPlatformPatchSchema,
        response: { 200: ltiPlatformSchema },
      }),
      async (request) => {
        const { id, platformId } = request.params;
        const platform = await service.updatePlatform(
          db,
          await scopeOf(request),
          id,
          platformId,
          request.body,
        );
        await root.frameAncestors.refresh();
        return platform;
      },
    );
    routes.delete(
      routePath(LTI_PATHS.platform),
      call(admin, {
        summary: 'Remove an LTI platform',
        params: ltiPlatformParamsSchema,
        response: { 204: z.null() },
      }),
      async (request, reply) => {
        const { id, platformId } = request.params;
        await service.deletePlatform(db, await scopeOf(request), id, platformId);
        await root.frameAncestors.refresh();
        return reply.status(204).send(null);
      },
    );
    routes.get(
      routePath(LTI_PATHS.tool),
      call(admin, {
        summary:
          "Larmor's LTI tool configuration for the organisation (URLs and keys to copy into a platform)",
        params: ltiOrganisationParamsSchema,
        response: { 200: ltiToolConfigurationSchema },
      }),
      async (request) => service.toolConfiguration(db, await scopeOf(request), request.params.id, publicUrl),
    );
    routes.post(
      routePath(LTI_PATHS.rotateKeys),
      call(admin, {
        summary: "Rotate the organisation's LTI signing key (the old key stays published for 7 days)",
        params: ltiOrganisationParamsSchema,
        response: { 200: ltiToolConfigurationSchema },
      }),
      async (request) => service.rotateKeys(db, await scopeOf(request), request.params.id, publicUrl),
    );
  });

  app.get(
    routePath(LTI_PATHS.jwks),
    {
      schema: {
        tags: ['lti'],
        summary: "The organisation's public LTI signing keys (JWK Set)",
        params: ltiOrganisationParamsSchema,
        response: { 200: ltiJwksSchema, 404: ADMIN_CALL_ERRORS[404] },
      },
    },
    async (request, reply) => {
      if (!(await clientExists(db, request.params.id))) throw notFound('Organisation');
      void reply.header('cache-control', `public, max-age=${JWKS_MAX_AGE_S}`);
      return jwksOf(db, request.params.id);
    },
  );

  const platformKeys = jwksCache();
  await app.register(async (platformCalls) => {
    platformCalls.addHook('onRequest', noStore);
    platformCalls.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const routes = platformCalls.withTypeProvider<ZodTypeProvider>();
    const redirect = { 302: z.null(), 400: ADMIN_CALL_ERRORS[400] };
    routes.get(
      routePath(LTI_PATHS.login),
      {
        schema: {
          tags: ['lti'],
          summary: 'LTI OIDC login initiation (GET)',
          querystring: ltiLoginSchema,
          response: redirect,
        },
      },
      async (request, reply) => reply.redirect(await initiateLogin(root, request.query), 302),
    );
    routes.post(
      routePath(LTI_PATHS.login),
      {
        schema: {
          tags: ['lti'],
          summary: 'LTI OIDC login initiation (form post)',
          body: ltiLoginSchema,
          response: redirect,
        },
      },
      async (request, reply) => reply.redirect(await initiateLogin(root, request.body), 302),
    );
    // The launch and (issue 27.3) the deep-linking URL take the same post: answerMessage dispatches on its type.
    for (const path of [LTI_PATHS.launch, LTI_DEEP_LINKING_PATHS.deepLinking]) {
      routes.post(
        routePath(path),
        {
          schema: {
            tags: ['lti'],
            summary:
              'LTI launch or deep-linking request: the platform posts the id_token; answers 303 to the module or the picker, signed in',
            body: ltiLaunchSchema,
            response: { 303: z.null(), ...ADMIN_CALL_ERRORS },
          },
        },
        async (request, reply) => {
          const { tokens, landing } = await answerMessage(root, request.body, platformKeys);
          const fragment = new URLSearchParams({ ...tokens, to: landing });
          return reply.redirect(`${publicUrl}/auth/callback#${fragment.toString()}`, 303);
        },
      );
    }
  });

  // Issue 27.3: the deep-linking picker's calls and the response page.
  await app.register(ltiDeepLinkingRoutes);
};
