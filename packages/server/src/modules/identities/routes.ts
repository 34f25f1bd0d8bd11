/** GET /v2/me/identities and POST v2/me/identities/{id}/switch (platform-shell.md §7). */
import {
  errorBodySchema,
  identitiesResponseSchema,
  IDENTITY_PATHS,
  switchIdentityParamsSchema,
  tokenPairSchema,
  type Identity,
} from '@larmor/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate, callerOf, type AuthContext } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import { switchIdentity } from '../auth/sessions.ts';
import { identitiesOf, type IdentityRecord } from './repository.ts';
import { noStore } from '../../plugins/security.ts';
import { routePath } from '../../plugins/route-path.ts';

const tags = ['identities'];
const security = [{ bearer: [] }];

/**
 * The identities a caller may see and switch to (platform-shell.md §6): admins see individual-access
 * identities too; other users see their organisations, and their individual access only while it is the
 * active identity (a free-plan user without an organisation still sees where they are).
 */
async function visibleIdentities(
  root: Parameters<FastifyPluginAsync>[0],
  caller: AuthContext,
): Promise<IdentityRecord[]> {
  const all = await identitiesOf(root.db, caller.userId);
  const isAdmin = caller.roles.includes('Admin');
  return all.filter((i) => isAdmin || !i.isIndividualAccess || i.id === caller.identityId);
}

function present(identity: IdentityRecord, activeId: string | null): Identity {
  return {
    id: identity.id,
    clientName: identity.clientName,
    isActive: identity.id === activeId,
    isIndividualAccess: identity.isIndividualAccess,
    licenseType: identity.licenseType,
    clientUserCount: identity.clientUserCount,
  };
}

export const identitiesRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  root.addHook('onRequest', noStore);

  app.get(
    routePath(IDENTITY_PATHS.identities),
    {
      preHandler: authenticate,
      schema: { tags, security, response: { 200: identitiesResponseSchema, 401: errorBodySchema } },
    },
    async (request) => {
      const caller = callerOf(request);
      return (await visibleIdentities(root, caller)).map((i) => present(i, caller.identityId));
    },
  );

  app.post(
    routePath(IDENTITY_PATHS.switch),
    {
      preHandler: authenticate,
      schema: {
        tags,
        security,
        params: switchIdentityParamsSchema,
        response: { 200: tokenPairSchema, 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const target = (await visibleIdentities(root, caller)).find((i) => i.id === request.params.id);
      if (!target) throw notFound('Identity');
      return switchIdentity(root, caller, target.id);
    },
  );
};
