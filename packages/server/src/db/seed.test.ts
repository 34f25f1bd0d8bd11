import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from '../test/helper.ts';
import { formatAccounts, isEmpty, seedDemoData } from './seed.ts';

describe.each(databases)('demo seed on %s', (kind) => {
  const t = useTestApp(kind);

  it('seeds an organisation with admin, teacher, two students and a free-plan user who can all sign in', async () => {
    expect(await isEmpty(t.db)).toBe(true);
    const accounts = await seedDemoData(t.db, t.app.config.passwordHashCost);
    expect(accounts.map((a) => a.username)).toEqual([
      'admin',
      'teacher',
      'student',
      'newstudent',
      'freeuser',
    ]);
    expect(formatAccounts(accounts)).toContain('larmor-admin');
    for (const account of accounts) {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: account });
      expect(res.statusCode, account.username).toBe(200);
    }
    const newcomer = await t.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'newstudent')
      .executeTakeFirstOrThrow();
    expect(newcomer).toMatchObject({ first_login: 1, terms_ack: 0 });
    const free = await t.db
      .selectFrom('individual_access as ia')
      .innerJoin('users as u', 'u.id', 'ia.user_id')
      .select(['u.username', 'ia.plan'])
      .execute();
    expect(free).toEqual([{ username: 'freeuser', plan: 'free' }]);
  });

  it('refuses to seed twice and leaves the data as it was', async () => {
    await seedDemoData(t.db, t.app.config.passwordHashCost);
    const users = await t.db.selectFrom('users').select('id').execute();
    await expect(seedDemoData(t.db, t.app.config.passwordHashCost)).rejects.toThrow(/already there/);
    expect(await t.db.selectFrom('users').select('id').execute()).toHaveLength(users.length);
  });
});
