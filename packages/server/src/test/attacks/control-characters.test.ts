/**
 * Attack suite (issue 8 item 9): NUL and other control characters in every text field of every call answer
 * 400 with the field's rule `control` and write nothing, on SQLite and on PostgreSQL (where NUL used to
 * reach the database and answer 500). A CR/LF in a name would otherwise write lines into a mail.
 */
import { CONTROL_CHARACTER_RULE, importResponseSchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { createWorld, type World } from '../../modules/users/world.test-support.ts';

/** The world, plus a program of organisation A with one course, made through the API. */
type Ctx = World & { programId: string; courseId: string };
import { databases, useTestApp, writesNothing, type TestApp } from '../helper.ts';

/** NUL, CR LF (header injection), BEL, ESC, DEL and a C1 control (CSI). */
const CONTROLS = ['\u0000', '\r\nBcc: victim@example.test', '\u0007', '\u001b[2J', '\u007f', '\u009b'];

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
type Caller = 'anonymous' | 'platform' | 'admin' | 'student';

interface TextField {
  method: Method;
  /** The call's URL; `${bad}` where a path parameter or the query carries the text. */
  url: (world: Ctx, bad: string) => string;
  caller: Caller;
  /** A valid body with `bad` in the field under test (none for GET). */
  body?: (world: Ctx, bad: string) => object;
  /** The key the validation map names. */
  field: string;
  /** Multi-line text (Markdown, summaries): tab, CR and LF are allowed there. */
  multiLine?: boolean;
}

const person = {
  username: 'new.person',
  email: 'new.person@example.test',
  firstName: 'New',
  lastName: 'Person',
};
const goodPassword = 'a good long password';

/**
 * A call's text fields with a JSON body: a valid body, and the fields tried in it (its keys unless named; a
 * body made from the world names them).
 */
type BodyFields = (
  | { valid: Record<string, unknown>; names?: readonly string[] }
  | { valid: (world: Ctx) => Record<string, unknown>; names: readonly string[] }
) & {
  /** Multi-line fields among them. */
  multiLine?: readonly string[];
  /** The body around the valid one (an import's entry), and the prefix of the field's key in that body. */
  wrap?: (body: Record<string, unknown>) => object;
  prefix?: string;
};

function fieldsOf(
  method: Method,
  url: string | ((world: Ctx) => string),
  caller: Caller,
  { valid, names, multiLine = [], wrap = (body) => body, prefix = '' }: BodyFields,
): TextField[] {
  const validOf = (world: Ctx) => (typeof valid === 'function' ? valid(world) : valid);
  const tried = names ?? (typeof valid === 'function' ? [] : Object.keys(valid));
  return tried.map((name) => ({
    method,
    url: (world) => (typeof url === 'function' ? url(world) : url),
    caller,
    multiLine: multiLine.includes(name),
    body: (world, bad) => {
      const body = validOf(world);
      return wrap({ ...body, [name]: `${String(body[name] ?? 'x')}${bad}` });
    },
    field: `${prefix}${name}`,
  }));
}

/** A text field that a GET call carries in its path or query. */
function inUrl(url: (bad: string) => string, caller: Caller, field: string): TextField[] {
  return [{ method: 'GET', url: (_world, bad) => url(bad), caller, field }];
}

const emailOnly = { valid: { email: 'a@example.test' } };
const tokenOnly = { valid: { token: 'abc' } };
const personFields = ['username', 'email', 'firstName', 'lastName'];
const program = {
  valid: { title: 'MRI', summary: 'Short', description: 'Long' },
  multiLine: ['summary', 'description'],
};
const course = { valid: { title: 'Course', description: 'About' }, multiLine: ['description'] };

/** Every text field of every call that exists today. */
const TEXT_FIELDS: TextField[] = [
  ...fieldsOf('POST', '/login', 'anonymous', { valid: { username: 'someone', password: goodPassword } }),
  ...fieldsOf('POST', '/v2/users/register', 'anonymous', {
    valid: { ...person, password: goodPassword },
    names: ['username', 'email', 'password', 'firstName', 'lastName'],
  }),
  ...fieldsOf('POST', '/forgot-password', 'anonymous', emailOnly),
  ...fieldsOf('POST', '/forgot-username', 'anonymous', emailOnly),
  ...fieldsOf('POST', '/reset-password', 'anonymous', { valid: { token: 'abc', password: goodPassword } }),
  ...fieldsOf('POST', '/refresh-token', 'anonymous', tokenOnly),
  ...fieldsOf('POST', '/logout', 'anonymous', tokenOnly),
  ...inUrl((bad) => `/v2/users/activate/abc${encodeURIComponent(bad)}`, 'anonymous', 'token'),
  ...fieldsOf('POST', '/me/change-password', 'student', {
    valid: { oldPassword: 'correct horse battery', newPassword: goodPassword },
  }),
  ...fieldsOf('POST', '/v1/users/', 'admin', {
    valid: { ...person, role: 'Student', password: goodPassword },
    names: [...personFields, 'password'],
  }),
  ...fieldsOf('PATCH', (world) => `/v1/users/${world.a.teacher.id}`, 'admin', {
    valid: { ...person, password: goodPassword },
  }),
  ...fieldsOf('PUT', '/v1/users/', 'admin', {
    valid: { ...person, role: 'Student' },
    names: personFields,
    prefix: 'users.0.',
    wrap: (entry) => ({ users: [entry] }),
  }),
  ...inUrl((bad) => `/v1/users/?name=${encodeURIComponent(`ada${bad}`)}`, 'admin', 'name'),
  ...fieldsOf('POST', '/v1/clients/', 'platform', { valid: { name: 'New School' } }),
  ...fieldsOf('PATCH', (world) => `/v1/clients/${world.a.clientId}`, 'platform', {
    valid: { name: 'Renamed' },
  }),
  ...fieldsOf('POST', '/v1/groups/', 'admin', {
    valid: (world) => ({ clientId: world.a.clientId, name: 'G' }),
    names: ['name'],
  }),
  ...fieldsOf('PATCH', (world) => `/v1/groups/${world.a.groupId}`, 'admin', { valid: { name: 'G2' } }),
  ...fieldsOf('POST', (world) => `/v1/groups/${world.a.groupId}/cohorts`, 'admin', { valid: { name: 'C' } }),
  ...fieldsOf('POST', '/v1/programs', 'admin', program),
  ...fieldsOf('PATCH', (world) => `/v1/programs/${world.programId}`, 'admin', program),
  ...inUrl((bad) => `/v1/programs?search=${encodeURIComponent(`mri${bad}`)}`, 'admin', 'search'),
  ...fieldsOf('POST', (world) => `/v1/programs/${world.programId}/courses`, 'admin', course),
  ...fieldsOf('PATCH', (world) => `/v1/courses/${world.courseId}`, 'admin', course),
  ...fieldsOf('POST', (world) => `/v1/courses/${world.courseId}/modules`, 'admin', {
    valid: { title: 'Lab', instructions: 'Scan', anatomicalModelId: 1, sequenceTypes: [2] },
    names: ['title', 'instructions'],
    multiLine: ['instructions'],
  }),
];

/** CR, LF and tab: allowed in multi-line text. */
const LINE_CONTROLS = /^[\t\r\n]/;

/** The world, and a program with a course of organisation A made through the API by A's administrator. */
async function arrange(t: TestApp): Promise<Ctx> {
  const world = await createWorld(t.db);
  const program = await t.app.inject({
    method: 'POST',
    url: '/api/v1/programs',
    headers: world.a.adminHeaders,
    payload: { title: 'Program' },
  });
  expect(program.statusCode, program.body).toBe(201);
  const programId = String(program.json().id);
  const course = await t.app.inject({
    method: 'POST',
    url: `/api/v1/programs/${programId}/courses`,
    headers: world.a.adminHeaders,
    payload: { title: 'Course' },
  });
  expect(course.statusCode, course.body).toBe(201);
  return { ...world, programId, courseId: String(course.json().id) };
}

function headersOf(world: World, caller: Caller): Record<string, string> {
  if (caller === 'platform') return world.platformHeaders;
  if (caller === 'admin') return world.a.adminHeaders;
  if (caller === 'student') return world.a.studentHeaders;
  return {};
}

describe.each(databases)('control characters in every text field on %s', (kind) => {
  // The strict sign-in limit would answer 429 long before this suite has tried every field.
  const t = useTestApp(kind, { authRateLimitPerMinute: 0 });

  it('answer 400 with rule "control" for the field and write nothing', async () => {
    const world = await arrange(t);
    for (const entry of TEXT_FIELDS) {
      for (const bad of CONTROLS.filter((c) => !(entry.multiLine && LINE_CONTROLS.test(c)))) {
        const label = `${entry.method} ${entry.url(world, '')} ${entry.field} ${JSON.stringify(bad)}`;
        const res = await writesNothing(t.db, () =>
          t.app.inject({
            method: entry.method,
            url: `/api${entry.url(world, bad)}`,
            headers: headersOf(world, entry.caller),
            ...(entry.body ? { payload: entry.body(world, bad) } : {}),
          }),
        );
        expect(res.statusCode, label).toBe(400);
        expect(res.json().error.validation, label).toMatchObject({ [entry.field]: CONTROL_CHARACTER_RULE });
      }
    }
  });

  it('the same values without the control characters are accepted (the fields above are the ones tried)', async () => {
    const world = await createWorld(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/',
      headers: world.a.adminHeaders,
      payload: { ...person, role: 'Student', password: goodPassword },
    });
    expect(res.statusCode).toBe(201);
    const search = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/?name=ada',
      headers: world.a.adminHeaders,
    });
    expect(search.statusCode).toBe(200);
    const multiLine = await t.app.inject({
      method: 'POST',
      url: '/api/v1/programs',
      headers: world.a.adminHeaders,
      payload: { title: 'MRI', summary: 'One\nTwo', description: '# Title\r\n\n\tindented' },
    });
    expect(multiLine.statusCode, multiLine.body).toBe(201);
  });

  it('an import row with a control character in a name answers a row error and writes nothing', async () => {
    const world = await createWorld(t.db);
    const boundary = 'larmor-control-boundary';
    const csv = ['username,email,firstName,lastName', 'ctl.one,ctl.one@example.test,Ann\u0007,One'].join(
      '\r\n',
    );
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="people.csv"\r\n` +
        `Content-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    );
    const res = await writesNothing(t.db, () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/users/import',
        headers: { ...world.a.adminHeaders, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      }),
    );
    expect(res.statusCode).toBe(200);
    const [row] = importResponseSchema.parse(res.json());
    expect(row).toMatchObject({ outcome: 'error', message: 'firstName: Control characters are not allowed' });
  });

  it('NUL anywhere in a body, even in a key or a field no schema names, answers 400 before validation', async () => {
    const world = await createWorld(t.db);
    for (const payload of [
      { username: 'someone', password: goodPassword, extra: 'a\u0000' },
      { username: 'someone', password: goodPassword, 'ex\u0000tra': 'a' },
      { username: 'someone', password: goodPassword, nested: [{ deep: ['\u0000'] }] },
    ]) {
      const res = await writesNothing(t.db, () =>
        t.app.inject({ method: 'POST', url: '/api/login', headers: headersOf(world, 'anonymous'), payload }),
      );
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.values(res.json().error.validation)).toEqual([CONTROL_CHARACTER_RULE]);
    }
  });
});
