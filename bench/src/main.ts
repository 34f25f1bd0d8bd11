/**
 * `npm run bench [-- --json] [-- --only <suite>]`: runs every benchmark suite and prints its figures.
 * With `--json`, the last line of stdout is one JSON object of all named figures (docs/benchmarks.md).
 */
import os from 'node:os';
import type { BenchSuite } from './suite.ts';
import { suites } from './suites.ts';

function parseArgs(argv: readonly string[]): { json: boolean; only: string | undefined } {
  const onlyIndex = argv.indexOf('--only');
  return { json: argv.includes('--json'), only: onlyIndex >= 0 ? argv[onlyIndex + 1] : undefined };
}

async function main(): Promise<void> {
  const { json, only } = parseArgs(process.argv.slice(2));
  const selected: BenchSuite[] = suites.filter((s) => only === undefined || s.name === only);
  const figures: Record<string, number> = {};
  console.log(
    `# ${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.availableParallelism()} · Node ${process.version}`,
  );
  for (const suite of selected) {
    console.log(`## ${suite.name}`);
    const result = await suite.run();
    for (const [name, value] of Object.entries(result)) {
      const key = `${suite.name}.${name}`;
      figures[key] = value;
      console.log(`${key.padEnd(48)} ${Number.isInteger(value) ? value : value.toPrecision(4)}`);
    }
  }
  if (json) console.log(JSON.stringify(figures));
}

await main();
