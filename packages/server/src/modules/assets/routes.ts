/**
 * GET v2/assets/signed-cookie: gives the signed-in browser a cookie that authorises asset downloads (images,
 * k-space) without a bearer header, valid as long as the access token. The value is `uid.exp.signature`,
 * HMAC-SHA256 with the server's token key; `verifyAssetCookie` checks it.
 */
import crypto from 'node:crypto';
import { API_PREFIX, ASSET_PATHS, errorBodySchema, signedCookieResponseSchema } from '@larmor/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { routePath } from '../../plugins/route-path.ts';

export const ASSET_COOKIE = 'larmor_assets';

function signature(secret: Uint8Array, payload: string): string {
  return crypto.createHmac('sha256', secret).update(payload).digest('base64url');
}

/** The user id an asset cookie vouches for, or null when it is forged or expired. */
export function verifyAssetCookie(
  secret: Uint8Array,
  value: string,
  nowS = Date.now() / 1000,
): string | null {
  const [uid, exp, sig] = value.split('.');
  if (!uid || !exp || !sig) return null;
  const expected = Buffer.from(signature(secret, `${uid}.${exp}`));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  return Number(exp) > nowS ? uid : null;
}

export const assetsRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    routePath(ASSET_PATHS.signedCookie),
    {
      preHandler: authenticate,
      schema: {
        tags: ['assets'],
        security: [{ bearer: [] }],
        response: { 200: signedCookieResponseSchema, 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const payload = `${caller.userId}.${caller.expiresAt}`;
      reply.setCookie(ASSET_COOKIE, `${payload}.${signature(root.config.jwtSecret, payload)}`, {
        path: API_PREFIX,
        httpOnly: true,
        sameSite: 'strict',
        secure: root.config.publicUrl.startsWith('https:'),
        expires: new Date(caller.expiresAt * 1000),
      });
      return { expiresAt: new Date(caller.expiresAt * 1000).toISOString() };
    },
  );
};
