/**
 * LTI 1.3 (issue 27; IMS LTI 1.3 Core, IMS Security Framework 1.0): an organisation's administrators register the
 * learning platforms (Moodle, Canvas, Blackboard, Brightspace) that launch Larmor, and copy Larmor's tool
 * configuration into them. Each organisation has its own signing keys, published as a JWKS and rotatable.
 * Paths under /api; `{id}` is the organisation (client).
 */
import { z } from 'zod';
import { idSchema, patchOfSchema, textSchema, timestampSchema } from './common.ts';
import { NAME_MAX_LENGTH } from './constants.ts';

/** LTI paths, under /api, with `{name}` path parameters. */
export const LTI_PATHS = {
  platforms: 'v1/clients/{id}/lti/platforms',
  platform: 'v1/clients/{id}/lti/platforms/{platformId}',
  tool: 'v1/clients/{id}/lti/tool',
  rotateKeys: 'v1/clients/{id}/lti/keys/rotate',
  /** Public: the organisation's signing keys (RFC 7517 JWK Set). */
  jwks: 'v1/lti/{id}/jwks',
  /** Public: OIDC third-party login initiation (LTI 1.3 Core §4.1; IMS Security Framework §5.1.1.1). */
  login: 'v1/lti/login',
  /** Public: the redirect URI the platform posts the id_token to (form_post). */
  launch: 'v1/lti/launch',
} as const;

/** Most deployment ids one platform registration holds. */
export const LTI_DEPLOYMENTS_MAX = 50;
/** Longest issuer, client id, deployment id or URL accepted [characters]. */
export const LTI_FIELD_MAX_LENGTH = 1000;
/** How long a retired signing key stays in the JWKS, so platforms that cached it still verify [s]. */
export const LTI_RETIRED_KEY_GRACE_S = 7 * 24 * 3600;

const field = textSchema.trim().min(1, 'Required').max(LTI_FIELD_MAX_LENGTH);

/** An absolute https URL without credentials or fragment (LTI 1.3 Core §3.1: TLS for every exchange). */
export const ltiUrlSchema = field.refine(
  (text) => {
    if (!URL.canParse(text)) return false;
    const url = new URL(text);
    return url.protocol === 'https:' && !url.username && !url.password && !url.hash;
  },
  { message: 'Must be an absolute https URL without user name, password or fragment' },
);

/** Most frame origins one platform registration lists. */
export const LTI_FRAME_ORIGINS_MAX = 20;

/** An https origin (scheme, host, port; no path): where the platform shows Larmor in a frame. */
const frameOriginSchema = field.refine(
  (text) =>
    URL.canParse(text) &&
    new URL(text).protocol === 'https:' &&
    new URL(text).origin === text.replace(/\/$/, ''),
  { message: 'Must be an https origin such as https://school.instructure.com' },
);

const deploymentIdsSchema = z
  .array(field)
  .min(1, 'At least one deployment id')
  .max(LTI_DEPLOYMENTS_MAX, `At most ${LTI_DEPLOYMENTS_MAX} deployment ids`)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'Deployment ids must be unique' });

/** A platform registration as an administrator writes it. */
export const ltiPlatformCreateSchema = z.strictObject({
  /** The name administrators see ("Moodle — School of Radiography"). */
  name: textSchema.trim().min(1, 'Required').max(NAME_MAX_LENGTH),
  /** The platform's issuer (`iss` of its id_tokens). */
  issuer: ltiUrlSchema,
  /** The client id the platform gave Larmor (`aud` of its id_tokens). */
  clientId: field,
  /** The deployment ids of Larmor in that platform (`…/claim/deployment_id`). */
  deploymentIds: deploymentIdsSchema,
  /** The platform's public keys (JWKS URL). */
  jwksUrl: ltiUrlSchema,
  /** The platform's OIDC authentication request endpoint. */
  authUrl: ltiUrlSchema,
  /** The platform's OAuth 2.0 token endpoint (for grade return and rosters). */
  tokenUrl: ltiUrlSchema,
  /**
   * Origins that show Larmor in a frame besides the issuer's and the authentication URL's (e.g. a Canvas school's
   * https://school.instructure.com, whose issuer is https://canvas.instructure.com).
   */
  frameOrigins: z.array(frameOriginSchema).max(LTI_FRAME_ORIGINS_MAX).optional(),
});
export type LtiPlatformCreate = z.infer<typeof ltiPlatformCreateSchema>;

/** Changes to a registration: any field of the create body. */
export const ltiPlatformPatchSchema = patchOfSchema(ltiPlatformCreateSchema);
export type LtiPlatformPatch = z.infer<typeof ltiPlatformPatchSchema>;

