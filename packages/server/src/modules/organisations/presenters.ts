/** Organisations, groups, cohorts and members as the API answers them (never rows as they are). */
import { licenseTypeOfKind, type Client, type Cohort, type Group, type Member } from '@larmor/contracts';
import type { ClientRecord, CohortRecord, GroupRecord, MemberRecord } from './repository.ts';

export const presentClient = (row: ClientRecord): Client => ({
  id: row.id,
  name: row.name,
  licenseType: licenseTypeOfKind(row.license),
  userCount: row.userCount,
  createdAt: row.created_at,
});

export const presentGroup = (row: GroupRecord): Group => ({
  id: row.id,
  clientId: row.client_id,
  name: row.name,
  memberCount: row.memberCount,
  cohortCount: row.cohortCount,
  createdAt: row.created_at,
});

export const presentCohort = (row: CohortRecord): Cohort => ({
  id: row.id,
  groupId: row.group_id,
  name: row.name,
  memberCount: row.memberCount,
  createdAt: row.created_at,
});

export const presentMember = (row: MemberRecord): Member => ({
  userId: row.user_id,
  username: row.username,
  firstName: row.first_name,
  lastName: row.last_name,
  role: row.role,
});
