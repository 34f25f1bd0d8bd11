import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci` refused the lockfile for lacking unrs-resolver's optional platform packages ("Missing:
 * @unrs/resolver-binding-android-arm-eabi@ from lock file", issue 8 item 12): `npm install` had left out the ones
 * the registry could not supply for 1.13.0. This reads package-lock.json the way npm resolves it (a name looked
 * up in node_modules folders from the dependent's folder up to the root), offline. CI's `npm ci` (.ci/run)
 * checks the whole lockfile.
 */
interface LockEntry {
  optionalDependencies?: Record<string, string>;
}

const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

/** Whether `name`, needed by the package at `from` (a lockfile key), resolves to an entry of the lockfile. */
function resolves(from: string, name: string): boolean {
  for (let folder = from; ;) {
    const candidate = folder === '' ? `node_modules/${name}` : `${folder}/node_modules/${name}`;
    if (candidate in lock.packages) return true;
    if (folder === '') return false;
    const parent = folder.lastIndexOf('/node_modules/');
    folder = parent >= 0 ? folder.slice(0, parent) : '';
  }
}

describe('package-lock.json', () => {
  it('locks every platform package unrs-resolver names (npm ci refused the lockfile without them)', () => {
    const resolver = lock.packages['node_modules/unrs-resolver'];
    const platforms = Object.keys(resolver?.optionalDependencies ?? {});
    expect(platforms).toContain('@unrs/resolver-binding-darwin-arm64');
    expect(platforms.filter((name) => !resolves('node_modules/unrs-resolver', name))).toEqual([]);
  });
});
