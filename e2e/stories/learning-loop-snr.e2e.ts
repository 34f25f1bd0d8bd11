/**
 * The SNR figure follows the physics (issue 20.7), in a real browser against the real server: in a brain module a
 * student's T2-weighted TSE shows the SNR of white matter, the model's reference tissue, and lengthening TE from
 * 15 to 100 ms lowers it as e^(−ΔTE/T2) (white matter's T2 ≈ 70 ms at 1.5 T: to about a third), where the old
 * figure stayed at the same percentage. Shortening TR towards T1 lowers it further. No uncaught error, no console error.
 */
import {
  keepSimulatorScreenshots,
  schoolBrainModule,
  setParameter,
  studentAddsSequence,
} from './simulator-support.ts';
import { storyFile } from '../support/story.ts';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { collectConsoleErrors } from '../support/console-errors.ts';

const { baseUrl, admin, openPage } = storyFile();

/** The SNR the panel shows: "SNR, white matter" "67 %" → { percent: 67, tissue: 'white matter' }. */
async function shownSnr(page: Page): Promise<{ percent: number; tissue: string }> {
  const term = (await page.getByText(/^SNR, /).textContent()) ?? '';
  const value = (await page.getByTestId('derived-SNR').textContent()) ?? '';
  const match = /^(\d+) %$/.exec(value.trim());
  if (!match) throw new Error(`unexpected SNR value '${value}'`);
  return { percent: Number(match[1]), tissue: term.replace(/^SNR, /, '') };
}

describe('the SNR readout follows the physics', () => {
  it('a student lengthens TE from 15 to 100 ms on a T2-weighted TSE: the SNR of white matter falls to about a third; a short TR lowers it further', async () => {
    const { student, ...module } = await schoolBrainModule(baseUrl, admin);
    const { context, page } = await openPage();
    const errors = collectConsoleErrors(context);
    try {
      const { tab } = await studentAddsSequence(context, page, student, module, 'T2-weighted TSE');

      await setParameter(tab, /^TR/, '3000');
      await setParameter(tab, /^TE/, '15');
      await expect.poll(async () => (await shownSnr(tab)).tissue).toBe('white matter');
      const shortTe = await shownSnr(tab);

      await setParameter(tab, /^TE/, '100');
      await expect.poll(async () => (await shownSnr(tab)).percent).toBeLessThan(shortTe.percent);
      const longTe = await shownSnr(tab);
      // e^(−85 ms / T2 ≈ 70 ms) ≈ 0.30: a third, not the same percentage.
      expect(longTe.percent / shortTe.percent).toBeGreaterThan(0.2);
      expect(longTe.percent / shortTe.percent).toBeLessThan(0.45);
      await keepSimulatorScreenshots(tab, 'snr-long-te');

      // Less recovery: TR 600 ms (about white matter's T1) lowers it further.
      await setParameter(tab, /^TR/, '600');
      await expect.poll(async () => (await shownSnr(tab)).percent).toBeLessThan(longTe.percent);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
