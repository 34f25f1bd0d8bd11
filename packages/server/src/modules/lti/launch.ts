/**
 * The LTI 1.3 launch (issue 27.2; IMS Security Framework 1.0 §5.1.1, LTI 1.3 Core §5): OIDC third-party login
 * initiation answers with the authentication request (state and nonce stored, single use, LAUNCH_STATE_TTL_S);
 * the platform posts the id_token to the redirect URI, where it is verified — signature by the platform's JWKS,
 * iss, aud, azp, exp/iat, the nonce of that state, a known deployment id, LTI 1.3.0 — and a resource-link
 * message signs the user in on the module (or program) the link names; deep-linking requests go to
 * deep-linking.ts.
 */
import {
  idSchema,
  LTI_AGS_CLAIMS,
  LTI_CLAIMS,
  LTI_NRPS_CLAIM,
  LTI_PATHS,
  ltiRoleOf,
  type LtiLaunch,
  type LtiLogin,
  type TokenPair,
} from '@larmor/contracts';
import type { FastifyInstance } from 'fastify';
import { createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { isoNow } from '../../db/ids.ts';
import { forbidden, invalidField, unauthenticated, type ApiError } from '../../plugins/errors.ts';
import { issueTokens } from '../auth/sessions.ts';
import { accountFor, enrol, moduleFor, programFor } from './accounts.ts';
import { recordLink } from './ags-links.ts';
import {
  deploymentsOf,
  findPlatform,
  platformByIssuer,
  platformsByIssuer,
  type Db,
  type PlatformRow,
} from './repository.ts';

/** How long a login initiation's state and nonce stay usable [s]. */
export const LAUNCH_STATE_TTL_S = 600;
/** Clock skew allowed between the platform and Larmor when checking exp and iat [s]. */
const CLOCK_TOLERANCE_S = 60;
/** Oldest id_token accepted, by its iat [s]. */
const MAX_TOKEN_AGE_S = 600;
/** Platform key sets kept in memory, by JWKS URL (each refetches on an unknown kid, at most every 30 s). */
const JWKS_CACHE_MAX = 200;

const random = (): string => randomBytes(32).toString('base64url');

/** The claims every LTI message Larmor takes carries, after the signature and the registered claims are verified. */
const messageClaimsSchema = z.object({
  sub: z.string().min(1).max(255),
  nonce: z.string(),
  azp: z.string().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  [LTI_CLAIMS.messageType]: z.string(),
  [LTI_CLAIMS.version]: z.literal('1.3.0'),
  [LTI_CLAIMS.deploymentId]: z.string(),
  [LTI_CLAIMS.roles]: z.array(z.string()),
});
export type MessageClaims = z.infer<typeof messageClaimsSchema>;

/** The claims of a resource-link launch (LTI 1.3 Core §5.3). */
const launchClaimsSchema = messageClaimsSchema.extend({
  [LTI_CLAIMS.messageType]: z.literal('LtiResourceLinkRequest'),
  [LTI_CLAIMS.targetLinkUri]: z.string().optional(),
  [LTI_CLAIMS.resourceLink]: z.object({ id: z.string() }),
  [LTI_CLAIMS.custom]: z.record(z.string(), z.unknown()).optional(),
  // Grade return and rosters (issue 27.4–5): the link's context, AGS endpoint and NRPS claims (ags-links.ts).
  [LTI_AGS_CLAIMS.context]: z.object({ id: z.string() }).optional(),
  [LTI_AGS_CLAIMS.endpoint]: z.unknown().optional(),
  [LTI_NRPS_CLAIM]: z.unknown().optional(),
});
type LaunchClaims = z.infer<typeof launchClaimsSchema>;

/** A verified LTI message: its platform, its common claims and its whole payload (for the message's own claims). */
export interface VerifiedMessage {
  platform: PlatformRow;
  claims: MessageClaims;
  payload: JWTPayload;
}

const notVerified = (why: string): ApiError =>
  unauthenticated(`The LTI launch could not be verified: ${why}`);

/** Platform key sets by URL, for one app. */
export function jwksCache(): (url: string) => JWTVerifyGetKey {
  const sets = new Map<string, JWTVerifyGetKey>();
  return (url) => {
    let set = sets.get(url);
    if (set === undefined) {
      if (sets.size >= JWKS_CACHE_MAX) sets.delete(sets.keys().next().value ?? '');
      set = createRemoteJWKSet(new URL(url));
      sets.set(url, set);
    }
    return set;
  };
}

async function platformOfLogin(db: Db, login: LtiLogin): Promise<PlatformRow> {
  if (login.client_id !== undefined) {
    const platform = await platformByIssuer(db, login.iss, login.client_id);
    if (platform) return platform;
  } else {
    const candidates = await platformsByIssuer(db, login.iss);
    if (candidates.length === 1 && candidates[0] !== undefined) return candidates[0];
    if (candidates.length > 1)
      throw invalidField('client_id', 'required', 'client_id is required for this issuer');
  }
  throw invalidField('iss', 'unknown', 'No platform is registered with this issuer and client id');
}

/** OIDC login initiation: the authentication request URL to send the browser to. */
export async function initiateLogin(app: FastifyInstance, login: LtiLogin): Promise<string> {
  const platform = await platformOfLogin(app.db, login);
  if (login.lti_deployment_id !== undefined && !deploymentsOf(platform).includes(login.lti_deployment_id)) {
    throw invalidField('lti_deployment_id', 'unknown', 'Unknown deployment id');
  }
  const target = URL.canParse(login.target_link_uri) ? new URL(login.target_link_uri) : undefined;
  if (target?.origin !== new URL(app.config.publicUrl).origin) {
    throw invalidField('target_link_uri', 'origin', 'target_link_uri must be a Larmor address');
  }
  const state = random();
  const nonce = random();
  await app.db.deleteFrom('lti_launch_states').where('expires_at', '<', isoNow()).execute();
  await app.db
    .insertInto('lti_launch_states')
    .values({
      state,
      platform_id: platform.id,
      nonce,
      created_at: isoNow(),
      expires_at: isoNow(LAUNCH_STATE_TTL_S),
    })
    .execute();
  const request = new URL(platform.auth_url);
  const params: Record<string, string> = {
    scope: 'openid',
    response_type: 'id_token',
    response_mode: 'form_post',
    prompt: 'none',
    client_id: platform.oauth_client_id,
    redirect_uri: `${app.config.publicUrl}/api/${LTI_PATHS.launch}`,
    login_hint: login.login_hint,
    state,
    nonce,
    ...(login.lti_message_hint !== undefined && { lti_message_hint: login.lti_message_hint }),
  };
  for (const [key, value] of Object.entries(params)) request.searchParams.set(key, value);
  return request.toString();
}

/** The state's platform and nonce, used up; 401 for an unknown, used or expired state. */
async function consumeState(db: Db, state: string): Promise<{ platform: PlatformRow; nonce: string }> {
  const row = await db
    .deleteFrom('lti_launch_states')
    .where('state', '=', state)
    .returningAll()
    .executeTakeFirst();
  if (row === undefined || row.expires_at < isoNow()) throw notVerified('unknown, used or expired state');
  const platform = await findPlatform(db, row.platform_id);
  if (platform === undefined) throw notVerified('the platform is no longer registered');
  return { platform, nonce: row.nonce };
}

async function verifiedClaims(
  token: string,
  platform: PlatformRow,
  nonce: string,
  keys: JWTVerifyGetKey,
): Promise<{ claims: MessageClaims; payload: JWTPayload }> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keys, {
      algorithms: ['RS256'],
      issuer: platform.issuer,
      audience: platform.oauth_client_id,
      clockTolerance: CLOCK_TOLERANCE_S,
      maxTokenAge: MAX_TOKEN_AGE_S,
      requiredClaims: ['exp', 'iat', 'sub', 'nonce'],
    }));
  } catch (error) {
    throw notVerified(error instanceof Error ? error.message : 'invalid id_token');
  }
  const claims = parsedClaims(messageClaimsSchema, payload);
  if (claims.nonce !== nonce) throw notVerified('nonce mismatch');
  // OIDC Core §2: azp, required with several audiences, must be Larmor's client id whenever present.
  const severalAudiences = Array.isArray(payload.aud) && payload.aud.length > 1;
  if ((severalAudiences || claims.azp !== undefined) && claims.azp !== platform.oauth_client_id) {
    throw notVerified('azp mismatch');
  }
  if (!deploymentsOf(platform).includes(claims[LTI_CLAIMS.deploymentId]))
    throw notVerified('unknown deployment id');
  return { claims, payload };
}

