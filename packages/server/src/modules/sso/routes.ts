/**
 * OpenID Connect single sign-on (issue 27.6): provider configuration for organisation administrators under
 * `v1/clients/{id}/sso/`, and the public end points of the sign-in — the sign-in page's options, the start (302 to
 * the provider) and the callback, which ends, like an LTI launch, on the web app's /auth/callback: with the tokens
 * (signed in), or with the refusal's message in `error` (nothing written).
 */
import {
  API_PREFIX,
  SSO_PATHS,
  ssoCallbackQuerySchema,
  ssoOrganisationParamsSchema,
  ssoProviderCreateSchema,
  ssoProviderListSchema,
  ssoProviderParamsSchema,
  ssoProviderPatchSchema,
  ssoProviderSchema,
  ssoSignInOptionListSchema,
  ssoStartParamsSchema,
} from '@larmor/contracts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, requireRole } from '../../plugins/auth.ts';
import { signedInCalls } from '../../plugins/calls.ts';
import { ADMIN_CALL_ERRORS } from '../../plugins/errors.ts';
import { routePath } from '../../plugins/route-path.ts';
import { noStore } from '../../plugins/security.ts';
import { adminScopeOf } from '../organisations/access.ts';
import {
  completeSignIn,
  configurationCache,
  SSO_BROWSER_COOKIE,
  SSO_STATE_TTL_S,
  SsoRefusal,
  startSignIn,
} from './flow.ts';
import * as service from './service.ts';

const admin = requireRole('Admin');
const call = signedInCalls(['sso'], ADMIN_CALL_ERRORS);

export const ssoRoutes: FastifyPluginAsync = async (root) => {
  const db = root.db;
  const publicUrl = root.config.publicUrl;
  const scopeOf = (request: FastifyRequest) => adminScopeOf(db, callerOf(request));

  await root.register(async (admins) => {
    admins.addHook('onRequest', noStore);
    const routes = admins.withTypeProvider<ZodTypeProvider>();
    routes.get(
      routePath(SSO_PATHS.providers),
      call(admin, {
        summary: "List the organisation's OpenID Connect providers",
        params: ssoOrganisationParamsSchema,
        response: { 200: ssoProviderListSchema },
      }),
      async (request) => service.listProviders(db, await scopeOf(request), request.params.id, publicUrl),
    );
    routes.post(
      routePath(SSO_PATHS.providers),
      call(admin, {
        summary: 'Configure an OpenID Connect provider for single sign-on',
        params: ssoOrganisationParamsSchema,
        body: ssoProviderCreateSchema,
        response: { 201: ssoProviderSchema },
      }),
      async (request, reply) => {
        const scope = await scopeOf(request);
        const provider = await service.createProvider(db, scope, request.params.id, request.body, publicUrl);
        return reply.status(201).send(provider);
      },
    );
    routes.get(
      routePath(SSO_PATHS.provider),
      call(admin, {
        summary: 'Get an OpenID Connect provider (its client secret is never answered)',
        params: ssoProviderParamsSchema,
        response: { 200: ssoProviderSchema },
      }),
      async (request) => {
        const { id, providerId } = request.params;
        return service.getProvider(db, await scopeOf(request), id, providerId, publicUrl);
      },
    );
    routes.patch(
      routePath(SSO_PATHS.provider),
      call(admin, {
        summary: 'Change an OpenID Connect provider (a left-out client secret stays)',
        params: ssoProviderParamsSchema,
        body: ssoProviderPatchSchema,
        response: { 200: ssoProviderSchema },
      }),
      async (request) => {
        const { id, providerId } = request.params;
        return service.updateProvider(db, await scopeOf(request), id, providerId, request.body, publicUrl);
      },
    );
    routes.delete(
      routePath(SSO_PATHS.provider),
      call(admin, {
        summary: 'Remove an OpenID Connect provider (its users keep their accounts)',
        params: ssoProviderParamsSchema,
        response: { 204: z.null() },
      }),
      async (request, reply) => {
        const { id, providerId } = request.params;
        await service.deleteProvider(db, await scopeOf(request), id, providerId);
        return reply.status(204).send(null);
      },
    );
  });

  const configurationOf = configurationCache();
  /** The browser cookie of a started sign-in: sent back on the provider's top-level redirect (SameSite=Lax) only. */
  const browserCookie = {
    path: `${API_PREFIX}/v1/sso`,
    httpOnly: true,
    sameSite: 'lax',
    secure: publicUrl.startsWith('https:'),
  } as const;
  /** Ends a browser's sign-in on the web app's callback page, with the refusal's message (and logs it). */
  const refuse = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    if (!(error instanceof SsoRefusal)) throw error;
    request.log.info({ status: error.status, reason: error.message }, 'single sign-on refused');
    const fragment = new URLSearchParams({ error: error.message });
    return reply.redirect(`${publicUrl}/auth/callback#${fragment.toString()}`, 303);
  };

  await root.register(async (browsers) => {
    browsers.addHook('onRequest', noStore);
    const routes = browsers.withTypeProvider<ZodTypeProvider>();
    routes.get(
      routePath(SSO_PATHS.signInOptions),
      {
        schema: {
          tags: ['sso'],
          summary: 'The single sign-on options of the sign-in page (enabled providers: id and display name)',
          response: { 200: ssoSignInOptionListSchema },
        },
      },
      async () => service.signInOptions(db),
    );
    routes.get(
      routePath(SSO_PATHS.start),
      {
        schema: {
          tags: ['sso'],
          summary:
            "Start a single sign-on: 302 to the provider's authorization endpoint (303 to /auth/callback with an error when refused)",
          params: ssoStartParamsSchema,
          response: { 302: z.null(), 303: z.null(), 400: ADMIN_CALL_ERRORS[400] },
        },
      },
      async (request, reply) => {
        try {
          const started = await startSignIn(root, request.params.providerId, configurationOf);
          void reply.setCookie(SSO_BROWSER_COOKIE, started.state, {
            ...browserCookie,
            maxAge: SSO_STATE_TTL_S,
          });
          return reply.redirect(started.url, 302);
        } catch (error) {
          return refuse(request, reply, error);
        }
      },
    );
    routes.get(
      routePath(SSO_PATHS.callback),
      {
        schema: {
          tags: ['sso'],
          summary:
            "The provider's redirect back: 303 to /auth/callback, signed in, or with the refusal's message in `error`",
          querystring: ssoCallbackQuerySchema,
          response: { 303: z.null(), 400: ADMIN_CALL_ERRORS[400] },
        },
      },
      async (request, reply) => {
        void reply.clearCookie(SSO_BROWSER_COOKIE, browserCookie);
        try {
          const browserState = request.cookies[SSO_BROWSER_COOKIE];
          const tokens = await completeSignIn(root, request.query, browserState, configurationOf);
          const fragment = new URLSearchParams({ ...tokens });
          return reply.redirect(`${publicUrl}/auth/callback#${fragment.toString()}`, 303);
        } catch (error) {
          return refuse(request, reply, error);
        }
      },
    );
  });
};
