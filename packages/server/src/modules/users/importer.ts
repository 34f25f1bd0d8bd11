/**
 * POST v1/users/import: each data row creates or updates one user (matched by username) in the caller's
 * active organisation. Rows are independent: a refused row writes nothing and answers `error` with the
 * reason; the others still go in, each in its own transaction.
 */
import { DEFAULT_ROLE, ROLES, userCreateSchema, type ImportRowResult, type Role } from '@larmor/contracts';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../plugins/errors.ts';
import type { AdminScope } from '../organisations/access.ts';
import type { ImportRecord } from './import-file.ts';
import { DUPLICATE_ACCOUNT_MESSAGE } from './plan.ts';
import { groupsByNames, roleOfUsername } from './repository.ts';
import { planUpsert, writePlans } from './service.ts';

/** A problem of one row: it becomes that row's `error` entry. */
class RowError extends Error {
  override name = 'RowError';
}

/** Separator of group names in the `groups` column. */
const GROUP_SEPARATOR = ';';

/**
 * A row's role, case-insensitive (`teacher` → Teacher). When blank, an existing user keeps their role and a
 * new one is a Student.
 */
async function roleOf(app: FastifyInstance, record: ImportRecord): Promise<Role | string> {
  const text = record.role;
  if (text === undefined) {
    const current = record.username ? await roleOfUsername(app.db, record.username) : undefined;
    return current ?? DEFAULT_ROLE;
  }
  return ROLES.find((r) => r.toLowerCase() === text.toLowerCase()) ?? text;
}

/** The message of the first problem zod found, as `field: message`. */
function firstIssue(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  const issue = issues[0];
  if (!issue) return 'Invalid row';
  const field = issue.path.map(String).join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

async function importRow(
  app: FastifyInstance,
  scope: AdminScope,
  record: ImportRecord,
): Promise<{ outcome: 'created' | 'updated'; userId: string }> {
  const groupNames = (record.groups ?? '')
    .split(GROUP_SEPARATOR)
    .map((name) => name.trim())
    .filter((name) => name !== '');
  let groupIds: string[] | undefined;
  if (groupNames.length > 0) {
    if (!scope.activeClientId) throw new RowError('groups: act in an organisation to import into its groups');
    const groups = await groupsByNames(app.db, scope.activeClientId, groupNames);
    const unknown = groupNames.find((name) => !groups.some((g) => g.name === name));
    if (unknown !== undefined) throw new RowError(`groups: no group named ${unknown}`);
    groupIds = [...new Set(groups.map((g) => g.id))];
  }
  const parsed = userCreateSchema.safeParse({
    username: record.username,
    email: record.email,
    firstName: record.firstName,
    lastName: record.lastName,
    role: await roleOf(app, record),
    password: record.password,
    groupIds,
  });
  if (!parsed.success) throw new RowError(firstIssue(parsed.error.issues));
  const plan = await planUpsert(app, scope, parsed.data);
  const [userId] = await writePlans(app, scope, [plan]);
  if (userId === undefined) throw new RowError('The row was not written');
  return { outcome: plan.kind === 'create' ? 'created' : 'updated', userId };
}

/** Imports `records` in order and answers one entry per row. */
export async function importUsers(
  app: FastifyInstance,
  scope: AdminScope,
  records: readonly ImportRecord[],
): Promise<ImportRowResult[]> {
  const results: ImportRowResult[] = [];
  const seen = new Map<string, number>();
  for (const [index, record] of records.entries()) {
    const keys = [record.username, record.email?.toLowerCase()].filter((k): k is string => k !== undefined);
    const earlier = keys.map((k) => seen.get(k)).find((i) => i !== undefined);
    keys.forEach((k) => seen.set(k, seen.get(k) ?? index));
    if (earlier !== undefined) {
      results.push({ index, outcome: 'error', message: `${DUPLICATE_ACCOUNT_MESSAGE} (row ${earlier})` });
      continue;
    }
    try {
      results.push({ index, ...(await importRow(app, scope, record)) });
    } catch (error) {
      if (!(error instanceof ApiError || error instanceof RowError)) throw error;
      results.push({ index, outcome: 'error', message: error.message });
    }
  }
  return results;
}
