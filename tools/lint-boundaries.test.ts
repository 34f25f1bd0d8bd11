import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import boundaries of DESIGN.md §1 are enforced by eslint.config.js. These tests lint small pieces of code
 * as if they stood at a path of the repository, so a broken rule shows up as a failing test, not as a silent
 * pass.
 */
const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('import boundaries (DESIGN.md §1)', () => {
  it('@larmor/mri imports nothing of ours and no node:* module', async () => {
    expect(
      await ruleIds('packages/mri/src/x.ts', "import fs from 'node:fs';\nexport const f = fs;\n"),
    ).toContain('no-restricted-imports');
    expect(
      await ruleIds(
        'packages/mri/src/x.ts',
        "import { API_PREFIX } from '@larmor/contracts';\nexport const p = API_PREFIX;\n",
      ),
    ).toContain('no-restricted-imports');
  });

  it('@larmor/mri reaches nothing outside its package by a relative path, however deep the file', async () => {
    const escaping = "import { buildApp } from '../../server/src/app.ts';\nexport const b = buildApp;\n";
    expect(await ruleIds('packages/mri/src/x.ts', escaping)).toContain('import-x/no-restricted-paths');
    const deepInside = "import { msToS } from '../../../units.ts';\nexport const f = msToS;\n";
    expect(await ruleIds('packages/mri/src/a/b/c/x.ts', deepInside)).toEqual([]);
  });

  it('@larmor/contracts imports nothing of ours', async () => {
    expect(
      await ruleIds(
        'packages/contracts/src/x.ts',
        "import { msToS } from '@larmor/mri';\nexport const f = msToS;\n",
      ),
    ).toContain('no-restricted-imports');
  });

  it('the server does not import the web app', async () => {
    expect(
      await ruleIds(
        'packages/server/src/x.ts',
        "import { App } from '@larmor/web';\nexport const a = App;\n",
      ),
    ).toContain('no-restricted-imports');
  });

  it('the web app does not import the server or node:* modules', async () => {
    expect(
      await ruleIds(
        'packages/web/src/features/users/x.ts',
        "import { buildApp } from '@larmor/server';\nexport const b = buildApp;\n",
      ),
    ).toContain('no-restricted-imports');
    expect(
      await ruleIds('packages/web/src/lib/x.ts', "import fs from 'node:fs';\nexport const f = fs;\n"),
    ).toContain('no-restricted-imports');
  });

  it('a web feature does not import another feature, but may import its own files and lib/', async () => {
    const crossing =
      "import { ImportUsersDialog } from '../users/components/ImportUsersDialog.tsx';\nexport const u = ImportUsersDialog;\n";
    expect(await ruleIds('packages/web/src/features/groups/x.ts', crossing)).toContain(
      'import-x/no-restricted-paths',
    );
    const own =
      "import { ImportUsersDialog } from './components/ImportUsersDialog.tsx';\nexport const u = ImportUsersDialog;\n";
    expect(await ruleIds('packages/web/src/features/users/x.ts', own)).toEqual([]);
  });

  it('no file imports itself through a cycle of imports', async () => {
    // scans/runner.ts imports scans/repository.ts: the repository importing the runner closes a cycle.
    const closing = "import { startScan } from './runner.ts';\nexport const s = startScan;\n";
    expect(await ruleIds('packages/server/src/modules/scans/repository.ts', closing)).toContain(
      'import-x/no-cycle',
    );
    const downward = "import { newId } from '../../db/ids.ts';\nexport const n = newId;\n";
    expect(await ruleIds('packages/server/src/modules/scans/repository.ts', downward)).toEqual([]);
  });
});
