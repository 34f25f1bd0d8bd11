/**
 * Issue 27.3, LTI Deep Linking 2.0 through the API with the fake platform: an instructor's LtiDeepLinkingRequest
 * (verified as a launch is) signs the teacher in on the picker; the teacher's choice of a module or program comes
 * back as an auto-submitting form whose LtiDeepLinkingResponse JWT verifies against Larmor's published JWKS and
 * carries the spec's claims and one ltiResourceLink with a line item. A learner's request, bad settings, a return
 * URL that is not https and content outside the organisation are refused with the error body and write nothing.
 */
import {
  errorBodySchema,
  LTI_CLAIMS,
  LTI_DL_CLAIMS,
  ltiDeepLinkChosenSchema,
  ltiDeepLinkRequestSchema,
  ltiJwksSchema,
  ltiToolConfigurationSchema,
} from '@larmor/contracts';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { databases, rowCounts, useTestApp, writesNothing } from '../../test/helper.ts';
import {
  buildProgram,
  createContentWorld,
  publishedProgram,
  type ContentWorld,
} from '../content/programs/world.test-support.ts';
import {
  deepLinkingRequest,
  registeredPlatform,
  LEARNER,
  platformBrowser,
  signedIn,
  type FakePlatform,
} from './launch.test-support.ts';

const RETURN_URL = 'https://lms.example/deep-link-return?course=7';

