/**
 * The real server as the API and sessions figures run it: the app on `database` with the demo content seeded,
 * listening on a free loopback port, logs silent and rate limits off, and a demo account signed in.
 */
import { buildApp } from '@larmor/server';
import { loadConfig } from '@larmor/server/config';
import type { DatabaseHandle } from '@larmor/server/db/database';
import { migrateToLatest } from '@larmor/server/db/migrate';
import { seedDemoData } from '@larmor/server/db/seed';

/** The seeded demo student the figures sign in as. */
export const DEMO_STUDENT = { username: 'student', password: 'larmor-student' };

/** Starts the app over `database` (its files under `dataDir`) and signs in as `account`; close `app` after. */
export async function startDemoApp(
  database: DatabaseHandle,
  dataDir: string,
  account: { username: string; password: string },
) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_PER_MINUTE: '0',
    RATE_LIMIT_PER_MINUTE: '0',
  });
  const app = await buildApp({ config, database });
  try {
    await migrateToLatest(database.db);
    await seedDemoData(database.db);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const signIn = await fetch(`${address}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    });
    const { accessToken } = (await signIn.json()) as { accessToken: string };
    return { app, config, address, accessToken };
  } catch (error) {
    await app.close();
    throw error;
  }
}
