/**
 * The web app's figures, from a fresh production build:
 * - the first page: gzipped size of the JavaScript that / (sign-in) loads. Target: under 300 kB (issue "Web app
 *   shell"); the simulator and viewers load lazily later;
 * - the live preview in Node (./preview.ts: the engine its worker runs, `preview.teChange.ms`,
 *   `preview.sliceMoved.ms`) and in Debian Chromium against the real server (e2e/support/preview-bench.ts, in a
 *   child process: `preview.inputToPaint.ms`, the student's input-to-painted-frame latency, p95, beside the
 *   worker's round trip `preview.roundTrip.ms`, p95).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { firstPageJavaScript, firstPageTotal } from '../../e2e/support/first-page-size.ts';
import { previewNodeFigures } from './preview.ts';
import type { BenchSuite } from './suite.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The browser figures of e2e/support/preview-bench.ts (the JSON object on its last line of output). */
function previewBrowserFigures(): Record<string, number> {
  const output = execFileSync(process.execPath, [`${ROOT}e2e/support/preview-bench.ts`], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const last = output.trim().split('\n').at(-1) ?? '{}';
  return JSON.parse(last) as Record<string, number>;
}

export const webSuite: BenchSuite = {
  name: 'web',
  async run() {
    execFileSync('npm', ['run', 'build', '--workspace', '@larmor/web'], {
      cwd: ROOT,
      stdio: 'ignore',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    const dist = `${ROOT}packages/web/dist`;
    const { bytes, gzipBytes } = firstPageJavaScript(dist);
    const total = firstPageTotal(dist);
    return {
      'firstPage.js.kB': bytes / 1000,
      'firstPage.js.gzip.kB': gzipBytes / 1000,
      'firstPage.total.gzip.kB': total.gzipBytes / 1000,
      ...previewNodeFigures(),
      ...previewBrowserFigures(),
    };
  },
};
