import { parseFlags, type CliCommand } from '../command.ts';
import { describeDatabase, withMigratedDatabase } from '../database.ts';

/** `larmor migrate`: applies every pending migration to the DATA_DIR / DATABASE_URL database. */
export const migrateCommand: CliCommand = {
  name: 'migrate',
  summary: 'migrate   apply pending database migrations (DATA_DIR or DATABASE_URL)',
  async run(args) {
    parseFlags(args, {});
    await withMigratedDatabase(async (_database, config) => {
      console.log(`migrate: ${describeDatabase(config)} is up to date`);
    });
    return 0;
  },
};
