/**
 * The web app's first page: gzipped size of the JavaScript that / (sign-in) loads, from a fresh production build.
 * Target: under 300 kB (issue "Web app shell"); the simulator and viewers load lazily later.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { firstPageJavaScript, firstPageTotal } from '../../e2e/support/first-page-size.ts';
import type { BenchSuite } from './suite.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export const webSuite: BenchSuite = {
  name: 'web',
  async run() {
    execFileSync('npm', ['run', 'build', '--workspace', '@larmor/web'], { cwd: ROOT, stdio: 'ignore' });
    const dist = `${ROOT}packages/web/dist`;
    const { bytes, gzipBytes } = firstPageJavaScript(dist);
    const total = firstPageTotal(dist);
    return {
      'firstPage.js.kB': bytes / 1000,
      'firstPage.js.gzip.kB': gzipBytes / 1000,
      'firstPage.total.gzip.kB': total.gzipBytes / 1000,
    };
  },
};