/** A registered platform. */
export const ltiPlatformSchema = z.object({
  id: idSchema,
  organisationId: idSchema,
  name: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  deploymentIds: z.array(z.string()),
  jwksUrl: z.string(),
  authUrl: z.string(),
  tokenUrl: z.string(),
  frameOrigins: z.array(z.string()),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type LtiPlatform = z.infer<typeof ltiPlatformSchema>;

export const ltiPlatformListSchema = z.object({ items: z.array(ltiPlatformSchema) });
export type LtiPlatformList = z.infer<typeof ltiPlatformListSchema>;

export const ltiOrganisationParamsSchema = z.object({ id: idSchema });
export const ltiPlatformParamsSchema = z.object({ id: idSchema, platformId: idSchema });

/** One of the organisation's signing keys (public part only). */
export const ltiKeySchema = z.object({
  /** The key id (`kid`). */
  kid: z.string(),
  createdAt: timestampSchema,
  /** When a rotation replaced it; null for the key that signs now. */
  retiredAt: timestampSchema.nullable(),
});
export type LtiKey = z.infer<typeof ltiKeySchema>;

/** What an administrator copies into the platform: Larmor's end points and keys for this organisation. */
export const ltiToolConfigurationSchema = z.object({
  /** OIDC login initiation URL. */
  loginUrl: z.string(),
  /** Redirect URL (where launches are posted). */
  redirectUrl: z.string(),
  /** Target link URI of a module: this with `?module=<module id>` (or a program: `?program=<program id>`). */
  targetLinkUrl: z.string(),
  /** Deep-linking URL (issue 27.3): the target link URI of the platform's deep-linking (content selection) requests. */
  deepLinkingUrl: z.string(),
  /** Larmor's public keys for this organisation (JWKS URL). */
  jwksUrl: z.string(),
  /** The keys in the JWKS, the signing one first. */
  keys: z.array(ltiKeySchema),
});
export type LtiToolConfiguration = z.infer<typeof ltiToolConfigurationSchema>;

/** A public JSON Web Key of the JWKS (RSA, RS256). */
export const ltiPublicJwkSchema = z.object({
  kty: z.literal('RSA'),
  n: z.string(),
  e: z.string(),
  kid: z.string(),
  alg: z.literal('RS256'),
  use: z.literal('sig'),
});
export const ltiJwksSchema = z.object({ keys: z.array(ltiPublicJwkSchema) });
export type LtiJwks = z.infer<typeof ltiJwksSchema>;

/** OIDC login initiation parameters (query or form; IMS Security Framework §5.1.1.1, LTI 1.3 Core §4.1). */
export const ltiLoginSchema = z.object({
  iss: field,
  login_hint: field,
  target_link_uri: field,
  lti_message_hint: field.optional(),
  lti_deployment_id: field.optional(),
  client_id: field.optional(),
});
export type LtiLogin = z.infer<typeof ltiLoginSchema>;

/** Longest id_token accepted [characters]. */
export const LTI_ID_TOKEN_MAX_LENGTH = 65_536;

/** What the platform posts to the redirect URI (form_post). */
export const ltiLaunchSchema = z.object({
  id_token: z.string().min(1, 'Required').max(LTI_ID_TOKEN_MAX_LENGTH),
  state: z.string().min(1, 'Required').max(200),
});
export type LtiLaunch = z.infer<typeof ltiLaunchSchema>;

/** The LTI claims Larmor reads (LTI 1.3 Core §5.3–5.4). */
export const LTI_CLAIMS = {
  messageType: 'https://purl.imsglobal.org/spec/lti/claim/message_type',
  version: 'https://purl.imsglobal.org/spec/lti/claim/version',
  deploymentId: 'https://purl.imsglobal.org/spec/lti/claim/deployment_id',
  targetLinkUri: 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri',
  resourceLink: 'https://purl.imsglobal.org/spec/lti/claim/resource_link',
  roles: 'https://purl.imsglobal.org/spec/lti/claim/roles',
  custom: 'https://purl.imsglobal.org/spec/lti/claim/custom',
} as const;

/** Context (membership) roles that make a Teacher in Larmor; Learner makes a Student (LTI 1.3 Core §A.2.3). */
const TEACHING_ROLES = new Set([
  'Instructor',
  'ContentDeveloper',
  'Mentor',
  'Administrator',
  'TeachingAssistant',
]);
const MEMBERSHIP_ROLE = 'http://purl.imsglobal.org/vocab/lis/v2/membership';

/**
 * The Larmor role of a launch's LTI roles: Teacher for an instructor-like context role, else Student for Learner,
 * else null (no role Larmor knows). Only context roles count (full `…/membership#Role` or
 * `…/membership/Role#SubRole` URIs, or the deprecated simple names); institution and system roles do not.
 */
export function ltiRoleOf(roles: readonly string[]): 'Teacher' | 'Student' | null {
  const names = roles.flatMap((role) => {
    if (!role.includes('/')) return [role];
    if (!role.startsWith(MEMBERSHIP_ROLE)) return [];
    const rest = role.slice(MEMBERSHIP_ROLE.length);
    // "#Instructor", or "/Instructor#TeachingAssistant" (a sub-role of Instructor).
    return rest.startsWith('#') ? [rest.slice(1)] : rest.startsWith('/') ? rest.slice(1).split('#') : [];
  });
  if (names.some((name) => TEACHING_ROLES.has(name))) return 'Teacher';
  return names.includes('Learner') ? 'Student' : null;
}
