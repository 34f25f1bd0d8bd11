/**
 * User administration calls (platform-shell.md §7 "User administration calls"): list, get, create, patch,
 * delete, bulk patch, put many and import. Paths are under /api: `v1/users/`, `v1/users/{id}`, `v1/users/import`.
 *
 * Roles: `role` is the user's platform role. Admin there makes a platform administrator (admin in every
 * workspace, sees every organisation), which only platform administrators may grant; an organisation's
 * administrators are users with a membership whose role is Admin.
 */
import { z } from 'zod';
import {
  emailSchema,
  idSchema,
  pageOfSchema,
  pageQuerySchema,
  personNameSchema,
  textSchema,
  uniqueIdsSchema,
  usernameSchema,
} from './common.ts';
import { newPasswordSchema } from './new-passwords.ts';
import { USER_LIST_DEFAULT_ORDER_BY, USER_LIST_DEFAULT_ORDER_DIR } from './constants.ts';
import { roleSchema } from './roles.ts';

/** User administration paths, under /api, with `{name}` path parameters; `v1/users/` keeps its trailing slash. */
export const USER_PATHS = {
  users: 'v1/users/',
  user: 'v1/users/{id}',
  import: 'v1/users/import',
} as const;

/** Largest number of users one PUT v1/users/ or bulk PATCH v1/users/ call touches. */
export const USER_BATCH_MAX = 500;
/** Largest import file POST v1/users/import accepts [bytes] (5 MiB); larger files answer 413. */
export const USER_IMPORT_MAX_BYTES = 5 * 1_048_576;
/** Largest number of data rows an import file may hold. */
export const USER_IMPORT_MAX_ROWS = 5_000;
/** File extensions the import reads: CSV (papaparse) and XLSX (exceljs). */
export const USER_IMPORT_EXTENSIONS = ['csv', 'xlsx'] as const;
/** Longest name search of the user list [characters]. */
export const USER_SEARCH_MAX_LENGTH = 100;
/** Most organisations and groups one user body may name. */
export const USER_MAX_MEMBERSHIPS = 50;

/** Columns the user list may be ordered by. */
export const USER_ORDER_COLUMNS = [
  'created_at',
  'updated_at',
  'username',
  'email',
  'first_name',
  'last_name',
  'role',
] as const;
export const userOrderColumnSchema = z.enum(USER_ORDER_COLUMNS);
export type UserOrderColumn = z.infer<typeof userOrderColumnSchema>;

/** Account states: pending until the user sets a password (activation mail), deactivated by an admin. */
export const USER_STATUSES = ['pending', 'active', 'deactivated'] as const;
export const userStatusSchema = z.enum(USER_STATUSES);
export type UserStatusName = z.infer<typeof userStatusSchema>;

/** A membership of an organisation (client) with the role held there. */
export const membershipInputSchema = z.object({ clientId: idSchema, role: roleSchema });
export type MembershipInput = z.infer<typeof membershipInputSchema>;

const membershipsSchema = z
  .array(membershipInputSchema)
  .max(USER_MAX_MEMBERSHIPS)
  .refine((list) => new Set(list.map((m) => m.clientId)).size === list.length, {
    message: 'An organisation appears twice',
    params: { rule: 'unique' },
  });
const groupIdsSchema = uniqueIdsSchema('A group', { max: USER_MAX_MEMBERSHIPS });

/**
 * The user body of POST v1/users/. Without `password` the user is created pending and an activation mail
 * with a link to choose a password goes out; with one, the user is active and must change it at first
 * login. Without `memberships`, an organisation administrator's new user joins the administrator's active
 * organisation with `role`. `groupIds` name groups of the user's organisations.
 */
export const userCreateSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  firstName: personNameSchema,
  lastName: personNameSchema,
  role: roleSchema,
  password: newPasswordSchema.optional(),
  memberships: membershipsSchema.optional(),
  groupIds: groupIdsSchema.optional(),
});
export type UserCreate = z.infer<typeof userCreateSchema>;

