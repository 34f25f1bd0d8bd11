#!/usr/bin/env node
/**
 * The `larmor` command line: `npm run larmor -- <command> [flags]` (start, worker, migrate, seed,
 * create-admin, render, simulate, pulseq-info, …). Each command lives in cli/commands/.
 */
import { UsageError } from './cli/command.ts';
import { commands } from './cli/commands/index.ts';

function usage(): string {
  const lines = commands.map((c) => `  ${c.summary}`);
  return ['Usage: npm run larmor -- <command> [flags]', '', 'Commands:', ...lines].join('\n');
}

async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help') {
    console.log(usage());
    return name === undefined ? 2 : 0;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    console.error(`Unknown command '${name}'.\n\n${usage()}`);
    return 2;
  }
  try {
    return await command.run(rest);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`larmor ${name}: ${error.message}\n  ${command.summary}`);
      return 2;
    }
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
