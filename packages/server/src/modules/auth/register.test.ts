import { ERROR_CODES, errorBodySchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/fixtures.ts';
import { databases, postRaw, rowCounts, useTestApp } from '../../test/helper.ts';
import { postLogin } from '../../test/sign-in.ts';
import { lastMailTo, linkToken } from '../../test/mail.ts';

const newcomer = {
  username: 'new.student',
  email: 'New.Student@example.test',
  password: 'a long enough password',
  firstName: 'New',
  lastName: 'Student',
};

describe.each(databases)('registration and activation on %s', (kind) => {
  const t = useTestApp(kind);
  const register = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/v2/users/register', payload: payload as object });
  const login = () => postLogin(t, newcomer);

  it('refuses a username containing @ (it could shadow an e-mail address at sign-in) and writes nothing', async () => {
    const before = await rowCounts(t.db);
    for (const username of ['someone@example.test', 'a@b']) {
      const res = await register({ ...newcomer, username });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.validation).toEqual({ username: 'not_email' });
    }
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('registers a pending free-plan student and writes an activation mail; the link activates the account', async () => {
    const res = await register(newcomer);
    expect(res.statusCode).toBe(201);
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', newcomer.username)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      status: 'pending',
      role: 'Student',
      email: 'new.student@example.test',
      terms_ack: 0,
    });
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    const access = await t.db
      .selectFrom('individual_access')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(access.map((a) => a.plan)).toEqual(['free']);

    expect((await login()).json().error.code).toBe(ERROR_CODES.INVALID_USER_STATUS);
    const mail = await lastMailTo(t.db, newcomer.email);
    expect(mail?.kind).toBe('activation');
    const token = linkToken(mail?.body_text ?? '', '/activate-account');
    const activated = await t.app.inject({ method: 'GET', url: `/api/v2/users/activate/${token}` });
    expect(activated.statusCode).toBe(200);
    expect((await login()).statusCode).toBe(200);
    // An activation link works once.
    const again = await t.app.inject({ method: 'GET', url: `/api/v2/users/activate/${token}` });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe(ERROR_CODES.INVALID_TOKEN);
  });

  it('an existing username or e-mail answers 409 and writes nothing', async () => {
    await createUser(t.db, { username: 'taken', email: 'taken@example.test' });
    const before = await rowCounts(t.db);
    for (const clash of [{ username: 'taken' }, { email: 'TAKEN@example.test' }]) {
      const res = await register({ ...newcomer, ...clash });
      expect(res.statusCode).toBe(409);
      expect(errorBodySchema.parse(res.json()).error.message).toBe('Email or Username already exists');
    }
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('bad input answers 400 with a validation map and writes nothing', async () => {
    const before = await rowCounts(t.db);
    const cases: [object, Record<string, string>][] = [
      [
        {},
        {
          username: 'required',
          email: 'required',
          password: 'required',
          firstName: 'required',
          lastName: 'required',
        },
      ],
      [{ ...newcomer, email: 'not-an-email' }, { email: 'email' }],
      [{ ...newcomer, password: 'short' }, { password: 'min' }],
      [{ ...newcomer, username: 'x'.repeat(500) }, { username: 'max' }],
      [{ ...newcomer, firstName: 'x'.repeat(5000) }, { firstName: 'max' }],
      [{ ...newcomer, lastName: 7 }, { lastName: 'type' }],
      [{ ...newcomer, username: 'has spaces' }, { username: 'regex' }],
    ];
    for (const [payload, validation] of cases) {
      const res = await register(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.validation).toEqual(validation);
    }
    const malformed = await postRaw(t, '/api/v2/users/register', 'application/json', '{"username": "a"');
    expect(malformed.statusCode).toBe(400);
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('an unknown or oversized activation token answers 400 and writes nothing', async () => {
    await register(newcomer);
    const before = await rowCounts(t.db);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v2/users/activate/unknown-token' })).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v2/users/activate/${'x'.repeat(3000)}` })).statusCode,
    ).toBe(400);
    expect(await rowCounts(t.db)).toEqual(before);
    const user = await t.db.selectFrom('users').select('status').executeTakeFirstOrThrow();
    expect(user.status).toBe('pending');
  });

  it('an expired activation link answers 400', async () => {
    await register(newcomer);
    await t.db
      .updateTable('user_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const token = linkToken((await lastMailTo(t.db, newcomer.email))?.body_text ?? '', '/activate-account');
    expect((await t.app.inject({ method: 'GET', url: `/api/v2/users/activate/${token}` })).statusCode).toBe(
      400,
    );
  });
});

describe.each(databases)('registration rate limit on %s', (kind) => {
  const t = useTestApp(kind, { authRateLimitPerMinute: 2 });

  it('answers 429 once an address exceeds the limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/users/register',
        payload: { username: 'x' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 429]);
  });
});
