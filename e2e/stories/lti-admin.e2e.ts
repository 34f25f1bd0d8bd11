/**
 * Issue 27.1 in a real browser against the real server: an administrator opens Admin › LTI, picks an
 * organisation, reads Larmor's public keyset URL (which serves the key the page lists) and the other end points
 * (login, redirect, deep-linking URL), registers a platform
 * (an http issuer is refused at its field), edits it, rotates the signing key (the old key stays listed as
 * retired) and removes the platform; the page is axe-clean.
 */
import { describe, expect, it } from 'vitest';
import { createClient, uniqueName } from '../support/api.ts';
import { expectAccessible } from '../support/a11y.ts';
import { storyFile } from '../support/story.ts';

const { admin, baseUrl, signedIn } = storyFile();

describe('LTI administration', () => {
  it('an admin reads the tool configuration, registers, edits and removes a platform, and rotates the key', async () => {
    const name = uniqueName('LTI school');
    const clientId = await createClient(baseUrl, admin, name);
    await signedIn(admin, async (page) => {
      await page.goto('/admin/lti');
      await page.getByRole('combobox', { name: 'Organisation' }).click();
      await page.getByRole('option', { name }).click();

      const jwksUrl = page.getByTestId('lti-jwks-url');
      await expect.poll(() => jwksUrl.textContent()).toContain(`/api/v1/lti/${clientId}/jwks`);
      await expect.poll(() => page.getByTestId('lti-login-url').textContent()).toContain('/api/v1/lti/login');
      await expect
        .poll(() => page.getByTestId('lti-redirect-url').textContent())
        .toContain('/api/v1/lti/launch');
      await expect
        .poll(() => page.getByTestId('lti-deep-linking-url').textContent())
        .toContain('/api/v1/lti/deep-linking');
      const keyRows = page.getByRole('row').filter({ hasText: /Signing|Retired/ });
      await expect.poll(() => keyRows.count()).toBe(1);
      const served = (await (await fetch(`${baseUrl}/api/v1/lti/${clientId}/jwks`)).json()) as {
        keys: { kid: string }[];
      };
      expect(served.keys).toHaveLength(1);
      expect(await keyRows.first().textContent()).toContain(served.keys[0]?.kid);

      await page.getByRole('button', { name: 'Register platform' }).click();
      const form = page.getByRole('dialog', { name: 'Register platform' });
      await form.getByLabel('Name').fill('Moodle');
      await form.getByLabel('Issuer').fill('http://moodle.example.edu');
      await form.getByLabel('Client ID').fill('larmor-tool');
      await form.getByRole('textbox', { name: /^Deployment IDs/ }).fill('1');
      await form.getByLabel('Public keyset URL (JWKS)').fill('https://moodle.example.edu/mod/lti/certs.php');
      await form.getByLabel('Authentication request URL').fill('https://moodle.example.edu/mod/lti/auth.php');
      await form.getByLabel('Access token URL').fill('https://moodle.example.edu/mod/lti/token.php');
      await form.getByRole('button', { name: 'Register' }).click();
      await expect.poll(() => form.getByText('Must be an absolute https URL').isVisible()).toBe(true);
      await form.getByLabel('Issuer').fill('https://moodle.example.edu');
      await form.getByRole('button', { name: 'Register' }).click();
      await expect.poll(() => form.isVisible()).toBe(false);
      const row = page.getByRole('row', { name: /Moodle/ });
      await expect.poll(() => row.textContent()).toContain('https://moodle.example.edu');

      await page.getByRole('button', { name: 'Edit Moodle' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit platform' });
      await edit.getByRole('textbox', { name: /^Deployment IDs/ }).fill('1, 7');
      await edit.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => row.textContent()).toContain('1, 7');

      await page.getByRole('button', { name: 'Rotate signing key' }).click();
      const rotate = page.getByRole('dialog', { name: 'Rotate signing key' });
      await rotate.getByRole('button', { name: 'Rotate' }).click();
      await expect.poll(() => keyRows.count()).toBe(2);
      // The dialog fades out over 300 ms after the keys are read again: axe must not judge its fading text.
      await rotate.waitFor({ state: 'detached' });
      await expect.poll(() => page.getByRole('row').filter({ hasText: 'Retired' }).count()).toBe(1);

      await expectAccessible(page, 'Admin › LTI');

      await page.getByRole('button', { name: 'Remove Moodle' }).click();
      await page
        .getByRole('dialog', { name: 'Remove platform' })
        .getByRole('button', { name: 'Remove' })
        .click();
      await expect.poll(() => row.count()).toBe(0);
      await expect.poll(() => page.getByText('No data').isVisible()).toBe(true);
    });
  });
});
