/**
 * Organisations administration (DESIGN.md §4, §6: calls the spec leaves out, in the same style; documented
 * on the OpenAPI page): organisations (clients) with a licence type, their groups with members, and
 * cohorts within groups. Paths under /api: `v1/clients/`, `v1/groups/`, `v1/cohorts/`.
 *
 * Platform administrators see and manage every organisation; an organisation's administrators (membership
 * role Admin, acting in that organisation's identity) see only their own and may not change its licence.
 */
import { z } from 'zod';
import { idSchema, pageQuerySchema, textSchema, uniqueIdsSchema } from './common.ts';
import { NAME_MAX_LENGTH } from './constants.ts';
import type { LicenseKind } from './me.ts';

/** Organisations, groups and cohorts paths, under /api, with `{name}` path parameters. */
export const ORGANISATION_PATHS = {
  clients: 'v1/clients/',
  client: 'v1/clients/{id}',
  groups: 'v1/groups/',
  group: 'v1/groups/{id}',
  groupMembers: 'v1/groups/{id}/members',
  groupMember: 'v1/groups/{id}/members/{userId}',
  groupCohorts: 'v1/groups/{id}/cohorts',
  cohort: 'v1/cohorts/{id}',
  cohortMembers: 'v1/cohorts/{id}/members',
  cohortMember: 'v1/cohorts/{id}/members/{userId}',
} as const;

/** Licence types of organisations as admins pick them (platform-shell.md §1: Trial, Paid, Internal, Free, Org). */
export const CLIENT_LICENSE_TYPES = ['Trial', 'Paid', 'Internal', 'Free', 'Org'] as const;
export const clientLicenseTypeSchema = z.enum(CLIENT_LICENSE_TYPES);
export type ClientLicenseType = z.infer<typeof clientLicenseTypeSchema>;
/** The licence a new organisation gets (platform-shell.md §1: the default licence is Trial). */
export const DEFAULT_CLIENT_LICENSE_TYPE: ClientLicenseType = 'Trial';

/** Each licence type and the lowercase licence kind (platform-shell.md §1) stored and shown in profiles. */
export const LICENSE_KIND_OF_TYPE: Readonly<Record<ClientLicenseType, LicenseKind>> = {
  Trial: 'trial',
  Paid: 'paid',
  Internal: 'internal',
  Free: 'free',
  Org: 'org',
};

/** The licence type of a stored licence kind. */
export function licenseTypeOfKind(kind: LicenseKind): ClientLicenseType {
  const found = CLIENT_LICENSE_TYPES.find((type) => LICENSE_KIND_OF_TYPE[type] === kind);
  return found ?? DEFAULT_CLIENT_LICENSE_TYPE;
}

/** Most users one members call adds. */
export const MEMBERS_BATCH_MAX = 500;

const organisationNameSchema = textSchema.trim().min(1).max(NAME_MAX_LENGTH);
const uniqueIds = uniqueIdsSchema('An id', { min: 1, max: MEMBERS_BATCH_MAX });

export const idParamsSchema = z.object({ id: idSchema });
export const memberParamsSchema = z.object({ id: idSchema, userId: idSchema });

/** An organisation; `userCount` counts its members. */
export const clientSchema = z.object({
  id: z.string(),
  name: z.string(),
  licenseType: clientLicenseTypeSchema,
  userCount: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type Client = z.infer<typeof clientSchema>;

export const clientListResponseSchema = z.object({ items: z.array(clientSchema), total: z.number().int() });

/** POST v1/clients/ (platform administrators). */
export const clientCreateSchema = z.object({
  name: organisationNameSchema,
  licenseType: clientLicenseTypeSchema.default(DEFAULT_CLIENT_LICENSE_TYPE),
});
export type ClientCreate = z.infer<typeof clientCreateSchema>;

/** PATCH v1/clients/{id}: only platform administrators change the licence. */
export const clientPatchSchema = z.object({
  name: organisationNameSchema.optional(),
  licenseType: clientLicenseTypeSchema.optional(),
});
export type ClientPatch = z.infer<typeof clientPatchSchema>;

/** A group of an organisation, with its member and cohort counts. */
export const groupSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  name: z.string(),
  memberCount: z.number().int().nonnegative(),
  cohortCount: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type Group = z.infer<typeof groupSchema>;

/** GET v1/groups/: the groups of the organisations the caller administers, or of `clientId` only. */
export const groupListQuerySchema = pageQuerySchema.extend({ clientId: idSchema.optional() });
export type GroupListQuery = z.infer<typeof groupListQuerySchema>;
export const groupListResponseSchema = z.object({ items: z.array(groupSchema), total: z.number().int() });

/** POST v1/groups/. */
export const groupCreateSchema = z.object({ clientId: idSchema, name: organisationNameSchema });
export type GroupCreate = z.infer<typeof groupCreateSchema>;
/** PATCH v1/groups/{id} and PATCH v1/cohorts/{id}. */
export const renameSchema = z.object({ name: organisationNameSchema });
export type Rename = z.infer<typeof renameSchema>;

/** A member of a group or cohort. */
export const memberSchema = z.object({
  userId: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.string(),
});
export type Member = z.infer<typeof memberSchema>;
export const membersResponseSchema = z.array(memberSchema);

/** POST v1/groups/{id}/members and POST v1/cohorts/{id}/members: adds users (already members stay). */
export const addMembersSchema = z.object({ userIds: uniqueIds });
export type AddMembers = z.infer<typeof addMembersSchema>;

/** A cohort within a group. */
export const cohortSchema = z.object({
  id: z.string(),
  groupId: z.string(),
  name: z.string(),
  memberCount: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type Cohort = z.infer<typeof cohortSchema>;
export const cohortListResponseSchema = z.array(cohortSchema);
/** POST v1/groups/{id}/cohorts. */
export const cohortCreateSchema = z.object({ name: organisationNameSchema });
export type CohortCreate = z.infer<typeof cohortCreateSchema>;
