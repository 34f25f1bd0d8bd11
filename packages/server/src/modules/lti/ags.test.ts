/**
 * Issue 27.4, LTI grade return (AGS 2.0) through the API against the fake platform: a launch records its link's
 * line item; a teacher's release posts the score once to `<lineitem>/scores` with an access token got by a client
 * assertion that Larmor's JWKS verifies; a 5xx or no answer is tried again after a doubling wait, a refusal fails
 * with the platform's reason, and the status shows on the attempt for staff; a score never goes twice nor to a
 * platform of another organisation.
 */
import { LTI_CLAIMS, labAttemptSchema, LTI_SCORE_MAX_TRIES, type LtiGradeReturn } from '@larmor/contracts';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from '../../test/helper.ts';
import { insertMarkedAttempt, type MarkingWorld } from '../attempts/marking.test-support.ts';
import { call } from '../content/programs/world.test-support.ts';
import { createScoreDelivery } from './ags-delivery.ts';
import { enqueueScores } from './ags.ts';
import { AGS_ENDPOINT, useMarkingPlatform, launchAs, type FakePlatform } from './launch.test-support.ts';

describe.each(databases)('LTI grade return (AGS) on %s', (kind) => {
  const t = useTestApp(kind);
  let m: MarkingWorld;
  let platform: FakePlatform;
  useMarkingPlatform(t, 'moodle', (world) => ({ m, platform } = world));

  /** A learner's launch into module `labId` from a link with line item `lineItem` (none: no AGS claim). */
  const launchLearner = (sub: string, labId: string, lineItem?: string) =>
    launchAs(t.app, platform, {
      sub,
      [LTI_CLAIMS.custom]: { module_id: labId },
      [LTI_CLAIMS.resourceLink]: { id: `link-${labId}` },
      ...(lineItem !== undefined && { [AGS_ENDPOINT]: platform.agsClaim(lineItem) }),
    });

  /** A graded attempt (2.37 of 3 points) of `userId` on `labId`, of organisation `clientId`. */
  const gradedAttempt = (userId: string, labId: string, clientId: string, number = 1) =>
    insertMarkedAttempt(t.db, { labId, userId, clientId, state: 'graded', submittedMinute: number, number });

  const release = (id: string, headers = m.world.a.teacherHeaders) =>
    call(t.app, 'POST', `v1/attempts/${id}/release`, headers);

  async function returnsOf(id: string, headers = m.world.a.teacherHeaders): Promise<LtiGradeReturn[]> {
    const res = await call(t.app, 'GET', `v1/attempts/${id}`, headers);
    expect(res.status).toBe(200);
    return labAttemptSchema.parse(res.body).gradeReturns ?? [];
  }

  it("posts the released score once, with a token got by a client assertion that Larmor's JWKS verifies", async () => {
    const lineItem = platform.lineItem('li-1');
    const learner = await launchLearner('learner-1', m.alpha.labId, lineItem);
    const id = await gradedAttempt(learner.userId, m.alpha.labId, m.world.a.clientId);
    await t.db
      .updateTable('attempt_grades')
      .set({ comment: 'Good T2 contrast' })
      .where('attempt_id', '=', id)
      .execute();

    const released = await release(id);
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    const payload = labAttemptSchema.parse(released.body);
    expect(payload.gradeReturns?.map((r) => [r.status, r.lineItem, r.tries])).toEqual([
      ['pending', lineItem, 0],
    ]);
    await t.app.ltiScores.deliverDue();

    expect(platform.tokenRequests).toHaveLength(1);
    const form = platform.tokenRequests[0] as URLSearchParams;
    expect(form.get('grant_type')).toBe('client_credentials');
    expect(form.get('client_assertion_type')).toBe('urn:ietf:params:oauth:client-assertion-type:jwt-bearer');
    expect(form.get('scope')).toBe('https://purl.imsglobal.org/spec/lti-ags/scope/score');
    const jwks = await call(t.app, 'GET', `v1/lti/${m.world.a.clientId}/jwks`, { authorization: '' });
    const { payload: assertion } = await jwtVerify(
      form.get('client_assertion') ?? '',
      createLocalJWKSet(jwks.body as never),
      {
        algorithms: ['RS256'],
        issuer: platform.registration.clientId,
        subject: platform.registration.clientId,
        audience: platform.registration.tokenUrl,
        requiredClaims: ['iat', 'exp', 'jti'],
      },
    );
    expect(assertion.jti).toEqual(expect.any(String));

    expect(platform.scores).toHaveLength(1);
    const score = platform.scores[0];
    expect(score?.url).toBe(`${platform.registration.issuer}/lineitems/li-1/lineitem/scores?type_id=7`);
    expect(score?.headers.get('content-type')).toBe('application/vnd.ims.lis.v1.score+json');
    expect(score?.headers.get('authorization')).toBe('Bearer token-1');
    expect(score?.body).toEqual({
      userId: 'learner-1',
      // 2.37 of 3 points, as a percentage (the line item's maximum of Larmor's deep links).
      scoreGiven: 79,
      scoreMaximum: 100,
      comment: 'Good T2 contrast',
      timestamp: payload.releasedAt,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
    });

    const [sent] = await returnsOf(id);
    expect(sent).toMatchObject({ status: 'sent', tries: 1, error: null, nextTryAt: null, lineItem });
    expect(sent?.platformName).toBe(platform.registration.name);
    expect(sent?.sentAt).toEqual(expect.any(String));
    // The student's own view of the attempt carries no grade returns.
    const own = await call(t.app, 'GET', `v1/attempts/${id}`, learner.headers);
    expect(own.status).toBe(200);
    expect(own.body).not.toHaveProperty('gradeReturns');
  });

  it('never sends a score twice: a second release or round sends nothing; a regrade that changes it sends the new one once', async () => {
    const learner = await launchLearner('learner-2', m.alpha.labId, platform.lineItem('li-2'));
    const id = await gradedAttempt(learner.userId, m.alpha.labId, m.world.a.clientId);
    expect((await release(id)).status).toBe(200);
    await Promise.all([t.app.ltiScores.deliverDue(), t.app.ltiScores.deliverDue()]);
    expect((await release(id)).status).toBe(409);
    const module = await call(t.app, 'POST', `v1/modules/${m.alpha.labId}/release`, m.world.a.teacherHeaders);
    expect(module.body).toEqual({ released: 0 });
    // Holding the same score again (a release retried inside the outbox) keeps the one row as it is.
    const now = new Date().toISOString();
    expect(await enqueueScores(t.db, [id], now)).toBe(0);
    await t.app.ltiScores.deliverDue();
    expect(platform.scores).toHaveLength(1);

    const regrade = await call(t.app, 'POST', `v1/attempts/${id}/regrade`, learner.headers, {
      reason: 'The wrap was not mine',
    });
    expect(regrade.status, JSON.stringify(regrade.body)).toBe(200);
    const graded = await call(t.app, 'POST', `v1/attempts/${id}/grade`, m.world.a.teacherHeaders, {
      criteria: [
        { id: 'weighting', points: 2, maxPoints: 2 },
        { id: 'wrap', points: 1, maxPoints: 1 },
      ],
      comment: 'Regraded',
    });
    expect(graded.status, JSON.stringify(graded.body)).toBe(200);
    const again = await release(id);
    expect(again.status).toBe(200);
    await t.app.ltiScores.deliverDue();
    await t.app.ltiScores.deliverDue();
    expect(platform.scores.map((s) => s.body)).toEqual([
      expect.objectContaining({ scoreGiven: 79, scoreMaximum: 100 }),
      expect.objectContaining({
        scoreGiven: 100,
        scoreMaximum: 100,
        comment: 'Regraded',
        timestamp: labAttemptSchema.parse(again.body).releasedAt,
      }),
    ]);
    expect((await returnsOf(id)).map((r) => [r.status, r.scoreGiven, r.tries])).toEqual([['sent', 3, 1]]);
    expect(platform.tokenRequests).toHaveLength(1);
  });

  it('tries again after a doubling wait when the platform answers 503 or not at all, then records it sent', async () => {
    const learner = await launchLearner('learner-3', m.alpha.labId, platform.lineItem('li-3'));
    const id = await gradedAttempt(learner.userId, m.alpha.labId, m.world.a.clientId);
    platform.scoreAnswers.push(503, 'network');
    expect((await release(id)).status).toBe(200);
    await t.app.ltiScores.deliverDue();
    const [first] = await returnsOf(id);
    expect(first).toMatchObject({ status: 'pending', tries: 1 });
    expect(first?.error).toContain('503');
    const releasedAt = Date.parse(
      labAttemptSchema.parse((await call(t.app, 'GET', `v1/attempts/${id}`, m.world.a.teacherHeaders)).body)
        .releasedAt ?? '',
    );
    expect(Date.parse(first?.nextTryAt ?? '') - releasedAt).toBeGreaterThanOrEqual(60_000);

    // Not due yet: nothing is sent before the wait is over.
    await t.app.ltiScores.deliverDue(Date.parse(first?.nextTryAt ?? '') - 1);
    expect(platform.scores).toHaveLength(1);
    const secondAtMs = Date.parse(first?.nextTryAt ?? '');
    // Two processes' rounds at once: the score is claimed by one of them and tried once.
    const other = createScoreDelivery(t.db, (error) => {
      throw error;
    });
    await Promise.all([t.app.ltiScores.deliverDue(secondAtMs), other.deliverDue(secondAtMs)]);
    await other.close();
    expect(platform.scores).toHaveLength(2);
    const [second] = await returnsOf(id);
    expect(second).toMatchObject({ status: 'pending', tries: 2 });
    expect(second?.error).toContain('no answer');
    // The second wait (120 s) is twice the first (60 s).
    expect(Date.parse(second?.nextTryAt ?? '') - secondAtMs).toBe(120_000);

    await t.app.ltiScores.deliverDue(Date.parse(second?.nextTryAt ?? ''));
    const [third] = await returnsOf(id);
    expect(third).toMatchObject({ status: 'sent', tries: 3, error: null });
    expect(platform.scores).toHaveLength(3);
    expect(new Set(platform.scores.map((s) => JSON.stringify(s.body))).size).toBe(1);
  });

  it("fails at once with the platform's reason when it refuses the score, is sent again on a teacher's retry, and gives up after the last try", async () => {
    const learner = await launchLearner('learner-4', m.alpha.labId, platform.lineItem('li-4'));
    const refused = await gradedAttempt(learner.userId, m.alpha.labId, m.world.a.clientId, 1);
    platform.scoreAnswers.push(400);
    expect((await release(refused)).status).toBe(200);
    await t.app.ltiScores.deliverDue();
    const [failed] = await returnsOf(refused);
    expect(failed).toMatchObject({ status: 'failed', tries: 1, nextTryAt: null });
    expect(failed?.error).toBe('Score: the platform answered 400 answer 400');
    await t.app.ltiScores.deliverDue(Date.now() + 365 * 24 * 3600 * 1000);
    expect(platform.scores).toHaveLength(1);
    // Once the cause is fixed in the platform, the teacher sends it again: only staff of the attempt's
    // organisation may, and only a failed return.
    const retryUrl = `v1/attempts/${refused}/grade-returns/retry`;
    expect((await call(t.app, 'POST', retryUrl, learner.headers)).status).toBe(403);
    expect((await call(t.app, 'POST', retryUrl, m.world.b.teacherHeaders)).status).toBe(403);
    const retried = await call(t.app, 'POST', retryUrl, m.world.a.teacherHeaders);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    await t.app.ltiScores.deliverDue();
    expect(await returnsOf(refused)).toEqual([
      expect.objectContaining({ status: 'sent', tries: 1, error: null }),
    ]);
    expect(platform.scores).toHaveLength(2);
    expect((await call(t.app, 'POST', retryUrl, m.world.a.teacherHeaders)).status).toBe(409);

    const down = await gradedAttempt(learner.userId, m.alpha.labId, m.world.a.clientId, 2);
    platform.scoreAnswers.push(...Array<number>(LTI_SCORE_MAX_TRIES).fill(503));
    const sentBefore = platform.scores.length;
    expect((await release(down)).status).toBe(200);
    let atMs = Date.now();
    for (let round = 0; round < LTI_SCORE_MAX_TRIES; round++) {
      await t.app.ltiScores.deliverDue(atMs);
      const [state] = await returnsOf(down);
      if (state?.nextTryAt) atMs = Date.parse(state.nextTryAt);
    }
    const [gaveUp] = await returnsOf(down);
    expect(gaveUp).toMatchObject({ status: 'failed', tries: LTI_SCORE_MAX_TRIES, nextTryAt: null });
    expect(gaveUp?.error).toMatch(new RegExp(`^Gave up after ${LTI_SCORE_MAX_TRIES} tries: Score: .*503`));
    expect(platform.scores).toHaveLength(sentBefore + LTI_SCORE_MAX_TRIES);
  });

  it("sends nothing for another organisation's attempt, a student who did not launch the link, or a link without a line item", async () => {
    // The global module is Alpha's and Beta's: the same learner's attempt under Beta never goes to Alpha's platform.
    const learner = await launchLearner('learner-5', m.global.labId, platform.lineItem('li-5'));
    const ofBeta = await gradedAttempt(learner.userId, m.global.labId, m.world.b.clientId);
    const ofAlpha = await gradedAttempt(learner.userId, m.global.labId, m.world.a.clientId, 2);
    await gradedAttempt(m.world.a.student.id, m.global.labId, m.world.a.clientId, 1);
    const plain = await launchLearner('learner-6', m.alpha.labId);
    const noLineItem = await gradedAttempt(plain.userId, m.alpha.labId, m.world.a.clientId);

    expect((await release(ofBeta, m.world.b.teacherHeaders)).status).toBe(200);
    // Alpha's teacher releases the whole shared module (Alpha's two attempts on it) and the plain link's attempt.
    const module = await call(
      t.app,
      'POST',
      `v1/modules/${m.global.labId}/release`,
      m.world.a.teacherHeaders,
    );
    expect(module.body).toEqual({ released: 2 });
    expect((await release(noLineItem)).status).toBe(200);
    await t.app.ltiScores.deliverDue();

    const rows = await t.db.selectFrom('lti_scores').select('attempt_id').execute();
    expect(rows.map((r) => r.attempt_id)).toEqual([ofAlpha]);
    expect(platform.scores.map((s) => s.url)).toEqual([
      `${platform.registration.issuer}/lineitems/li-5/lineitem/scores?type_id=7`,
    ]);
    expect(await returnsOf(ofBeta, m.world.b.teacherHeaders)).toEqual([]);
    expect(await returnsOf(noLineItem)).toEqual([]);
  });
});
