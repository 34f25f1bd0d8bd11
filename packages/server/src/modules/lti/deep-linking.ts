/**
 * LTI Deep Linking 2.0, the request (issue 27.3; LTI Deep Linking 2.0 §4.4): an `LtiDeepLinkingRequest` posted to
 * the launch or the deep-linking URL is verified as a launch is (launch.ts: state, signature, nonce, deployment),
 * then: only an instructor-like role may link content (403), and the deep_linking_settings claim must name an
 * https return URL and accept `ltiResourceLink` (400). Nothing is written before these pass; then the teacher's
 * account (as a launch finds or makes it) and the pending request are written in one transaction, and the
 * teacher is signed in on the picker.
 */
import {
  LTI_CLAIMS,
  LTI_DEEP_LINK_TTL_S,
  LTI_DL_CLAIMS,
  LTI_RESOURCE_LINK_TYPE,
  ltiRoleOf,
  type LtiLaunch,
  type TokenPair,
} from '@larmor/contracts';
import type { FastifyInstance } from 'fastify';
import type { JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import { isoNow, newId } from '../../db/ids.ts';
import { forbidden, invalidField } from '../../plugins/errors.ts';
import { issueTokens } from '../auth/sessions.ts';
import { accountFor } from './accounts.ts';
import { insertDeepLink } from './deep-links-repository.ts';
import { completeLaunch, parsedClaims, verifyMessage, type VerifiedMessage } from './launch.ts';

const DEEP_LINKING_REQUEST = 'LtiDeepLinkingRequest';
/** Longest return URL accepted [characters]. */
const RETURN_URL_MAX_LENGTH = 2048;
/** The picker's page in the web app. */
export const pickerPath = (linkId: string): string => `/lti/deep-linking/${linkId}`;

/** The deep_linking_settings claim (LTI Deep Linking 2.0 §4.4.1); what Larmor reads of it. */
const settingsSchema = z.object({
  deep_link_return_url: z.string().min(1),
  accept_types: z.array(z.string()).min(1),
  accept_presentation_document_targets: z.array(z.string()).optional(),
  accept_multiple: z.boolean().optional(),
  accept_lineitem: z.boolean().optional(),
  title: z.string().optional(),
  data: z.string().optional(),
});
type Settings = z.infer<typeof settingsSchema>;

/** The deployment id of a deep-linking message (its other claims are read by verifyMessage). */
const requestClaimsSchema = z.object({
  [LTI_CLAIMS.messageType]: z.literal(DEEP_LINKING_REQUEST),
  [LTI_CLAIMS.deploymentId]: z.string(),
});

/** An absolute https URL without credentials (LTI 1.3 Core §3.1: TLS for every exchange). */
function isHttpsUrl(text: string): boolean {
  if (text.length > RETURN_URL_MAX_LENGTH || !URL.canParse(text)) return false;
  const url = new URL(text);
  return url.protocol === 'https:' && !url.username && !url.password;
}

/** The request's settings; 400 naming the claim or field at fault. */
function settingsOf(payload: Record<string, unknown>): Settings {
  const claim = payload[LTI_DL_CLAIMS.settings];
  if (claim === undefined)
    throw invalidField('deep_linking_settings', 'required', 'The deep-linking request has no settings claim');
  const parsed = settingsSchema.safeParse(claim);
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? 'deep_linking_settings');
    throw invalidField(field, 'invalid', `The deep-linking settings' ${field} is missing or invalid`);
  }
  const settings = parsed.data;
  if (!isHttpsUrl(settings.deep_link_return_url)) {
    throw invalidField(
      'deep_link_return_url',
      'https',
      'The deep-link return URL must be an absolute https URL',
    );
  }
  if (!settings.accept_types.includes(LTI_RESOURCE_LINK_TYPE)) {
    throw invalidField(
      'accept_types',
      LTI_RESOURCE_LINK_TYPE,
      'The platform does not accept LTI resource links',
    );
  }
  return settings;
}

/** A verified deep-linking request: the teacher's tokens and the picker to open. */
export async function startDeepLinking(
  app: FastifyInstance,
  message: VerifiedMessage,
): Promise<{ tokens: TokenPair; landing: string }> {
  const { platform, claims, payload } = message;
  const request = parsedClaims(requestClaimsSchema, payload);
  if (ltiRoleOf(claims[LTI_CLAIMS.roles]) !== 'Teacher')
    throw forbidden('Only an instructor can link Larmor content (deep linking)');
  const settings = settingsOf(payload);
  const linkId = newId();
  const userId = await app.db.transaction().execute(async (trx) => {
    const id = await accountFor(trx, platform, {
      sub: claims.sub,
      role: 'Teacher',
      givenName: claims.given_name,
      familyName: claims.family_name,
    });
    await insertDeepLink(trx, {
      id: linkId,
      platform_id: platform.id,
      user_id: id,
      deployment_id: request[LTI_CLAIMS.deploymentId],
      return_url: settings.deep_link_return_url,
      data: settings.data ?? null,
      title: settings.title ?? null,
      accept_line_item: settings.accept_lineitem === false ? 0 : 1,
      content_item: null,
      response_token_hash: null,
      created_at: isoNow(),
      expires_at: isoNow(LTI_DEEP_LINK_TTL_S),
    });
    return id;
  });
  return { tokens: await issueTokens(app, userId), landing: pickerPath(linkId) };
}

/**
 * A message posted to the launch or the deep-linking URL, verified and answered by its type: a deep-linking
 * request opens the picker; anything else must be a resource-link launch.
 */
export async function answerMessage(
  app: FastifyInstance,
  posted: LtiLaunch,
  keysOf: (url: string) => JWTVerifyGetKey,
): Promise<{ tokens: TokenPair; landing: string }> {
  const message = await verifyMessage(app, posted, keysOf);
  return message.claims[LTI_CLAIMS.messageType] === DEEP_LINKING_REQUEST
    ? startDeepLinking(app, message)
    : completeLaunch(app, message);
}
