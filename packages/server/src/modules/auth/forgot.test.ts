import { ERROR_CODES } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/fixtures.ts';
import { databases, rowCounts, useTestApp } from '../../test/helper.ts';
import { lastMailTo, linkToken } from '../../test/mail.ts';

describe.each(databases)('forgot-password, forgot-username and reset-password on %s', (kind) => {
  const t = useTestApp(kind);
  /** Posts, then waits for the work the call deferred (the forgot-* calls mail after answering). */
  async function post(url: string, payload: unknown) {
    const res = await t.app.inject({ method: 'POST', url, payload: payload as object });
    await t.app.deferred.settled();
    return res;
  }

  it('forgot-password answers the same whether or not the account exists, and mails only a real one', async () => {
    const user = await createUser(t.db);
    const known = await post('/api/forgot-password', { email: user.email });
    const unknown = await post('/api/forgot-password', { email: 'nobody@example.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    const mails = await t.db.selectFrom('mail_outbox').select(['to_address', 'kind']).execute();
    expect(mails).toEqual([{ to_address: user.email, kind: 'password_reset' }]);
  });

  it('forgot-username answers the same either way and mails the username to a real account', async () => {
    const user = await createUser(t.db);
    const known = await post('/api/forgot-username', { email: user.email });
    const unknown = await post('/api/forgot-username', { email: 'nobody@example.test' });
    expect(known.json()).toEqual(unknown.json());
    const mail = await lastMailTo(t.db, user.email);
    expect(mail?.kind).toBe('username_reminder');
    expect(mail?.body_text).toContain(user.username);
    expect(await t.db.selectFrom('mail_outbox').select('id').execute()).toHaveLength(1);
  });

  it('reset-password sets the new password from the mailed link, once, and revokes refresh tokens', async () => {
    const user = await createUser(t.db, { firstLogin: true });
    const signIn = await post('/api/login', { username: user.username, password: user.password });
    const { refreshToken } = signIn.json();
    await post('/api/forgot-password', { email: user.email });
    const token = linkToken((await lastMailTo(t.db, user.email))?.body_text ?? '', '/reset-password');
    const reset = await post('/api/reset-password', { token, password: 'a brand new password' });
    expect(reset.statusCode).toBe(200);
    expect((await post('/api/login', { username: user.username, password: user.password })).statusCode).toBe(
      401,
    );
    expect(
      (await post('/api/login', { username: user.username, password: 'a brand new password' })).statusCode,
    ).toBe(200);
    expect((await post('/api/refresh-token', { token: refreshToken })).statusCode).toBe(401);
    const again = await post('/api/reset-password', { token, password: 'yet another password' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe(ERROR_CODES.INVALID_TOKEN);
  });

  it('a deactivated account gets no reset mail', async () => {
    const user = await createUser(t.db, { status: 'deactivated' });
    expect((await post('/api/forgot-password', { email: user.email })).statusCode).toBe(200);
    expect(await t.db.selectFrom('mail_outbox').select('id').execute()).toHaveLength(0);
  });

  it('bad input to the three calls answers 400 and writes nothing', async () => {
    const user = await createUser(t.db);
    const before = await rowCounts(t.db);
    const cases: [string, unknown, string][] = [
      ['/api/forgot-password', {}, 'email'],
      ['/api/forgot-password', { email: 'nope' }, 'email'],
      ['/api/forgot-password', { email: `${'x'.repeat(300)}@example.test` }, 'email'],
      ['/api/forgot-username', { email: 12 }, 'email'],
      ['/api/reset-password', { token: 'unknown-token', password: 'short' }, 'password'],
      ['/api/reset-password', { password: 'long enough password' }, 'token'],
      ['/api/reset-password', { token: 'x'.repeat(3000), password: 'long enough password' }, 'token'],
    ];
    for (const [url, payload, field] of cases) {
      const res = await post(url, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.json().error.validation).toHaveProperty(field);
    }
    const unknownToken = await post('/api/reset-password', {
      token: 'unknown-token',
      password: 'long enough password',
    });
    expect(unknownToken.statusCode).toBe(400);
    expect(unknownToken.json().error.code).toBe(ERROR_CODES.INVALID_TOKEN);
    expect(await rowCounts(t.db)).toEqual(before);
    expect((await post('/api/login', { username: user.username, password: user.password })).statusCode).toBe(
      200,
    );
  });
});

describe.each(databases)('forgot/reset rate limits on %s', (kind) => {
  const t = useTestApp(kind, { authRateLimitPerMinute: 2 });

  it('each of forgot-password, forgot-username and reset-password answers 429 past the limit', async () => {
    for (const url of ['/api/forgot-password', '/api/forgot-username', '/api/reset-password']) {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await t.app.inject({ method: 'POST', url, payload: {} })).statusCode);
      expect(statuses, url).toEqual([400, 400, 429]);
    }
  });
});
