/**
 * The knowledge base in a real browser against the real server (issue 10): Help opens it in a new tab, articles
 * (the curriculum's too, issue 24) show figures the engine rendered at build time, and the anchors other screens
 * link to land on their section.
 * Each story keeps a screenshot in e2e/screenshots/.
 */
import { describe, expect, it } from 'vitest';
import { keepScreenshot } from '../support/browser.ts';
import { settledStudent, signInToDashboard, storyFile } from '../support/story.ts';

const { baseUrl, admin, openPage } = storyFile();

describe('knowledge base', () => {
  it('a student opens Help in a new tab, reads an article with engine-rendered figures, and follows a parameter link', async () => {
    const student = await settledStudent(baseUrl, admin);
    const { context, page } = await openPage();
    try {
      await signInToDashboard(page, student);
      const [help] = await Promise.all([context.waitForEvent('page'), page.getByTestId('nav-help').click()]);
      await help.waitForLoadState();
      expect(new URL(help.url()).pathname).toBe('/knowledge-base');
      await expect
        .poll(() => help.getByRole('heading', { name: 'Knowledge base', level: 1 }).isVisible())
        .toBe(true);

      await help
        .getByRole('main')
        .getByRole('link', { name: 'Contrast and weighting: T1, T2 and proton density' })
        .click();
      const figure = help.getByRole('img', { name: /T2-weighted spin echo of the brain/ });
      await expect
        .poll(() => figure.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBe(128);
      await keepScreenshot(help, 'knowledge-base-article');

      // A curriculum article (issue 24): its engine figure at 3 T loads, its table is read, and the page passes axe.
      await help
        .getByRole('navigation', { name: 'Knowledge base contents' })
        .getByRole('link', { name: '1.5 T and 3 T: what changes with field strength' })
        .click();
      const figure3t = help.getByRole('img', { name: /The same spin echo at 3 T: less signal/ });
      await expect
        .poll(() => figure3t.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBe(128);
      await expect.poll(() => help.getByRole('cell', { name: '1607 ms' }).isVisible()).toBe(true);
      await keepScreenshot(help, 'knowledge-base-field-strength');

      await help.goto('/knowledge-base/timing-parameters#echo-time');
      const section = help.getByRole('heading', { name: 'Echo time (TE)' });
      await expect.poll(() => section.getAttribute('id')).toBe('echo-time');
      await expect
        .poll(() => section.evaluate((h) => Math.round(h.getBoundingClientRect().top)))
        .toBeLessThan(200);
    } finally {
      await context.close();
    }
  });
});
