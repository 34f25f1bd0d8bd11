import { z } from 'zod';

/** The caller's own profile calls (platform-shell.md §7), under /api; `me/` keeps its trailing slash. */
export const ME_PATHS = { me: 'me/', changePassword: 'me/change-password', terms: 'me/terms' } as const;

/** Lowercase licence kinds (platform-shell.md §1). */
export const LICENSE_KINDS = ['internal', 'paid', 'trial', 'free', 'org'] as const;
export const licenseKindSchema = z.enum(LICENSE_KINDS);
export type LicenseKind = z.infer<typeof licenseKindSchema>;
/** The licence every new organisation gets (platform-shell.md §1). */
export const DEFAULT_LICENSE_KIND: LicenseKind = 'trial';

/** The profile of GET me/ (platform-shell.md §3). `license` is the active identity's licence kind. */
export const profileSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  name: z.string(),
  clients: z.array(z.object({ id: z.string(), name: z.string() })),
  terms_ack: z.boolean(),
  first_login: z.boolean(),
  license: licenseKindSchema.nullable(),
  groups: z.array(z.object({ name: z.string() })),
});
export type Profile = z.infer<typeof profileSchema>;

/** GET me/ answers `{user: profile}`. */
export const meResponseSchema = z.object({ user: profileSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;

/** PUT me/terms: only acceptance is recorded; declining is a client-side logout. */
export const termsRequestSchema = z.object({ accept: z.literal(true) });
export type TermsRequest = z.infer<typeof termsRequestSchema>;
