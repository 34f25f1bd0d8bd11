/**
 * Issue 27.5, roster sync (NRPS 2.0) through the API against the fake platform: a teacher's sync reads every page
 * of the context's membership with a token for the NRPS scope, makes or finds each active member with a Larmor
 * role by platform and `sub`, enrols them in the module's program and sends their released grades to the link's
 * line item; a second sync changes nothing; students, other organisations, modules without a roster and a failing
 * platform are refused and write nothing.
 */
import { LTI_CLAIMS, labAttemptSchema, ltiRosterSyncResultSchema } from '@larmor/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countRows, databases, useTestApp } from '../../test/helper.ts';
import { insertMarkedAttempt, type MarkingWorld } from '../attempts/marking.test-support.ts';
import { call } from '../content/programs/world.test-support.ts';
import {
  AGS_ENDPOINT,
  markingWorldWithPlatform,
  INSTRUCTOR,
  launchAs,
  LEARNER,
  NRPS_CLAIM,
  type FakePlatform,
} from './launch.test-support.ts';
import { nextPageOf } from './nrps.ts';

const ROLES = 'https://purl.imsglobal.org/spec/lti/claim/roles';
const STAFF = 'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Staff';

describe('nextPageOf (RFC 8288 Link header)', () => {
  it('finds the rel="next" target among other relations, and none without one', () => {
    expect(nextPageOf('<https://a.example/m?p=1>; rel="prev", <https://a.example/m?p=3>; rel="next"')).toBe(
      'https://a.example/m?p=3',
    );
    expect(nextPageOf('<https://a.example/m?p=3>; rel=next')).toBe('https://a.example/m?p=3');
    expect(nextPageOf('<https://a.example/m?p=1>; rel="differences"')).toBeUndefined();
    expect(nextPageOf(null)).toBeUndefined();
  });
});

