/** Users as the administration calls answer them: never a row as it is (no password hash, no flags as 0/1). */
import type { AdminUser } from '@larmor/contracts';
import { groupsOf, membershipsOf, type Db, type UserRow } from './repository.ts';

/**
 * Presents `rows` in their order, with their memberships and groups within `clientIds` (all when null), so
 * an organisation administrator never learns of another organisation through a shared user.
 */
export async function presentUsers(
  db: Db,
  rows: readonly UserRow[],
  clientIds: string[] | null,
): Promise<AdminUser[]> {
  const ids = rows.map((r) => r.id);
  const memberships = await membershipsOf(db, ids, clientIds);
  const groups = await groupsOf(db, ids, clientIds);
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    status: row.status,
    active: row.status === 'active',
    termsAck: row.terms_ack === 1,
    firstLogin: row.first_login === 1,
    memberships: memberships
      .filter((m) => m.user_id === row.id)
      .map((m) => ({ clientId: m.client_id, clientName: m.client_name, role: m.role })),
    groups: groups
      .filter((g) => g.user_id === row.id)
      .map((g) => ({ id: g.group_id, name: g.group_name, clientId: g.client_id })),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
}
