/**
 * `node e2e/support/preview-bench.ts`: the live preview's browser figures for the bench (bench/src/web.ts runs it
 * after building the web app, and reads the JSON object it prints last). Starts the real server on a fresh data
 * folder, makes a teacher's brain module and an enrolled student, opens the simulator in Debian Chromium as the
 * student, adds a T2-weighted TSE and, once its preview shows, measures (./preview-latency.ts):
 * - `preview.inputToPaint.ms` (p95) and `.p50.ms`: 40 TE steps (arrow keys, 0.1 ms), input event to painted frame;
 * - `preview.roundTrip.ms` (p95): the same frames' request-to-answer time in the page (the figure the stories
 *   logged as `web.preview.teChange.ms` p95 before issue 26);
 * - `preview.sliceMoved.browser.ms`: the worker's engine time (prepare + render) for 10 slice moves of 1 mm
 *   (Position H, arrow keys), median: the Node figure's counterpart in the browser;
 * - `preview.wasm`: 1 when the worker's FFTs ran on WebAssembly, 0 on the JavaScript fallback.
 */
import { acceptTerms, completeFirstLogin, createClient, createUser, uniqueName } from './api.ts';
import { launchBrowser, newPage } from './browser.ts';
import { quantile, measurePreviewSteps } from './preview-latency.ts';
import { larmor, startServer } from './server.ts';
import { brainModule } from '../stories/simulator-support.ts';

const PASSWORD = 'bench password 123';

async function member(
  baseUrl: string,
  admin: { username: string; password: string },
  clientId: string,
  role: 'Teacher' | 'Student',
) {
  const created = await createUser(baseUrl, admin, {
    username: uniqueName(role === 'Teacher' ? 'teach' : 'stu'),
    password: 'first password 123',
    role,
    clientIds: [clientId],
  });
  return completeFirstLogin(baseUrl, created, PASSWORD);
}

async function measure(): Promise<Record<string, number>> {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const admin = { username: 'benchadmin', password: 'bench admin password 1' };
    larmor(
      [
        'create-admin',
        '--username',
        admin.username,
        '--email',
        'benchadmin@example.test',
        '--password',
        admin.password,
      ],
      server.env,
    );
    await acceptTerms(server.url, admin);
    const clientId = await createClient(server.url, admin, uniqueName('School '));
    const teacher = await member(server.url, admin, clientId, 'Teacher');
    const student = await member(server.url, admin, clientId, 'Student');
    const { programId, labId } = await brainModule(server.url, teacher, student);
    const { page } = await newPage(browser, server.url);
    page.setDefaultTimeout(60_000);
    await page.goto('/');
    await page.getByLabel('Username').fill(student.username);
    await page.getByLabel('Password', { exact: true }).fill(student.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');
    await page.goto(`/session/-1/simulator?programId=${programId}&labId=${labId}`);
    await page.waitForURL(/\/session\/[0-9a-f-]{36}\/simulator$/);
    await page.getByRole('combobox', { name: 'Add a sequence' }).click();
    await page.getByRole('option', { name: 'T2-weighted TSE' }).click();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="live-preview"][data-frame]') !== null,
    );
    // Warm-up: the first steps compile the worker's code paths.
    await measurePreviewSteps(page, page.getByRole('textbox', { name: /^TE/ }), 6);
    const te = await measurePreviewSteps(page, page.getByRole('textbox', { name: /^TE/ }), 40);
    await page.getByRole('tab', { name: 'Geometry' }).click();
    const moved = await measurePreviewSteps(page, page.getByRole('textbox', { name: /^Position H/ }), 10);
    return {
      'preview.inputToPaint.ms': quantile(te.inputToPaintMs, 0.95),
      'preview.inputToPaint.p50.ms': quantile(te.inputToPaintMs, 0.5),
      'preview.roundTrip.ms': quantile(te.roundTripMs, 0.95),
      'preview.teChange.browser.ms': quantile(te.computeMs, 0.5),
      'preview.sliceMoved.browser.ms': quantile(moved.computeMs, 0.5),
      'preview.sliceMoved.inputToPaint.ms': quantile(moved.inputToPaintMs, 0.5),
      'preview.wasm': te.backend === 'wasm' && moved.backend === 'wasm' ? 1 : 0,
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

console.log(JSON.stringify(await measure()));
