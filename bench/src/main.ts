/**
 * `npm run bench [-- --json] [-- --only <suite>]`: runs every benchmark suite and prints its figures.
 * With `--json`, the last line of stdout is one JSON object of all named figures (docs/benchmarks.md).
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { BenchSuite } from './suite.ts';
import { suites } from './suites.ts';

/** The options, parsed strictly: an unknown flag or suite name is an error that names it, not a silent no-op. */
function options(argv: readonly string[]): { json: boolean; only: string | undefined } {
  const { values } = parseArgs({
    args: [...argv],
    options: { json: { type: 'boolean' }, only: { type: 'string' } },
    strict: true,
  });
  const names = suites.map((s) => s.name);
  if (values.only !== undefined && !names.includes(values.only)) {
    throw new Error(`--only must be one of ${names.join(', ')}, got '${values.only}'`);
  }
  return { json: values.json ?? false, only: values.only };
}

async function main(): Promise<void> {
  let parsed: ReturnType<typeof options>;
  try {
    parsed = options(process.argv.slice(2));
  } catch (error) {
    console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 2;
    return;
  }
  const { json, only } = parsed;
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
