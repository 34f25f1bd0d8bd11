/**
 * Issue 27.4, line items for links launched without one (AGS 2.0 §3.2) through the API against the fake
 * platform: a link whose platform grants the line item scope and names its container but gives no line item gets
 * the platform's own line item for that resource link, else one Larmor creates (out of 100, labelled with the
 * module's title, tagged `larmor`) — once, whatever the relaunches; a grade released before it exists is sent
 * once it does; a failure that may pass is tried again after a wait, a refusal stops until the next launch.
 */
import { LTI_CLAIMS, labAttemptSchema, type LtiGradeReturn } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from '../../test/helper.ts';
import { insertMarkedAttempt, type MarkingWorld } from '../attempts/marking.test-support.ts';
import { call } from '../content/programs/world.test-support.ts';
import { AGS_ENDPOINT, useMarkingPlatform, launchAs, type FakePlatform } from './launch.test-support.ts';

const SCOPE = {
  lineItem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
};
const DAY_MS = 24 * 3600 * 1000;

describe.each(databases)('LTI line items created for links without one (AGS) on %s', (kind) => {
  const t = useTestApp(kind);
  let m: MarkingWorld;
  let platform: FakePlatform;
  useMarkingPlatform(t, 'canvas', (world) => ({ m, platform } = world));

  /** A learner's launch into the alpha module from link `link-alpha`, with a container and `scopes`, no line item. */
  const launchLearner = (sub: string, scopes = [SCOPE.lineItem, SCOPE.score]) =>
    launchAs(t.app, platform, {
      sub,
      [LTI_CLAIMS.custom]: { module_id: m.alpha.labId },
      [LTI_CLAIMS.resourceLink]: { id: 'link-alpha' },
      [AGS_ENDPOINT]: { scope: scopes, lineitems: platform.lineItemsUrl },
    });

  const releasedAttempt = async (userId: string, number = 1) => {
    const id = await insertMarkedAttempt(t.db, {
      labId: m.alpha.labId,
      userId,
      clientId: m.world.a.clientId,
      state: 'graded',
      submittedMinute: number,
      number,
    });
    const released = await call(t.app, 'POST', `v1/attempts/${id}/release`, m.world.a.teacherHeaders);
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    return id;
  };

  async function returnsOf(id: string): Promise<LtiGradeReturn[]> {
    const res = await call(t.app, 'GET', `v1/attempts/${id}`, m.world.a.teacherHeaders);
    expect(res.status).toBe(200);
    return labAttemptSchema.parse(res.body).gradeReturns ?? [];
  }

  const moduleTitle = async () =>
    (await t.db.selectFrom('labs').select('title').where('id', '=', m.alpha.labId).executeTakeFirstOrThrow())
      .title;

  it('creates the line item in the container (out of 100, the module title, the resource link, tag larmor) and sends the grade there', async () => {
    const learner = await launchLearner('learner-1');
    const id = await releasedAttempt(learner.userId);
    await t.app.ltiScores.deliverDue();

    const [search, create, ...rest] = platform.lineItemRequests;
    expect(rest).toEqual([]);
    expect(search?.method).toBe('GET');
    const searched = new URL(search?.url ?? '');
    expect(searched.searchParams.get('resource_link_id')).toBe('link-alpha');
    expect(searched.searchParams.get('type_id')).toBe('7');
    expect(search?.headers.get('accept')).toBe('application/vnd.ims.lis.v2.lineitemcontainer+json');
    expect(create?.method).toBe('POST');
    expect(create?.url).toBe(platform.lineItemsUrl);
    expect(create?.headers.get('content-type')).toBe('application/vnd.ims.lis.v2.lineitem+json');
    expect(create?.body).toEqual({
      scoreMaximum: 100,
      label: await moduleTitle(),
      resourceLinkId: 'link-alpha',
      resourceId: m.alpha.labId,
      tag: 'larmor',
    });
    const token = platform.tokenRequests.find((form) => form.get('scope') === SCOPE.lineItem);
    expect(token, 'a token of the line item scope').toBeDefined();

    const created = String(platform.lineItems[0]?.['id']);
    expect(platform.scores.map((s) => s.url)).toEqual([
      `${created.replace(/\/lineitem$/, '/lineitem/scores')}`,
    ]);
    expect(await returnsOf(id)).toEqual([expect.objectContaining({ status: 'sent', lineItem: created })]);
  });

  it("uses the platform's existing line item of the link and creates none", async () => {
    const existing = platform.lineItem('moodle-made');
    platform.lineItems.push(
      {
        id: platform.lineItem('another-link'),
        resourceLinkId: 'link-other',
        label: 'Other',
        scoreMaximum: 10,
      },
      { id: existing, resourceLinkId: 'link-alpha', label: 'T2 weighting', scoreMaximum: 10 },
    );
    const learner = await launchLearner('learner-2');
    const id = await releasedAttempt(learner.userId);
    await t.app.ltiScores.deliverDue();

    expect(platform.lineItemRequests.map((r) => r.method)).toEqual(['GET']);
    expect(platform.lineItems).toHaveLength(2);
    expect(await returnsOf(id)).toEqual([expect.objectContaining({ status: 'sent', lineItem: existing })]);
  });

  it('a grade released while the platform is down is sent once the line item exists; relaunches and later grades reuse it', async () => {
    platform.lineItemAnswers.push(503);
    const learner = await launchLearner('learner-3');
    const first = await releasedAttempt(learner.userId);
    await t.app.ltiScores.deliverDue();
    expect(platform.lineItemRequests).toHaveLength(1);
    // Staff see the return waiting for its line item, with the platform's answer and the next try.
    expect(await returnsOf(first)).toEqual([
      expect.objectContaining({
        status: 'pending',
        lineItem: platform.lineItemsUrl,
        error: expect.stringMatching(/^Creating the line item: Line items: the platform answered 503/),
        tries: 1,
      }),
    ]);
    const [pending] = await t.db.selectFrom('lti_links').selectAll().execute();
    expect(pending?.line_item_error).toMatch(/^Line items: the platform answered 503/);
    expect(Date.parse(pending?.line_item_next_try_at ?? '')).toBeGreaterThan(Date.now());

    await t.app.ltiScores.deliverDue(Date.parse(pending?.line_item_next_try_at ?? ''));
    expect(platform.lineItems).toHaveLength(1);
    const created = String(platform.lineItems[0]?.['id']);
    expect(await returnsOf(first)).toEqual([expect.objectContaining({ status: 'sent', lineItem: created })]);

    const again = await launchLearner('learner-3');
    const second = await releasedAttempt(again.userId, 2);
    await t.app.ltiScores.deliverDue(Date.now() + DAY_MS);
    expect(platform.lineItemRequests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(await returnsOf(second)).toEqual([expect.objectContaining({ status: 'sent', lineItem: created })]);
    expect(platform.scores).toHaveLength(2);
  });

  it('creates nothing without the line item scope; a refusal stops until the next launch asks again', async () => {
    const scoreOnly = await launchLearner('learner-4', [SCOPE.score]);
    const id = await releasedAttempt(scoreOnly.userId);
    await t.app.ltiScores.deliverDue(Date.now() + DAY_MS);
    expect(platform.lineItemRequests).toEqual([]);
    expect(await returnsOf(id)).toEqual([]);

    platform.lineItemAnswers.push(403);
    await launchLearner('learner-4');
    await t.app.ltiScores.deliverDue();
    await t.app.ltiScores.deliverDue(Date.now() + 30 * DAY_MS);
    expect(platform.lineItemRequests).toHaveLength(1);
    const [refused] = await t.db.selectFrom('lti_links').selectAll().execute();
    expect(refused).toMatchObject({ line_item: null, line_item_next_try_at: null });
    expect(refused?.line_item_error).toMatch(/^Line items: the platform answered 403/);
    expect(await returnsOf(id)).toEqual([
      expect.objectContaining({ status: 'failed', nextTryAt: null, lineItem: platform.lineItemsUrl }),
    ]);

    await launchLearner('learner-4');
    await t.app.ltiScores.deliverDue();
    expect(platform.lineItems).toHaveLength(1);
    expect(platform.scores).toHaveLength(1);
  });
});
