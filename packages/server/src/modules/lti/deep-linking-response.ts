/**
 * LTI Deep Linking 2.0, the answer (issue 27.3; LTI Deep Linking 2.0 §3.1, §4.5): the picker's content (the
 * published programs of the platform's organisation), the teacher's choice, and the `LtiDeepLinkingResponse` JWT
 * — signed with the organisation's current key (kid in the header), iss = the client id the platform gave Larmor,
 * aud = the platform's issuer — that an auto-submitting form posts to the platform's return URL.
 *
 * The form is a page of its own, opened with a single-use token: the web app's pages allow form posts to
 * Larmor only (CSP form-action 'self'), while this page allows exactly the return URL's origin.
 */
import {
  LTI_CLAIMS,
  LTI_DEEP_LINKING_PATHS,
  LTI_DL_CLAIMS,
  LTI_LINE_ITEM_SCORE_MAXIMUM,
  LTI_PATHS,
  LTI_RESOURCE_LINK_TYPE,
  type LtiDeepLinkChoice,
  type LtiDeepLinkChosen,
  type LtiDeepLinkRequest,
} from '@larmor/contracts';
import { importJWK, SignJWT } from 'jose';
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { forbidden, notFound } from '../../plugins/errors.ts';
import {
  chooseContent,
  linkableContent,
  liveDeepLink,
  organisationName,
  takeChosenDeepLink,
  type DeepLinkRow,
  type LinkableModule,
} from './deep-links-repository.ts';
import { ensureSigningKey } from './keys.ts';
import { findPlatform, type Db, type PlatformRow } from './repository.ts';

/** How long the response JWT is valid for the platform [s]. */
const RESPONSE_TTL_S = 300;

const random = (): string => randomBytes(32).toString('base64url');
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The resource link Larmor returns (LTI Deep Linking 2.0 §3.1), stored as the teacher's choice. */
const contentItemSchema = z.object({
  type: z.literal(LTI_RESOURCE_LINK_TYPE),
  title: z.string(),
  text: z.string().optional(),
  url: z.string(),
  custom: z.record(z.string(), z.string()),
  lineItem: z
    .object({
      scoreMaximum: z.number(),
      label: z.string(),
      resourceId: z.string(),
      tag: z.string(),
    })
    .optional(),
});
type ContentItem = z.infer<typeof contentItemSchema>;

/** The caller's live request and its platform; 404 for a request of someone else, used or expired. */
async function ownRequest(
  db: Db,
  userId: string,
  linkId: string,
): Promise<{ link: DeepLinkRow; platform: PlatformRow }> {
  const link = await liveDeepLink(db, linkId);
  const platform = link && link.user_id === userId ? await findPlatform(db, link.platform_id) : undefined;
  if (link === undefined || platform === undefined) throw notFound('Deep-linking request');
  return { link, platform };
}

/** Programs → courses → modules, from the flat rows (in their order). */
function programsOf(rows: readonly LinkableModule[]): LtiDeepLinkRequest['programs'] {
  const programs: LtiDeepLinkRequest['programs'] = [];
  for (const row of rows) {
    let program = programs.at(-1);
    if (program?.id !== row.programId) {
      program = { id: row.programId, title: row.programTitle, courses: [] };
      programs.push(program);
    }
    if (row.courseId === null || row.courseTitle === null) continue;
    let course = program.courses.at(-1);
    if (course?.id !== row.courseId) {
      course = { id: row.courseId, title: row.courseTitle, modules: [] };
      program.courses.push(course);
    }
    if (row.labId !== null && row.labTitle !== null)
      course.modules.push({ id: row.labId, title: row.labTitle });
  }
  return programs;
}

/** GET request: what the teacher may link. */
export async function pickerContent(db: Db, userId: string, linkId: string): Promise<LtiDeepLinkRequest> {
  const { link, platform } = await ownRequest(db, userId, linkId);
  return {
    id: link.id,
    platformName: platform.name,
    organisationName: (await organisationName(db, platform.client_id)) ?? '',
    title: link.title,
    programs: programsOf(await linkableContent(db, platform.client_id)),
    expiresAt: link.expires_at,
  };
}

