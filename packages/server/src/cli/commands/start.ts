import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { formatAccounts, isEmpty, seedDemoData } from '../../db/seed.ts';
import { parseFlags, type CliCommand } from '../command.ts';
import { describeDatabase } from '../database.ts';

/**
 * `larmor start`: migrates, seeds the demo data on an empty embedded (SQLite) database and prints the
 * accounts, then serves the API and the web app on PORT until SIGINT or SIGTERM.
 */
export const startCommand: CliCommand = {
  name: 'start',
  summary: 'start     migrate, seed an empty embedded database, and serve on PORT (default 8080)',
  async run(args) {
    parseFlags(args, {});
    const config = loadConfig();
    const database = openDatabase({
      databaseUrl: config.databaseUrl,
      sqlitePath: config.sqlitePath,
      // A lost idle connection (PostgreSQL restarting) is dropped and replaced on demand; say so once.
      onConnectionError: (error) => console.warn(`database connection lost: ${error.message}`),
    });
    await migrateToLatest(database.db);
    if (database.kind === 'sqlite' && (await isEmpty(database.db))) {
      console.log(formatAccounts(await seedDemoData(database.db)));
    }
    const app = await buildApp({ config, database });
    const stopped = new Promise<void>((resolve) => {
      const stop = (): void => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        void app
          .close()
          .then(() => database.close())
          .then(resolve);
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    });
    await app.listen({ port: config.port, host: config.host });
    console.log(
      `Larmor on http://localhost:${config.port} (${describeDatabase(config)}); API docs at /api/docs`,
    );
    await stopped;
    return 0;
  },
};
