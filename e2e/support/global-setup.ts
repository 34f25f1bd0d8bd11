/**
 * Vitest global setup of the browser stories: build the web app, start the real server on a temporary SQLite
 * database, create an admin with the CLI, and hand the URL and the admin's credentials to the stories.
 */
import type { TestProject } from 'vitest/node';
import { acceptTerms } from './api.ts';
import { buildWebApp, larmor, startServer, type RunningServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminUsername: string;
    adminPassword: string;
  }
}

let server: RunningServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  if (process.env.E2E_SKIP_BUILD !== '1') buildWebApp();
  server = await startServer();
  const admin = { username: 'e2eadmin', password: 'e2e admin password 1' };
  larmor(
    [
      'create-admin',
      '--username',
      admin.username,
      '--email',
      'e2eadmin@example.test',
      '--password',
      admin.password,
    ],
    server.env,
  );
  // The admin of these stories has been here before: terms accepted, so no forced dialog on sign-in.
  await acceptTerms(server.url, admin);
  project.provide('baseUrl', server.url);
  project.provide('adminUsername', admin.username);
  project.provide('adminPassword', admin.password);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
