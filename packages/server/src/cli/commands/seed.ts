import { formatAccounts, seedDemoData } from '../../db/seed.ts';
import { parseFlags, type CliCommand } from '../command.ts';
import { describeDatabase, withMigratedDatabase } from '../database.ts';

/** `larmor seed`: writes the demo organisation and accounts (SQLite or PostgreSQL) and prints the accounts. */
export const seedCommand: CliCommand = {
  name: 'seed',
  summary: 'seed      write the demo organisation and accounts, and print them',
  async run(args) {
    parseFlags(args, {});
    return withMigratedDatabase(async (database, config) => {
      try {
        const accounts = await seedDemoData(database.db);
        console.log(`seed: demo data written to ${describeDatabase(config)}\n${formatAccounts(accounts)}`);
        return 0;
      } catch (error) {
        console.error(`seed: ${error instanceof Error ? error.message : String(error)}`);
        return 1;
      }
    });
  },
};
