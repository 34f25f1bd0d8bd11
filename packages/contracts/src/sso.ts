/**
 * OpenID Connect single sign-on per organisation (issue 27.6): an organisation's administrators configure their
 * identity provider (a school's Microsoft Entra ID, Google Workspace, …); the sign-in page offers a button per
 * enabled provider. Paths under /api; `{id}` is the organisation (client). The client secret is written, never
 * read back: answers say only that it is set.
 */
import { z } from 'zod';
import { idSchema, patchOfSchema, textSchema, timestampSchema } from './common.ts';
import { NAME_MAX_LENGTH } from './constants.ts';
import { ltiUrlSchema } from './lti.ts';

/** SSO paths, under /api, with `{name}` path parameters. */
export const SSO_PATHS = {
  providers: 'v1/clients/{id}/sso/providers',
  provider: 'v1/clients/{id}/sso/providers/{providerId}',
  /** Public: the enabled providers the sign-in page offers (ids and display names only). */
  signInOptions: 'v1/sso/providers',
  /** Public: the browser starts a sign-in here and is sent on to the provider (302). */
  start: 'v1/sso/{providerId}/start',
  /** Public: the redirect URI the provider sends the browser back to (authorization code). */
  callback: 'v1/sso/callback',
} as const;

/** Longest client id or client secret accepted [characters]. */
export const SSO_FIELD_MAX_LENGTH = 1000;
/** Longest e-mail domain accepted (RFC 1035 §2.3.4) [characters]. */
export const SSO_DOMAIN_MAX_LENGTH = 253;
/** The roles a provider's new users may get. */
export const SSO_ROLES = ['Student', 'Teacher'] as const;

const field = textSchema.trim().min(1, 'Required').max(SSO_FIELD_MAX_LENGTH);

/** A DNS domain name such as school.example (lower-cased; no scheme, no `@`). */
export const ssoEmailDomainSchema = textSchema
  .trim()
  .toLowerCase()
  .max(SSO_DOMAIN_MAX_LENGTH)
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, {
    message: 'Must be a domain name such as school.example',
  });

/** A provider as an administrator writes it. */
export const ssoProviderCreateSchema = z.strictObject({
  /** The button's text on the sign-in page ("Sign in with Contoso Microsoft"). */
  name: textSchema.trim().min(1, 'Required').max(NAME_MAX_LENGTH),
  /** The provider's issuer identifier (its discovery document is at `{issuer}/.well-known/openid-configuration`). */
  issuer: ltiUrlSchema,
  /** The client id the provider gave Larmor. */
  clientId: field,
  /** The client secret the provider gave Larmor; stored, never answered. */
  clientSecret: field,
  /** Only users whose e-mail (from the verified id_token) is in this domain may sign in; null: any. */
  emailDomain: ssoEmailDomainSchema.nullable().optional(),
  /** The role a new user gets in the organisation. */
  defaultRole: z.enum(SSO_ROLES),
  /** Whether the sign-in page offers the provider. */
  enabled: z.boolean(),
});
export type SsoProviderCreate = z.infer<typeof ssoProviderCreateSchema>;

/** Changes to a provider: any field of the create body (a left-out client secret stays as it is). */
export const ssoProviderPatchSchema = patchOfSchema(ssoProviderCreateSchema);
export type SsoProviderPatch = z.infer<typeof ssoProviderPatchSchema>;

/** A configured provider, as its administrators read it. */
export const ssoProviderSchema = z.object({
  id: idSchema,
  organisationId: idSchema,
  name: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  /** Always true: a provider has a secret, which is never answered. */
  clientSecretSet: z.literal(true),
  emailDomain: z.string().nullable(),
  defaultRole: z.enum(SSO_ROLES),
  enabled: z.boolean(),
  /** Larmor's redirect URI, to register at the provider. */
  redirectUrl: z.string(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type SsoProvider = z.infer<typeof ssoProviderSchema>;

export const ssoProviderListSchema = z.object({ items: z.array(ssoProviderSchema) });
export type SsoProviderList = z.infer<typeof ssoProviderListSchema>;

export const ssoOrganisationParamsSchema = z.object({ id: idSchema });
export const ssoProviderParamsSchema = z.object({ id: idSchema, providerId: idSchema });
export const ssoStartParamsSchema = z.object({ providerId: idSchema });

/** One sign-in option: what the sign-in page needs for a button, nothing more. */
export const ssoSignInOptionSchema = z.object({ id: idSchema, name: z.string() });
export type SsoSignInOption = z.infer<typeof ssoSignInOptionSchema>;
export const ssoSignInOptionListSchema = z.object({ items: z.array(ssoSignInOptionSchema) });
export type SsoSignInOptionList = z.infer<typeof ssoSignInOptionListSchema>;

/** Longest query parameter the callback reads [characters]. */
const CALLBACK_FIELD_MAX_LENGTH = 4096;
const callbackField = z.string().max(CALLBACK_FIELD_MAX_LENGTH).optional();

/** The authorization response's query (RFC 6749 §4.1.2, §4.1.2.1; RFC 9207 `iss`). */
export const ssoCallbackQuerySchema = z.object({
  code: callbackField,
  state: callbackField,
  iss: callbackField,
  error: callbackField,
  error_description: callbackField,
  session_state: callbackField,
});
export type SsoCallbackQuery = z.infer<typeof ssoCallbackQuerySchema>;
