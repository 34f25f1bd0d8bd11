/**
 * Identities (workspaces) of a user: one per organisation membership, plus the user's individual access
 * (free or paid plan) if any. Every answer is computed from memberships and individual_access.
 */
import type { IdentityLicenseType, LicenseKind, Role } from '@larmor/contracts';
import type { Kysely } from 'kysely';
import { toCount } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

export interface IdentityRecord {
  id: string;
  clientId: string | null;
  clientName: string;
  isIndividualAccess: boolean;
  licenseType: IdentityLicenseType;
  /** Licence kind shown in the profile: the organisation's licence, or the plan of individual access. */
  license: LicenseKind;
  /** The role the user holds in this identity; individual access uses the user's platform role. */
  role: Role;
  clientUserCount: number;
}

/** Name shown for individual access in the identity switcher. */
export const INDIVIDUAL_ACCESS_NAME = 'Individual access';

/** Every identity of `userId`, organisations first (oldest membership first), individual access last. */
export async function identitiesOf(db: Kysely<Database>, userId: string): Promise<IdentityRecord[]> {
  const memberships = await db
    .selectFrom('memberships as m')
    .innerJoin('clients as c', 'c.id', 'm.client_id')
    .select((eb) => [
      'm.id',
      'm.role',
      'c.id as clientId',
      'c.name as clientName',
      'c.license',
      eb
        .selectFrom('memberships as all_m')
        .select((inner) => inner.fn.countAll().as('n'))
        .whereRef('all_m.client_id', '=', 'c.id')
        .as('userCount'),
    ])
    .where('m.user_id', '=', userId)
    .orderBy('m.created_at')
    .orderBy('c.name')
    .execute();
  const user = await db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirst();
  const individual = await db
    .selectFrom('individual_access')
    .select(['id', 'plan'])
    .where('user_id', '=', userId)
    .executeTakeFirst();

  const identities: IdentityRecord[] = memberships.map((m) => ({
    id: m.id,
    clientId: m.clientId,
    clientName: m.clientName,
    isIndividualAccess: false,
    licenseType: 'ORG',
    license: m.license,
    role: m.role,
    clientUserCount: toCount(m.userCount as string | number | null),
  }));
  if (individual && user) {
    identities.push({
      id: individual.id,
      clientId: null,
      clientName: INDIVIDUAL_ACCESS_NAME,
      isIndividualAccess: true,
      licenseType: individual.plan === 'paid' ? 'PAID' : 'FREE',
      license: individual.plan,
      role: user.role,
      clientUserCount: 1,
    });
  }
  return identities;
}

/**
 * The identity a session starts in when none is asked for: the first organisation membership, else the
 * individual access, else none (a platform admin created from the command line has neither).
 */
export function defaultIdentity(identities: readonly IdentityRecord[]): IdentityRecord | null {
  return identities[0] ?? null;
}

/** Whether `userId` holds individual access (a free or paid plan of their own). */
export async function hasIndividualAccess(db: Kysely<Database>, userId: string): Promise<boolean> {
  const individual = await db
    .selectFrom('individual_access')
    .select('id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return individual !== undefined;
}