describe.each(databases)('LTI roster sync (NRPS) on %s', (kind) => {
  const t = useTestApp(kind);
  let m: MarkingWorld;
  let platform: FakePlatform;
  const syncUrl = (labId: string) => `v1/modules/${labId}/lti/roster-sync`;

  beforeEach(async () => {
    ({ m, platform } = await markingWorldWithPlatform(t.app, t.db, 'canvas'));
    // The course's instructor opens the module from the platform: the link with its roster and line item.
    await launchAs(t.app, platform, {
      sub: 'teacher-1',
      [ROLES]: [INSTRUCTOR],
      [LTI_CLAIMS.custom]: { module_id: m.alpha.labId },
      [NRPS_CLAIM]: platform.nrpsClaim(),
      [AGS_ENDPOINT]: platform.agsClaim(platform.lineItem('course-1')),
    });
    platform.members = [
      {
        user_id: 'teacher-1',
        roles: [INSTRUCTOR],
        status: 'Active',
        given_name: 'Grace',
        family_name: 'Hopper',
      },
      {
        user_id: 'learner-1',
        roles: [LEARNER],
        status: 'Active',
        given_name: 'Ada',
        family_name: 'Lovelace',
      },
      { user_id: 'learner-2', roles: ['Learner'], given_name: 'Alan', family_name: 'Turing' },
      { user_id: 'learner-3', roles: [LEARNER], status: 'Inactive' },
      { user_id: 'staff-1', roles: [STAFF], status: 'Active' },
      { roles: [LEARNER], status: 'Active' },
    ];
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const count = (table: 'users' | 'enrollments' | 'memberships' | 'lti_accounts' | 'lti_link_users') =>
    countRows(t.db, table);

  it('makes or finds every active member with a role, enrols them, and sends their released grades to the line item', async () => {
    const res = await call(t.app, 'POST', syncUrl(m.alpha.labId), m.world.a.teacherHeaders);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(ltiRosterSyncResultSchema.parse(res.body)).toEqual({
      links: 1,
      members: 6,
      created: 2,
      enrolled: 2,
      skipped: 3,
    });
    expect(platform.tokenRequests.map((f) => f.get('scope'))).toEqual([
      'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
    ]);
    expect(platform.rosterRequests.map((r) => new URL(r.url).searchParams.get('page'))).toEqual([
      null,
      '1',
      '2',
    ]);
    expect(platform.rosterRequests[0]?.headers.get('accept')).toBe(
      'application/vnd.ims.lti-nrps.v2.membershipcontainer+json',
    );
    const learner = await t.db
      .selectFrom('lti_accounts as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .innerJoin('memberships as ms', 'ms.user_id', 'u.id')
      .select(['u.id', 'u.first_name', 'ms.client_id', 'ms.role'])
      .where('a.sub', '=', 'learner-1')
      .executeTakeFirstOrThrow();
    expect(learner).toMatchObject({ first_name: 'Ada', client_id: m.world.a.clientId, role: 'Student' });
    const enrolled = await t.db
      .selectFrom('enrollments')
      .select('program_id')
      .where('user_id', '=', learner.id)
      .execute();
    expect(enrolled.map((e) => e.program_id)).toEqual([m.alpha.programId]);
    const skipped = await t.db
      .selectFrom('lti_accounts')
      .select('sub')
      .where('sub', 'in', ['learner-3', 'staff-1'])
      .execute();
    expect(skipped).toEqual([]);

    // A second sync finds everyone: nothing new.
    const before = await Promise.all([count('users'), count('enrollments'), count('lti_link_users')]);
    const again = await call(t.app, 'POST', syncUrl(m.alpha.labId), m.world.a.teacherHeaders);
    expect(again.body).toEqual({ links: 1, members: 6, created: 0, enrolled: 0, skipped: 3 });
    expect(await Promise.all([count('users'), count('enrollments'), count('lti_link_users')])).toEqual(
      before,
    );

    // The synced learner never launched, yet their released grade goes to the course's line item.
    const attempt = await insertMarkedAttempt(t.db, {
      labId: m.alpha.labId,
      userId: learner.id,
      clientId: m.world.a.clientId,
      state: 'graded',
      submittedMinute: 1,
    });
    const released = await call(t.app, 'POST', `v1/attempts/${attempt}/release`, m.world.a.teacherHeaders);
    expect(released.status).toBe(200);
    await t.app.ltiScores.deliverDue();
    expect(platform.scores.map((s) => (s.body as { userId: string }).userId)).toEqual(['learner-1']);
    const shown = await call(t.app, 'GET', `v1/attempts/${attempt}`, m.world.a.teacherHeaders);
    expect(labAttemptSchema.parse(shown.body).gradeReturns?.map((r) => r.status)).toEqual(['sent']);
  });

  it('refuses students, other organisations, modules without a roster and a failing platform, writing nothing', async () => {
    const before = await Promise.all([count('users'), count('memberships'), count('enrollments')]);
    const cases: [string, string, { authorization: string }, number][] = [
      ['a student', syncUrl(m.alpha.labId), m.world.a.studentHeaders, 403],
      ["another organisation's module", syncUrl(m.alpha.labId), m.world.b.teacherHeaders, 404],
      ['a shared module never launched from B', syncUrl(m.global.labId), m.world.b.teacherHeaders, 409],
      ['a module without a roster', syncUrl(m.global.labId), m.world.a.teacherHeaders, 409],
      ['an unknown module', syncUrl(crypto.randomUUID()), m.world.a.teacherHeaders, 404],
      ['a malformed id', syncUrl('not-an-id'), m.world.a.teacherHeaders, 400],
    ];
    for (const [name, url, headers, status] of cases) {
      const res = await call(t.app, 'POST', url, headers);
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(status);
    }
    // The platform fails on the second page: nothing of the first is written.
    const pages = platform.rosterRequests.length;
    platform.rosterAnswers.push('page', 503);
    const res = await call(t.app, 'POST', syncUrl(m.alpha.labId), m.world.a.teacherHeaders);
    expect(res.status, JSON.stringify(res.body)).toBe(502);
    expect(JSON.stringify(res.body)).toContain('503');
    expect(platform.rosterRequests.length - pages).toBe(2);
    expect(await Promise.all([count('users'), count('memberships'), count('enrollments')])).toEqual(before);
  });
});
