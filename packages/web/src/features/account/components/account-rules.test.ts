import { describe, expect, it } from 'vitest';
import type { Identity } from '@larmor/contracts/identities';
import {
  changePasswordErrors,
  groupLabel,
  identityLabel,
  loginModalKind,
  planLabel,
  visibleIdentities,
} from './account-rules.ts';

function identity(over: Partial<Identity>): Identity {
  return {
    id: crypto.randomUUID(),
    clientName: 'St. Mary',
    isActive: false,
    isIndividualAccess: false,
    licenseType: 'ORG',
    clientUserCount: 10,
    ...over,
  };
}

describe('user menu labels', () => {
  it("names the first group and adds 'and N more' for the others", () => {
    expect(groupLabel([])).toBeUndefined();
    expect(groupLabel([{ name: 'Radiology' }])).toBe('Radiology');
    expect(groupLabel([{ name: 'Radiology' }, { name: 'A' }, { name: 'B' }])).toBe('Radiology and 2 more');
  });

  it("shows students their identities as 'Member of {client}'", () => {
    expect(identityLabel(identity({ clientName: 'Acme' }), 'Student')).toBe('Member of Acme');
    expect(identityLabel(identity({ clientName: 'Acme' }), 'Teacher')).toBe('Acme');
  });

  it("labels non-organisation identities of non-admins 'Free plan' or 'Premium plan'", () => {
    expect(planLabel(identity({ licenseType: 'FREE', isIndividualAccess: true }), 'Student')).toBe(
      'Free plan',
    );
    expect(planLabel(identity({ licenseType: 'PAID', isIndividualAccess: true }), 'Teacher')).toBe(
      'Premium plan',
    );
    expect(planLabel(identity({ licenseType: 'ORG' }), 'Student')).toBeUndefined();
    expect(planLabel(identity({ licenseType: 'FREE' }), 'Admin')).toBeUndefined();
  });

  it('shows individual-access identities to admins only', () => {
    const list = [identity({}), identity({ isIndividualAccess: true, licenseType: 'FREE' })];
    expect(visibleIdentities(list, 'Admin')).toHaveLength(2);
    expect(visibleIdentities(list, 'Teacher')).toHaveLength(1);
  });
});

describe('loginModalKind', () => {
  const two = [identity({ isActive: true }), identity({})];

  it('shows the workspace picker to teachers and admins with several visible identities, once, in the new UI', () => {
    expect(loginModalKind({ newUi: true, acknowledged: false, role: 'Teacher', identities: two })).toBe(
      'workspace-picker',
    );
    expect(loginModalKind({ newUi: true, acknowledged: false, role: 'Admin', identities: two })).toBe(
      'workspace-picker',
    );
    expect(
      loginModalKind({ newUi: true, acknowledged: true, role: 'Teacher', identities: two }),
    ).toBeUndefined();
    expect(
      loginModalKind({ newUi: false, acknowledged: false, role: 'Teacher', identities: two }),
    ).toBeUndefined();
    expect(
      loginModalKind({ newUi: true, acknowledged: false, role: 'Student', identities: two }),
    ).toBeUndefined();
  });

  it('shows the free-plan dialog to non-admins whose active identity is on the free plan', () => {
    const free = [identity({ isActive: true, isIndividualAccess: true, licenseType: 'FREE' })];
    expect(loginModalKind({ newUi: true, acknowledged: false, role: 'Student', identities: free })).toBe(
      'free-plan',
    );
    expect(loginModalKind({ newUi: true, acknowledged: false, role: 'Admin', identities: free })).toBe(
      'workspace-picker',
    );
  });
});

describe('changePasswordErrors (platform-shell.md §5)', () => {
  it('requires every field', () => {
    expect(changePasswordErrors({ oldPassword: '', newPassword: '', newPasswordConfirmation: '' })).toEqual({
      oldPassword: 'Current password is required',
      newPassword: 'New password is required',
      newPasswordConfirmation: 'New password confirmation is required',
    });
  });

  it('rejects a new password equal to the current one and a confirmation that does not match', () => {
    expect(
      changePasswordErrors({ oldPassword: 'a', newPassword: 'a', newPasswordConfirmation: 'b' }),
    ).toEqual({
      newPassword: 'New password has to be different from the old password',
      newPasswordConfirmation: 'New password and password confirmation do not match',
    });
    expect(
      changePasswordErrors({ oldPassword: 'a', newPassword: 'b', newPasswordConfirmation: 'b' }),
    ).toEqual({});
  });
});
