/**
 * Who sees and who edits learning content (issue 10). The caller acts in one identity (DESIGN.md §6): a
 * membership of an organisation with a role there, or individual access on the free or paid plan.
 *
 * - Editing: platform administrators edit every program; teachers and administrators of an organisation edit
 *   its programs. Global programs (no organisation) are edited by platform administrators only.
 * - Enrolling others: editors, and teachers and administrators of an organisation a global program is
 *   assigned to (their own users only).
 * - Seeing a published program: its editors; anyone enrolled; teachers and administrators of its organisation
 *   (or of one it is assigned to); students there when enrolment is open. Individual access sees the free
 *   catalogue (and, on the paid plan, global programs with open enrolment). Drafts and archived programs are
 *   seen by their editors only. Organisations never see each other's programs.
 */
import type { Role } from '@larmor/contracts';
import type { AuthContext } from '../../../plugins/auth.ts';
import type { Db } from '../../../db/database.ts';
import type { ProgramsTable } from '../../../db/schema.ts';
import { callerMembership, platformRoleOf } from '../../organisations/repository.ts';

export interface ContentScope {
  userId: string;
  platformAdmin: boolean;
  /** The organisation of the active identity when it is a membership, else null. */
  clientId: string | null;
  /** The role held in the active identity (individual access: the platform role). */
  role: Role;
  /** The plan of the active identity when it is individual access, else null. */
  plan: 'free' | 'paid' | null;
}

/** The caller's content scope, read from the user and the active identity of the token. */
export async function contentScopeOf(db: Db, caller: AuthContext): Promise<ContentScope> {
  const platformRole = (await platformRoleOf(db, caller.userId)) ?? 'Student';
  const scope: ContentScope = {
    userId: caller.userId,
    platformAdmin: platformRole === 'Admin',
    clientId: null,
    role: platformRole,
    plan: null,
  };
  if (!caller.identityId) return scope;
  const membership = await callerMembership(db, caller.identityId, caller.userId);
  if (membership) return { ...scope, clientId: membership.client_id, role: membership.role };
  const individual = await db
    .selectFrom('individual_access')
    .select('plan')
    .where('id', '=', caller.identityId)
    .where('user_id', '=', caller.userId)
    .executeTakeFirst();
  return individual ? { ...scope, plan: individual.plan } : scope;
}

/** Teachers and administrators of the active organisation. */
export function isOrganisationStaff(scope: ContentScope): boolean {
  return scope.clientId !== null && (scope.role === 'Teacher' || scope.role === 'Admin');
}

/** Whether the caller may see only the free catalogue's content (free-plan individual access). */
export function freeOnly(scope: ContentScope): boolean {
  return scope.plan === 'free' && !scope.platformAdmin;
}

type ProgramAccessRow = Pick<ProgramsTable, 'client_id' | 'status' | 'enrollment' | 'free_catalogue'>;

/** What the caller's relation to one program is, besides the program itself. */
export interface ProgramRelation {
  /** The program is global and assigned to the caller's active organisation. */
  assignedToCaller: boolean;
  enrolled: boolean;
}

export function canEdit(scope: ContentScope, program: Pick<ProgramsTable, 'client_id'>): boolean {
  if (scope.platformAdmin) return true;
  return program.client_id !== null && program.client_id === scope.clientId && isOrganisationStaff(scope);
}

export function canEnrollOthers(
  scope: ContentScope,
  program: ProgramAccessRow,
  relation: ProgramRelation,
): boolean {
  return canEdit(scope, program) || (relation.assignedToCaller && isOrganisationStaff(scope));
}

/** Whether the program belongs to, or is assigned to, the caller's active organisation. */
function inCallersOrganisation(scope: ContentScope, program: ProgramAccessRow, relation: ProgramRelation) {
  return (program.client_id !== null && program.client_id === scope.clientId) || relation.assignedToCaller;
}

/** Whether the caller may see the program's learner pages (catalogue, browse, module pages). */
export function canSee(scope: ContentScope, program: ProgramAccessRow, relation: ProgramRelation): boolean {
  if (canEdit(scope, program)) return true;
  if (program.status !== 'published') return false;
  if (relation.enrolled) return true;
  if (inCallersOrganisation(scope, program, relation)) {
    return isOrganisationStaff(scope) || program.enrollment === 'open';
  }
  if (program.client_id !== null || scope.plan === null) return false;
  return program.free_catalogue === 1 || (scope.plan === 'paid' && program.enrollment === 'open');
}

/** Whether the caller may enrol themself: sees it, is not enrolled, and enrolment is open (or free catalogue). */
export function canSelfEnroll(
  scope: ContentScope,
  program: ProgramAccessRow,
  relation: ProgramRelation,
): boolean {
  if (relation.enrolled || program.status !== 'published') return false;
  if (!canSee(scope, program, relation)) return false;
  return program.enrollment === 'open' || (scope.plan !== null && program.free_catalogue === 1);
}
