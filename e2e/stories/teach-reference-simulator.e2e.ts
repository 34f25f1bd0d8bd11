/**
 * Issue 21.2 as the teacher, in the simulator: a finished scan of the module is kept as the module's reference
 * with "Keep as module reference" (the objectives are then checked against it, and students compare their
 * submitted scans with it). Keeping another scan asks before it replaces the reference. Axe-checked.
 */
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/a11y.ts';
import { callAs } from '../support/api.ts';
import { signInToDashboard, storyFile } from '../support/story.ts';
import { addSequence, schoolBrainModule, startScanning } from './simulator-support.ts';

const { baseUrl, admin, openPage } = storyFile();
const STORY_TIMEOUT_MS = 240_000;

describe('a teacher keeps a simulator scan as the module reference', () => {
  it(
    'runs a T2 TSE in the module, keeps it as the reference ("Reference saved"), and is asked before replacing it',
    async () => {
      const module = await schoolBrainModule(baseUrl, admin);
      const referenceOf = () =>
        callAs<{ reference: { scanResultId: string } | null; canMark: boolean }>(
          baseUrl,
          module.teacher,
          'GET',
          `v1/modules/${module.labId}/reference`,
        );
      const before = await referenceOf();
      expect(before).toMatchObject({ reference: null, canMark: true });

      const { context, page } = await openPage();
      try {
        await signInToDashboard(page, module.teacher);
        const { tab } = await startScanning(context, page, module);
        await addSequence(tab, 'T2-weighted TSE');
        // No finished scan in the viewport: nothing to keep yet.
        expect(await tab.getByRole('button', { name: 'Keep as module reference' }).count()).toBe(0);
        await tab.getByRole('button', { name: 'Run', exact: true }).click();
        await expect
          .poll(() => tab.getByRole('main').getByText('Finished').first().isVisible(), { timeout: 120_000 })
          .toBe(true);

        const keep = tab.getByRole('button', { name: 'Keep as module reference' });
        await keep.waitFor({ timeout: 60_000 });
        await expectAccessible(tab, 'the simulator offering Keep as module reference');
        await keep.click();
        await tab.getByText('Reference saved').first().waitFor({ timeout: 60_000 });
        const kept = await referenceOf();
        expect(kept.reference).not.toBeNull();

        // A second keep would replace it: the teacher is asked, and Cancel leaves the reference as it was.
        await keep.click();
        const replace = tab.getByRole('dialog', { name: 'Replace the module’s reference?' });
        await replace.waitFor();
        await expectAccessible(tab, 'the Replace the module’s reference? dialog');
        await replace.getByRole('button', { name: 'Cancel' }).click();
        await replace.waitFor({ state: 'detached' });
        expect((await referenceOf()).reference).toEqual(kept.reference);
      } finally {
        await context.close();
      }
    },
    STORY_TIMEOUT_MS,
  );
});