describe.each(databases)('LTI deep linking (v1/lti/deep-linking) on %s', (kind) => {
  const t = useTestApp(kind);
  let world: ContentWorld;
  let platform: FakePlatform;
  let lms: ReturnType<typeof platformBrowser>;
  let program: { programId: string; courseId: string; labId: string };

  const deepLinkingUrl = () => `${t.app.config.publicUrl}/api/v1/lti/deep-linking`;

  beforeEach(async () => {
    world = await createContentWorld(t.db);
    platform = await registeredPlatform(t.app, world.a.clientId, world.a.adminHeaders, 'canvas');
    program = await publishedProgram(t.app, world.a.teacherHeaders, { title: 'LTI neuro' });
    lms = platformBrowser(t.app, platform, deepLinkingUrl);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** A deep-linking request posted to `path`, with `claims` over an instructor's defaults. */
  async function request(claims: Record<string, unknown> = {}, path = '/api/v1/lti/deep-linking') {
    const { state, nonce } = await lms.initiate();
    return lms.launch(
      await platform.sign({ nonce, sub: 'teacher-9', ...deepLinkingRequest(), ...claims }),
      state,
      path,
    );
  }

  /** An instructor's request that reached the picker: the teacher's headers and the request's id. */
  async function pickerOf(settings: Record<string, unknown> = {}) {
    const res = await request(deepLinkingRequest(settings));
    expect(res.statusCode, res.body).toBe(303);
    const session = signedIn(res);
    const linkId = /^\/lti\/deep-linking\/([0-9a-f-]{36})$/.exec(session.to)?.[1] ?? '';
    expect(linkId, session.to).not.toBe('');
    return { headers: session.headers, linkId };
  }

  function choose(linkId: string, headers: Record<string, string>, body: unknown) {
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/lti/deep-linking/requests/${linkId}`,
      headers,
      payload: body as object,
    });
  }

  /** The response page of a choice, and the JWT its form posts. */
  async function responseOf(responseUrl: string) {
    const url = new URL(responseUrl);
    const page = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    const jwt = /name="JWT" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    return { page, jwt };
  }

  /** Verifies `jwt` against the organisation's JWKS as a platform does; answers header and payload. */
  async function verifiedByJwks(jwt: string) {
    const jwks = await t.app.inject({ method: 'GET', url: `/api/v1/lti/${world.a.clientId}/jwks` });
    const keys = createLocalJWKSet(ltiJwksSchema.parse(jwks.json()));
    const { payload } = await jwtVerify(jwt, keys, {
      algorithms: ['RS256'],
      issuer: platform.registration.clientId,
      audience: platform.registration.issuer,
      requiredClaims: ['iat', 'exp', 'nonce'],
    });
    return { header: decodeProtectedHeader(jwt), payload };
  }

  it('an instructor picks a module: the form posts an LtiDeepLinkingResponse that verifies against the JWKS with its claims, once', async () => {
    const { headers, linkId } = await pickerOf();
    const picker = await t.app.inject({
      method: 'GET',
      url: `/api/v1/lti/deep-linking/requests/${linkId}`,
      headers,
    });
    expect(picker.statusCode, picker.body).toBe(200);
    const offered = ltiDeepLinkRequestSchema.parse(picker.json());
    expect(offered.platformName).toBe(platform.registration.name);
    expect(offered.programs).toEqual([
      {
        id: program.programId,
        title: 'LTI neuro',
        courses: [
          {
            id: program.courseId,
            title: 'Contrast',
            modules: [{ id: program.labId, title: 'T2 spin echo' }],
          },
        ],
      },
    ]);

    const chosen = await choose(linkId, headers, { kind: 'module', id: program.labId });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const { responseUrl } = ltiDeepLinkChosenSchema.parse(chosen.json());
    const { page, jwt } = await responseOf(responseUrl);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(`action="${RETURN_URL}"`);
    expect(page.headers['content-security-policy']).toContain('form-action https://lms.example');

    const { header, payload } = await verifiedByJwks(jwt);
    const tool = ltiToolConfigurationSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/clients/${world.a.clientId}/lti/tool`,
          headers: world.a.adminHeaders,
        })
      ).json(),
    );
    expect(header).toMatchObject({ alg: 'RS256', kid: tool.keys[0]?.kid });
    expect(tool.deepLinkingUrl).toBe(deepLinkingUrl());
    expect(payload).toMatchObject({
      [LTI_CLAIMS.messageType]: 'LtiDeepLinkingResponse',
      [LTI_CLAIMS.version]: '1.3.0',
      [LTI_CLAIMS.deploymentId]: 'deployment-1',
      [LTI_DL_CLAIMS.data]: 'opaque-platform-data-42',
    });
    const targetLink = `${t.app.config.publicUrl}/api/v1/lti/launch?module=${program.labId}`;
    expect(payload[LTI_DL_CLAIMS.contentItems]).toEqual([
      {
        type: 'ltiResourceLink',
        title: 'T2 spin echo',
        text: 'LTI neuro › Contrast',
        url: targetLink,
        custom: { module_id: program.labId },
        lineItem: { scoreMaximum: 100, label: 'T2 spin echo', resourceId: program.labId, tag: 'module' },
      },
    ]);
    // Single use: the page cannot be had twice.
    expect((await responseOf(responseUrl)).page.statusCode).toBe(404);

    // The returned link launches: a learner lands on the module.
    const { state, nonce } = await lms.initiate();
    const launched = await lms.launch(
      await platform.sign({
        nonce,
        sub: 'learner-3',
        [LTI_CLAIMS.targetLinkUri]: targetLink,
        [LTI_CLAIMS.custom]: { module_id: program.labId },
      }),
      state,
    );
    expect(launched.statusCode, launched.body).toBe(303);
    expect(signedIn(launched).to).toBe(`/courses/${program.courseId}/modules/${program.labId}`);
  });

  it('a program is linked from a request at the launch URL (no line item when the platform declines one), and its link lands the learner on the program', async () => {
    const res = await request(deepLinkingRequest({ accept_lineitem: false }), '/api/v1/lti/launch');
    expect(res.statusCode, res.body).toBe(303);
    const { headers, to } = signedIn(res);
    const linkId = to.split('/').at(-1) ?? '';
    const chosen = await choose(linkId, headers, { kind: 'program', id: program.programId });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const { jwt } = await responseOf(ltiDeepLinkChosenSchema.parse(chosen.json()).responseUrl);
    const { payload } = await verifiedByJwks(jwt);
    const targetLink = `${t.app.config.publicUrl}/api/v1/lti/launch?program=${program.programId}`;
    expect(payload[LTI_DL_CLAIMS.contentItems]).toEqual([
      {
        type: 'ltiResourceLink',
        title: 'LTI neuro',
        url: targetLink,
        custom: { program_id: program.programId },
      },
    ]);
    const { state, nonce } = await lms.initiate();
    const launched = await lms.launch(
      await platform.sign({ nonce, sub: 'learner-4', [LTI_CLAIMS.targetLinkUri]: targetLink }),
      state,
    );
    expect(launched.statusCode, launched.body).toBe(303);
    expect(signedIn(launched).to).toBe(`/browse/${program.programId}`);
    const learner = await t.db.selectFrom('lti_accounts').select('user_id').where('sub', '=', 'learner-4');
    const enrolled = await t.db
      .selectFrom('enrollments')
      .select('program_id')
      .where('user_id', 'in', learner)
      .execute();
    expect(enrolled).toEqual([{ program_id: program.programId }]);
  });

  it("refuses a learner's request (403), a missing or invalid settings claim, a return URL that is not https and a platform that takes no resource links (400), writing nothing", async () => {
    const settings = LTI_DL_CLAIMS.settings;
    const cases: [string, Record<string, unknown>, number, string][] = [
      ['learner', { [LTI_CLAIMS.roles]: [LEARNER] }, 403, 'cause'],
      ['no settings', { [settings]: undefined }, 400, 'deep_linking_settings'],
      ['settings not an object', { [settings]: 'x' }, 400, 'deep_linking_settings'],
      ['no return URL', deepLinkingRequest({ deep_link_return_url: undefined }), 400, 'deep_link_return_url'],
      ['no accept types', deepLinkingRequest({ accept_types: undefined }), 400, 'accept_types'],
      [
        'http return URL',
        deepLinkingRequest({ deep_link_return_url: 'http://lms.example/r' }),
        400,
        'deep_link_return_url',
      ],
      [
        'relative return URL',
        deepLinkingRequest({ deep_link_return_url: '/return' }),
        400,
        'deep_link_return_url',
      ],
      ['no resource links', deepLinkingRequest({ accept_types: ['file', 'html'] }), 400, 'accept_types'],
    ];
    for (const [name, claims, status, field] of cases) {
      const before = await rowCounts(t.db);
      const res = await request(claims);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      const body = errorBodySchema.parse(res.json());
      if (status === 400) expect(Object.keys(body.error.validation ?? {}), name).toEqual([field]);
      // The login initiation's state was written and used up; nothing else.
      expect(await rowCounts(t.db), name).toEqual(before);
    }
  });

  it("refuses content outside the organisation's published programs (403), another user's or a used request (404) and a bad choice (400), writing nothing", async () => {
    const { headers, linkId } = await pickerOf();
    const foreign = await publishedProgram(t.app, world.b.teacherHeaders, { title: 'Beta only' });
    const draft = await buildProgram(t.app, world.a.teacherHeaders, { title: 'Draft' });
    const refusals: [Record<string, string>, unknown, number][] = [
      [headers, { kind: 'module', id: foreign.labId }, 403],
      [headers, { kind: 'program', id: foreign.programId }, 403],
      [headers, { kind: 'module', id: draft.labId }, 403],
      [headers, { kind: 'program', id: program.labId }, 403],
      [world.a.teacherHeaders, { kind: 'module', id: program.labId }, 404],
      [headers, { kind: 'lesson', id: program.labId }, 400],
      [headers, { kind: 'module', id: program.labId, extra: 1 }, 400],
    ];
    for (const [who, body, status] of refusals) {
      const res = await writesNothing(t.db, () => choose(linkId, who, body));
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(status);
      errorBodySchema.parse(res.json());
    }
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/v1/lti/deep-linking/requests/${linkId}`,
      headers: world.a.teacherHeaders,
    });
    expect(other.statusCode).toBe(404);
    const bogus = await t.app.inject({ method: 'GET', url: '/api/v1/lti/deep-linking/response?token=nope' });
    expect(bogus.statusCode).toBe(404);
    // Once the response is posted, the request is gone.
    const chosen = await choose(linkId, headers, { kind: 'module', id: program.labId });
    expect((await responseOf(ltiDeepLinkChosenSchema.parse(chosen.json()).responseUrl)).page.statusCode).toBe(
      200,
    );
    expect((await choose(linkId, headers, { kind: 'module', id: program.labId })).statusCode).toBe(404);
  });
});