/** The content item of a choice; 403 unless it is a published module or program of the organisation. */
async function contentItemOf(
  db: Db,
  platform: PlatformRow,
  choice: LtiDeepLinkChoice,
  publicUrl: string,
  withLineItem: boolean,
): Promise<ContentItem> {
  const rows = await linkableContent(
    db,
    platform.client_id,
    choice.kind === 'module' ? { labId: choice.id } : { programId: choice.id },
  );
  const row = rows[0];
  if (row === undefined) {
    throw forbidden(`This ${choice.kind} is not one the organisation's published programs offer`);
  }
  const title = choice.kind === 'module' ? (row.labTitle ?? '') : row.programTitle;
  const target = new URL(`${publicUrl}/api/${LTI_PATHS.launch}`);
  target.searchParams.set(choice.kind, choice.id);
  return {
    type: LTI_RESOURCE_LINK_TYPE,
    title,
    ...(choice.kind === 'module' && { text: `${row.programTitle} › ${row.courseTitle ?? ''}` }),
    url: target.toString(),
    custom: { [`${choice.kind}_id`]: choice.id },
    ...(withLineItem && {
      lineItem: {
        scoreMaximum: LTI_LINE_ITEM_SCORE_MAXIMUM,
        label: title,
        resourceId: choice.id,
        tag: choice.kind,
      },
    }),
  };
}

/** POST request: records the teacher's choice; answers the single-use URL of the form that returns it. */
export async function chooseLink(
  db: Db,
  userId: string,
  linkId: string,
  choice: LtiDeepLinkChoice,
  publicUrl: string,
): Promise<LtiDeepLinkChosen> {
  const { link, platform } = await ownRequest(db, userId, linkId);
  const item = await contentItemOf(db, platform, choice, publicUrl, link.accept_line_item === 1);
  const token = random();
  await chooseContent(db, link.id, JSON.stringify(item), sha256(token));
  const url = new URL(`${publicUrl}/api/${LTI_DEEP_LINKING_PATHS.response}`);
  url.searchParams.set('token', token);
  return { responseUrl: url.toString() };
}

/** The LtiDeepLinkingResponse JWT of a chosen request, signed with the organisation's current key. */
export async function responseJwt(db: Db, link: DeepLinkRow, platform: PlatformRow): Promise<string> {
  const item = contentItemSchema.parse(JSON.parse(link.content_item ?? 'null') as unknown);
  const key = await ensureSigningKey(db, platform.client_id);
  const privateKey = await importJWK(JSON.parse(key.private_jwk) as Record<string, unknown>, 'RS256');
  const nowS = Math.floor(Date.now() / 1000);
  return new SignJWT({
    nonce: random(),
    [LTI_CLAIMS.messageType]: 'LtiDeepLinkingResponse',
    [LTI_CLAIMS.version]: '1.3.0',
    [LTI_CLAIMS.deploymentId]: link.deployment_id,
    [LTI_DL_CLAIMS.contentItems]: [item],
    ...(link.data !== null && { [LTI_DL_CLAIMS.data]: link.data }),
  })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .setIssuer(platform.oauth_client_id)
    .setAudience(platform.issuer)
    .setIssuedAt(nowS)
    .setExpirationTime(nowS + RESPONSE_TTL_S)
    .sign(privateKey);
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page that posts `jwt` to `returnUrl` at once (a button does it where scripts do not run). */
export function autoPostPage(returnUrl: string, jwt: string, platformName: string, nonce: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Returning to ${escapeHtml(platformName)}</title></head>
<body>
<form id="deep-linking-response" method="post" action="${escapeHtml(returnUrl)}">
<input type="hidden" name="JWT" value="${escapeHtml(jwt)}">
<p>Returning to ${escapeHtml(platformName)}…</p>
<button type="submit">Return to ${escapeHtml(platformName)}</button>
</form>
<script nonce="${nonce}">document.getElementById('deep-linking-response').submit();</script>
</body>
</html>
`;
}

/** The page's Content-Security-Policy: its one script, form posts to the return URL's origin only. */
export function autoPostPolicy(returnUrl: string, nonce: string, frameAncestors: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `form-action ${new URL(returnUrl).origin}`,
    `frame-ancestors ${frameAncestors}`,
    "base-uri 'none'",
  ].join('; ');
}

/** GET response: the chosen request of `token`, used up, with its platform and the signed response. */
export async function takeResponse(
  db: Db,
  token: string,
): Promise<{ returnUrl: string; jwt: string; platformName: string; nonce: string }> {
  const link = await takeChosenDeepLink(db, sha256(token));
  const platform = link === undefined ? undefined : await findPlatform(db, link.platform_id);
  if (link === undefined || platform === undefined) throw notFound('Deep-linking response');
  return {
    returnUrl: link.return_url,
    jwt: await responseJwt(db, link, platform),
    platformName: platform.name,
    nonce: random(),
  };
}
