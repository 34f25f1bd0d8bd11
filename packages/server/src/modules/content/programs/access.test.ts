import { describe, expect, it } from 'vitest';
import { canEdit, canEnrollOthers, canSee, canSelfEnroll, freeOnly, type ContentScope } from './access.ts';

const ORG_A = 'org-a';
const ORG_B = 'org-b';
const scope = (over: Partial<ContentScope>): ContentScope => ({
  userId: 'u',
  platformAdmin: false,
  clientId: ORG_A,
  role: 'Student',
  plan: null,
  ...over,
});
const student = scope({});
const teacher = scope({ role: 'Teacher' });
const otherTeacher = scope({ role: 'Teacher', clientId: ORG_B });
const platform = scope({ platformAdmin: true, role: 'Admin', clientId: null });
const freeUser = scope({ clientId: null, plan: 'free' });
const paidUser = scope({ clientId: null, plan: 'paid' });

const program = (
  over: Partial<{
    client_id: string | null;
    status: 'draft' | 'published' | 'archived';
    enrollment: 'open' | 'invitation';
    free_catalogue: 0 | 1;
  }> = {},
) => ({
  client_id: ORG_A,
  status: 'published' as const,
  enrollment: 'invitation' as const,
  free_catalogue: 0 as const,
  ...over,
});
const none = { assignedToCaller: false, enrolled: false };
const enrolled = { assignedToCaller: false, enrolled: true };
const assigned = { assignedToCaller: true, enrolled: false };

describe('who edits and who sees learning content', () => {
  it('organisation staff edit their own programs; platform administrators every program; nobody else', () => {
    expect(canEdit(teacher, program())).toBe(true);
    expect(canEdit(scope({ role: 'Admin' }), program())).toBe(true);
    expect(canEdit(student, program())).toBe(false);
    expect(canEdit(otherTeacher, program())).toBe(false);
    expect(canEdit(teacher, program({ client_id: null }))).toBe(false);
    expect(canEdit(platform, program({ client_id: null }))).toBe(true);
    expect(canEdit(platform, program({ client_id: ORG_B }))).toBe(true);
  });

  it('staff of an assigned organisation enrol into a global program but do not edit it', () => {
    const global = program({ client_id: null });
    expect(canEnrollOthers(teacher, global, assigned)).toBe(true);
    expect(canEnrollOthers(teacher, global, none)).toBe(false);
    expect(canEnrollOthers(student, global, assigned)).toBe(false);
  });

  it('students see published programs they are enrolled in or that are open to their organisation', () => {
    expect(canSee(student, program(), none)).toBe(false);
    expect(canSee(student, program(), enrolled)).toBe(true);
    expect(canSee(student, program({ enrollment: 'open' }), none)).toBe(true);
    expect(canSee(student, program({ enrollment: 'open', status: 'draft' }), enrolled)).toBe(false);
    expect(canSee(student, program({ enrollment: 'open', status: 'archived' }), enrolled)).toBe(false);
    expect(canSee(student, program({ client_id: ORG_B, enrollment: 'open' }), none)).toBe(false);
    expect(canSee(student, program({ client_id: null, enrollment: 'open' }), assigned)).toBe(true);
    expect(canSee(student, program({ client_id: null, enrollment: 'open', free_catalogue: 1 }), none)).toBe(
      false,
    );
  });

  it('organisations never see each other’s programs, not even open ones', () => {
    expect(canSee(otherTeacher, program({ enrollment: 'open' }), none)).toBe(false);
    expect(canSee(teacher, program(), none)).toBe(true);
  });

  it('individual users see the free catalogue; the paid plan also open global programs; the free plan only free modules', () => {
    const freeCatalogue = program({ client_id: null, free_catalogue: 1 });
    const openGlobal = program({ client_id: null, enrollment: 'open' });
    expect(canSee(freeUser, freeCatalogue, none)).toBe(true);
    expect(canSee(freeUser, openGlobal, none)).toBe(false);
    expect(canSee(paidUser, openGlobal, none)).toBe(true);
    expect(canSee(freeUser, program({ enrollment: 'open' }), none)).toBe(false);
    expect(canSelfEnroll(freeUser, freeCatalogue, none)).toBe(true);
    expect(canSelfEnroll(freeUser, freeCatalogue, enrolled)).toBe(false);
    expect(freeOnly(freeUser)).toBe(true);
    expect(freeOnly(paidUser)).toBe(false);
    expect(freeOnly(scope({ plan: 'free', platformAdmin: true }))).toBe(false);
  });
});
