/**
 * The landing page (issue "Accessibility and look"): a visitor to / reads what Larmor is for and sees the engine's
 * own images beside the sign-in form, at 1280 × 800 and on a 768 px tablet. The story keeps screenshots.
 */
import { describe, expect, it } from 'vitest';
import { isCommonPassword } from '@larmor/contracts/common-passwords';
import { keepScreenshot } from '../support/browser.ts';
import { storyFile } from '../support/story.ts';

const { openPage } = storyFile();

describe('landing page', () => {
  it('a visitor to / sees what Larmor is for, three brain images the engine rendered, and the sign-in form', async () => {
    const { context, page } = await openPage();
    await page.goto('/');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Learn MRI by scanning.' }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
    const images = page.locator('figure img');
    await expect.poll(() => images.count()).toBe(3);
    // Each image is a real PNG of the engine's (decoded, square, not blank).
    await expect
      .poll(() =>
        images.evaluateAll((elements) =>
          elements.map((element) => {
            const image = element as HTMLImageElement;
            if (!image.complete || image.naturalWidth === 0) return 'not loaded';
            const canvas = document.createElement('canvas');
            canvas.width = image.naturalWidth;
            canvas.height = image.naturalHeight;
            const context2d = canvas.getContext('2d');
            if (!context2d) return 'no canvas';
            context2d.drawImage(image, 0, 0);
            const pixels = context2d.getImageData(0, 0, canvas.width, canvas.height).data;
            let bright = 0;
            for (let i = 0; i < pixels.length; i += 4) if ((pixels[i] ?? 0) > 64) bright += 1;
            return image.naturalWidth === image.naturalHeight && bright > canvas.width * canvas.height * 0.1
              ? 'ok'
              : 'blank';
          }),
        ),
      )
      .toEqual(['ok', 'ok', 'ok']);
    const notice = await page.request.get('/figures/landing/COPYRIGHT-colin27.txt');
    expect(notice.status()).toBe(200);
    expect(await notice.text()).toContain('Chris Rorden');
    await keepScreenshot(page, 'landing-1280');
    await page.setViewportSize({ width: 768, height: 1024 });
    await expect.poll(() => page.getByLabel('Username').isVisible()).toBe(true);
    await keepScreenshot(page, 'landing-768');
    await context.close();
  });

  it('the first page does not load the common-password list; the sign-up page, which checks new passwords, does', async () => {
    // One of the list's entries, as it is written in the list's module.
    const LIST_ENTRY = 'iloveyou';
    expect(isCommonPassword(LIST_ENTRY)).toBe(true);
    const { context, page } = await openPage();
    try {
      const scripts: Promise<string>[] = [];
      page.on('response', (response) => {
        if (response.ok() && new URL(response.url()).pathname.endsWith('.js')) scripts.push(response.text());
      });
      await page.goto('/');
      await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
      expect((await Promise.all(scripts)).filter((script) => script.includes(LIST_ENTRY))).toEqual([]);
      await page.goto('/signup');
      await expect.poll(() => page.getByLabel('Username').isVisible()).toBe(true);
      expect((await Promise.all(scripts)).some((script) => script.includes(LIST_ENTRY))).toBe(true);
    } finally {
      await context.close();
    }
  });
});