/**
 * The user body of PATCH v1/users/{id}: any subset of the fields. `memberships` and `groupIds` replace those
 * within the organisations the caller administers; a new `role` without `memberships` also becomes the role
 * held in those organisations. `active: false` deactivates and signs the user out. A new `password` must
 * be changed by the user at the next sign-in.
 */
export const userPatchSchema = z.object({
  username: usernameSchema.optional(),
  email: emailSchema.optional(),
  firstName: personNameSchema.optional(),
  lastName: personNameSchema.optional(),
  role: roleSchema.optional(),
  password: newPasswordSchema.optional(),
  active: z.boolean().optional(),
  memberships: membershipsSchema.optional(),
  groupIds: groupIdsSchema.optional(),
});
export type UserPatch = z.infer<typeof userPatchSchema>;

export const userIdParamsSchema = z.object({ id: idSchema });

/** A user as the administration calls answer it. Timestamps are ISO 8601 UTC. */
export const adminUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: roleSchema,
  status: userStatusSchema,
  active: z.boolean(),
  termsAck: z.boolean(),
  firstLogin: z.boolean(),
  memberships: z.array(z.object({ clientId: z.string(), clientName: z.string(), role: roleSchema })),
  groups: z.array(z.object({ id: z.string(), name: z.string(), clientId: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** Query of GET v1/users/ (platform-shell.md §7, §9); `name` searches username, first and last name and e-mail. */
export const userListQuerySchema = pageQuerySchema.extend({
  order_by: userOrderColumnSchema.default(USER_LIST_DEFAULT_ORDER_BY),
  order_dir: z.enum(['asc', 'desc']).default(USER_LIST_DEFAULT_ORDER_DIR),
  name: textSchema.trim().max(USER_SEARCH_MAX_LENGTH).optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const userListResponseSchema = pageOfSchema(adminUserSchema);
export type UserListResponse = z.infer<typeof userListResponseSchema>;

/** PATCH v1/users/: one change applied to many users, all or none. `groupIds` replaces group memberships. */
export const userBulkUpdateSchema = z.object({
  ids: uniqueIdsSchema('An id', { min: 1, max: USER_BATCH_MAX }),
  changes: z
    .object({
      role: roleSchema.optional(),
      active: z.boolean().optional(),
      groupIds: groupIdsSchema.optional(),
    })
    .refine((c) => c.role !== undefined || c.active !== undefined || c.groupIds !== undefined, {
      message: 'Nothing to change',
      params: { rule: 'required' },
    }),
});
export type UserBulkUpdate = z.infer<typeof userBulkUpdateSchema>;

/** One entry of PUT v1/users/: with `id` it updates that user; without, the user of that username or a new one. */
export const userUpsertSchema = userCreateSchema.extend({ id: idSchema.optional() });
export type UserUpsert = z.infer<typeof userUpsertSchema>;

/** PUT v1/users/ {users}: every entry is validated first; one bad entry and nothing is written. */
export const userPutSchema = z.object({ users: z.array(userUpsertSchema).min(1).max(USER_BATCH_MAX) });
export type UserPut = z.infer<typeof userPutSchema>;

/** Answer of the bulk calls: the users as they are now, in the order asked. */
export const userBatchResponseSchema = z.object({ users: z.array(adminUserSchema) });
export type UserBatchResponse = z.infer<typeof userBatchResponseSchema>;

/**
 * One entry per data row of an import (POST v1/users/import): `index` counts data rows from 0, header left
 * out. Rows are independent: an `error` row writes nothing and the others still go in.
 */
export const importOutcomeSchema = z.enum(['created', 'updated', 'error']);
export const importRowResultSchema = z.object({
  index: z.number().int().nonnegative(),
  outcome: importOutcomeSchema,
  message: z.string().optional(),
  userId: z.string().optional(),
});
export type ImportRowResult = z.infer<typeof importRowResultSchema>;
export const importResponseSchema = z.array(importRowResultSchema);

/**
 * Column headers an import file's first row names (case and spaces ignored): username, email, firstName,
 * lastName, role (default Student), password (optional), groups (optional, group names separated by `;`).
 */
export const USER_IMPORT_COLUMNS = [
  'username',
  'email',
  'firstName',
  'lastName',
  'role',
  'password',
  'groups',
] as const;