/** `payload` read by `schema`; 401 naming the first missing or invalid claim. */
export function parsedClaims<T>(schema: z.ZodType<T>, payload: JWTPayload): T {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw notVerified(`missing or invalid claim ${String(parsed.error.issues[0]?.path.join('.') ?? '')}`);
  }
  return parsed.data;
}

/** What a resource link names: a module (custom `module_id`, target `?module=`) or a program (`program_id`, `?program=`). */
function targetOf(claims: LaunchClaims): { kind: 'module' | 'program'; id: string } {
  const custom = claims[LTI_CLAIMS.custom] ?? {};
  const target = claims[LTI_CLAIMS.targetLinkUri];
  const query =
    target !== undefined && URL.canParse(target) ? new URL(target).searchParams : new URLSearchParams();
  for (const kind of ['module', 'program'] as const) {
    const named = custom[`${kind}_id`];
    const id = idSchema.safeParse(typeof named === 'string' ? named : query.get(kind));
    if (id.success) return { kind, id: id.data };
  }
  throw invalidField(
    'id_token',
    'module',
    'The link names no Larmor module or program (module_id, program_id)',
  );
}

/**
 * Verifies a posted id_token (any message type): the state, used up; the signature by the platform's JWKS; iss,
 * aud, azp, exp/iat, the state's nonce, LTI 1.3.0, a registered deployment id.
 */
