/**
 * LTI Names and Role Provisioning Services 2.0 (issue 27.5; IMS NRPS 2.0): a launch's service claim names its
 * context's membership URL; a teacher syncs a module's roster from it — every active member with a Larmor role
 * is matched by the platform and `sub` (never by e-mail) or created in the organisation, and enrolled in the
 * module's program, as a launch would.
 */
import { z } from 'zod';
import { idSchema } from './common.ts';

export const LTI_NRPS_PATHS = {
  /** POST (staff): sync the roster of every platform link of the module in the caller's organisation. */
  rosterSync: 'v1/modules/{labId}/lti/roster-sync',
} as const;

/** The NRPS claim of a launch (NRPS 2.0 §3.6.1). */
export const LTI_NRPS_CLAIM = 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice';
/** The scope of a membership read (NRPS 2.0 §3.6.1.1). */
export const LTI_NRPS_SCOPE = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';
/** The media type of a membership container (NRPS 2.0 §2.2). */
export const LTI_MEMBERSHIP_MEDIA_TYPE = 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json';
/** Most pages of one roster read, and most members taken from one roster. */
export const LTI_ROSTER_PAGES_MAX = 100;
export const LTI_ROSTER_MEMBERS_MAX = 10_000;

export const ltiNrpsClaimSchema = z.object({
  context_memberships_url: z.string(),
  service_versions: z.array(z.string()).optional(),
});

/** One member of a membership container page (NRPS 2.0 §2.2; only what Larmor reads). */
export const ltiMemberSchema = z.object({
  user_id: z.string().min(1).max(255),
  roles: z.array(z.string()),
  status: z.enum(['Active', 'Inactive', 'Deleted']).optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
});
export type LtiMember = z.infer<typeof ltiMemberSchema>;

export const ltiMembershipContainerSchema = z.object({
  id: z.string().optional(),
  members: z.array(z.unknown()),
});

export const ltiRosterSyncParamsSchema = z.object({ labId: idSchema });

/** What a roster sync did. */
export const ltiRosterSyncResultSchema = z.object({
  /** Platform links of the module whose roster was read. */
  links: z.number().int().min(0),
  /** Members read (every status). */
  members: z.number().int().min(0),
  /** Larmor accounts made for members not seen before. */
  created: z.number().int().min(0),
  /** Members newly enrolled in the module's program. */
  enrolled: z.number().int().min(0),
  /**
   * Members left out: not active, no Larmor role (neither Learner nor an instructor-like role), a malformed
   * entry, or a deactivated account.
   */
  skipped: z.number().int().min(0),
});
export type LtiRosterSyncResult = z.infer<typeof ltiRosterSyncResultSchema>;
