import { outboxResponseSchema } from '@larmor/contracts';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASKED_TOKEN } from '../../mail/outbox.ts';
import { bearer, createUser, tokenFor } from '../../test/fixtures.ts';
import { databases, useTestApp } from '../../test/helper.ts';
import { lastMailTo, linkToken } from '../../test/mail.ts';

describe.each(databases)('mail outbox on %s', (kind) => {
  const t = useTestApp(kind);

  it('admins read the outbox, newest first, with paging', async () => {
    const user = await createUser(t.db);
    await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: user.email } });
    await t.app.inject({ method: 'POST', url: '/api/forgot-username', payload: { email: user.email } });
    await t.app.deferred.settled();
    const admin = await createUser(t.db, { role: 'Admin' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/mail/outbox?per_page=1',
      headers: bearer(await tokenFor(admin)),
    });
    expect(res.statusCode).toBe(200);
    const outbox = outboxResponseSchema.parse(res.json());
    expect(outbox.total).toBe(2);
    expect(outbox.items).toHaveLength(1);
    expect(outbox.items[0]).toMatchObject({ to: user.email, sentAt: null });
  });

  it('shows the link of an unsent message, and masks the token of a sent one (issue 8 item 6)', async () => {
    const user = await createUser(t.db);
    await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: user.email } });
    await t.app.deferred.settled();
    const stored = await lastMailTo(t.db, user.email);
    const token = linkToken(stored?.body_text ?? '', '/reset-password');
    const admin = await createUser(t.db, { role: 'Admin' });
    const read = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/mail/outbox',
        headers: bearer(await tokenFor(admin)),
      });
      return outboxResponseSchema.parse(res.json()).items[0]?.text ?? '';
    };
    expect(await read()).toContain(`/reset-password/${token}`);
    // A message recorded as sent with its link still in the table (sent before masking existed).
    await t.db.updateTable('mail_outbox').set({ sent_at: new Date().toISOString() }).execute();
    const masked = await read();
    expect(masked).not.toContain(token);
    expect(masked).toContain(`/reset-password/${MASKED_TOKEN}`);
  });

  it('nonsense paging answers 400', async () => {
    const admin = await createUser(t.db, { role: 'Admin' });
    const headers = bearer(await tokenFor(admin));
    for (const query of ['page=0', 'per_page=-1', 'per_page=100000', 'page=abc']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/mail/outbox?${query}`, headers });
      expect(res.statusCode, query).toBe(400);
    }
  });
});

interface Received {
  to: string[];
  data: string;
}

describe.each(databases)('SMTP delivery on %s', (kind) => {
  const received: Received[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const address = smtp.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  const t = useTestApp(kind, () => ({ smtpUrl: `smtp://127.0.0.1:${port}` }));

  it('sends outbox mail over SMTP when SMTP_URL is set and records it as sent', async () => {
    const user = await createUser(t.db, { email: 'reader@example.test' });
    await t.app.inject({ method: 'POST', url: '/api/forgot-username', payload: { email: user.email } });
    // The call's deferred work wrote the mail and started a delivery round; awaiting a round awaits both.
    await t.app.deferred.settled();
    await t.app.mail.deliverPending();
    const row = await t.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
    expect(row.sent_at).not.toBeNull();
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual(['reader@example.test']);
    expect(received[0]?.data).toContain(`Your Larmor username is: ${user.username}`);
    received.length = 0;
  });

  it('once a reset mail is sent, the outbox keeps it with the link token masked', async () => {
    const user = await createUser(t.db, { email: 'resetter@example.test' });
    await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: user.email } });
    await t.app.deferred.settled();
    await t.app.mail.deliverPending();
    const token = linkToken(received[0]?.data.replace(/=\r\n/g, '') ?? '', '/reset-password');
    const row = await t.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
    expect(row.sent_at).not.toBeNull();
    expect(row.body_text).not.toContain(token);
    expect(row.body_text).toContain(`/reset-password/${MASKED_TOKEN}`);
    received.length = 0;
  });
});