export async function verifyMessage(
  app: FastifyInstance,
  launch: LtiLaunch,
  keysOf: (url: string) => JWTVerifyGetKey,
): Promise<VerifiedMessage> {
  const { platform, nonce } = await consumeState(app.db, launch.state);
  const verified = await verifiedClaims(launch.id_token, platform, nonce, keysOf(platform.jwks_url));
  return { platform, ...verified };
}

/** A verified resource-link launch: the user's tokens and the page to open. */
export async function completeLaunch(
  app: FastifyInstance,
  message: VerifiedMessage,
): Promise<{ tokens: TokenPair; landing: string }> {
  const { platform } = message;
  const claims = parsedClaims(launchClaimsSchema, message.payload);
  const role = ltiRoleOf(claims[LTI_CLAIMS.roles]);
  if (role === null) throw forbidden('No Larmor role for these LTI roles');
  const target = targetOf(claims);
  const opened =
    target.kind === 'module'
      ? await moduleFor(app.db, platform.client_id, target.id)
      : { ...(await programFor(app.db, platform.client_id, target.id)), labId: null, courseId: null };
  const userId = await app.db.transaction().execute(async (trx) => {
    const id = await accountFor(trx, platform, {
      sub: claims.sub,
      role,
      givenName: claims.given_name,
      familyName: claims.family_name,
    });
    await enrol(trx, id, opened.programId);
    // Grade return and rosters (issue 27.4–5) go by module: a program link records none.
    if (opened.labId !== null) {
      const link = {
        deploymentId: claims[LTI_CLAIMS.deploymentId],
        resourceLinkId: claims[LTI_CLAIMS.resourceLink].id,
        contextId: claims[LTI_AGS_CLAIMS.context]?.id,
        endpoint: claims[LTI_AGS_CLAIMS.endpoint],
        roster: claims[LTI_NRPS_CLAIM],
      };
      await recordLink(trx, platform, link, opened.labId, id);
    }
    return id;
  });
  return {
    tokens: await issueTokens(app, userId),
    landing:
      opened.labId === null
        ? `/browse/${opened.programId}`
        : `/courses/${opened.courseId}/modules/${opened.labId}`,
  };
}
