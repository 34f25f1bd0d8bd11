import { z } from 'zod';
import { idSchema } from './common.ts';

/** The caller's identities (platform-shell.md §7), under /api, with `{name}` path parameters. */
export const IDENTITY_PATHS = {
  identities: 'v2/me/identities',
  switch: 'v2/me/identities/{id}/switch',
} as const;

/** Licence types of identities (platform-shell.md §3). */
export const IDENTITY_LICENSE_TYPES = ['FREE', 'PAID', 'ORG'] as const;
export const identityLicenseTypeSchema = z.enum(IDENTITY_LICENSE_TYPES);
export type IdentityLicenseType = z.infer<typeof identityLicenseTypeSchema>;

/**
 * A workspace the user can act in: one per organisation membership, or the user's individual access
 * (free or paid plan). `clientUserCount` is the number of members of the organisation (1 for individual access).
 */
export const identitySchema = z.object({
  id: z.string(),
  clientName: z.string(),
  isActive: z.boolean(),
  isIndividualAccess: z.boolean(),
  licenseType: identityLicenseTypeSchema,
  clientUserCount: z.number().int().nonnegative(),
});
export type Identity = z.infer<typeof identitySchema>;

/** GET /v2/me/identities. */
export const identitiesResponseSchema = z.array(identitySchema);
export type IdentitiesResponse = z.infer<typeof identitiesResponseSchema>;

/** POST v2/me/identities/{id}/switch answers a token pair (auth.ts tokenPairSchema). */
export const switchIdentityParamsSchema = z.object({ id: idSchema });
