/**
 * Pure rules of the user menu and the login modal (platform-shell.md §2 "User menu", "Login modal logic", §6).
 */
import type { Identity } from '@larmor/contracts/identities';
import type { Role } from '#lib/roles.ts';
import { t } from '#lib/i18n.ts';

/** The group line: the first group's name, with 'and N more' when there are several. */
export function groupLabel(groups: readonly { name: string }[]): string | undefined {
  const [first, ...rest] = groups;
  if (first === undefined) return undefined;
  return rest.length === 0 ? first.name : `${first.name} and ${rest.length} more`;
}

/** Admins also see individual-access identities; non-admins do not (§6). */
export function visibleIdentities(identities: readonly Identity[], role: Role | undefined): Identity[] {
  return identities.filter((i) => role === 'Admin' || !i.isIndividualAccess);
}

/** 'Free plan' or 'Premium plan' for non-organisation identities of non-admins; undefined otherwise. */
export function planLabel(identity: Identity, role: Role | undefined): string | undefined {
  if (role === 'Admin' || identity.licenseType === 'ORG') return undefined;
  return identity.licenseType === 'FREE' ? 'Free plan' : 'Premium plan';
}

/** How an identity reads in the menu: students see 'Member of {client}'. */
export function identityLabel(identity: Identity, role: Role | undefined): string {
  return role === 'Student' ? `Member of ${identity.clientName}` : identity.clientName;
}

export type LoginModalKind = 'free-plan' | 'workspace-picker';

/**
 * Which login modal to show once after sign-in (new UI only): for teachers and admins with more than one
 * visible identity, or when the active identity is on the free plan. Non-admins on the free plan get the
 * free-plan dialog; everyone else who qualifies gets the 'Welcome back' workspace picker.
 */
export function loginModalKind(input: {
  newUi: boolean;
  acknowledged: boolean;
  role: Role | undefined;
  identities: readonly Identity[];
}): LoginModalKind | undefined {
  if (!input.newUi || input.acknowledged) return undefined;
  const active = input.identities.find((i) => i.isActive);
  const onFreePlan = active?.licenseType === 'FREE';
  const teaching = input.role === 'Teacher' || input.role === 'Admin';
  const manyWorkspaces = teaching && visibleIdentities(input.identities, input.role).length > 1;
  if (!manyWorkspaces && !onFreePlan) return undefined;
  return input.role !== 'Admin' && onFreePlan ? 'free-plan' : 'workspace-picker';
}

export interface ChangePasswordValues {
  oldPassword: string;
  newPassword: string;
  newPasswordConfirmation: string;
}

/** The change-password form's messages (platform-shell.md §5), one per field, first failing rule wins. */
export function changePasswordErrors(
  values: ChangePasswordValues,
): Partial<Record<keyof ChangePasswordValues, string>> {
  const errors: Partial<Record<keyof ChangePasswordValues, string>> = {};
  if (values.oldPassword === '') errors.oldPassword = t('changePassword.currentRequired');
  if (values.newPassword === '') errors.newPassword = t('changePassword.newRequired');
  else if (values.newPassword === values.oldPassword) {
    errors.newPassword = t('changePassword.newSameAsOld');
  }
  if (values.newPasswordConfirmation === '')
    errors.newPasswordConfirmation = t('changePassword.confirmationRequired');
  else if (values.newPasswordConfirmation !== values.newPassword) {
    errors.newPasswordConfirmation = t('changePassword.confirmationMismatch');
  }
  return errors;
}
