/** Steps the stories share: signing in through the form, and a student past the first login. */
import type { Page } from 'playwright-core';
import { completeFirstLogin, createUser, uniqueName, type Credentials } from './api.ts';

export const FIRST_PASSWORD = 'first password 123';
export const OWN_PASSWORD = 'my own password 456';

/** Fills the sign-in form of / and submits it. */
export async function signIn(page: Page, who: Credentials): Promise<void> {
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A student who has accepted the terms and set their own password. */
export async function settledStudent(baseUrl: string, admin: Credentials): Promise<Credentials> {
  const created = await createUser(baseUrl, admin, {
    username: uniqueName('stu'),
    password: FIRST_PASSWORD,
    role: 'Student',
  });
  return completeFirstLogin(baseUrl, created, OWN_PASSWORD);
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}
