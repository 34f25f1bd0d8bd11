import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { flagValue, numberText, oneOfText, parseFlags, UsageError, validateFlags } from './command.ts';
import { createAdminCommand } from './commands/create-admin.ts';
import { migrateCommand } from './commands/migrate.ts';
import { pulseqInfoCommand } from './commands/pulseq-info.ts';
import { RENDER_FLAGS, renderCommand } from './commands/render.ts';
import { seedCommand } from './commands/seed.ts';
import { simulateCommand } from './commands/simulate.ts';
import { startCommand } from './commands/start.ts';
import { workerCommand } from './commands/worker.ts';

const TYPES = { tr: 'string', te: 'string', 'fat-sat': 'boolean' } as const;

describe('parseFlags (node:util parseArgs, strict)', () => {
  it('reads --flag VALUE, --flag=VALUE and switches, and positionals where allowed', () => {
    const { flags, positional } = parseFlags(['--tr', '0.5', '--te=0.01', '--fat-sat', 'a.seq'], TYPES, {
      maxPositionals: 1,
    });
    expect(Object.fromEntries(flags)).toEqual({ tr: '0.5', te: '0.01', 'fat-sat': true });
    expect(positional).toEqual(['a.seq']);
  });

  it('refuses a misspelt flag, naming it and the flag it resembles', () => {
    expect(() => parseFlags(['--tr', '0.5', '--tee', '0.1'], TYPES)).toThrow(
      new UsageError('unknown flag --tee (did you mean --te?)'),
    );
    expect(() => parseFlags(['--verbose'], TYPES)).toThrow(new UsageError('unknown flag --verbose'));
    expect(() => parseFlags(['-x'], TYPES)).toThrow(/unknown flag -x/);
  });

  it('refuses a flag without its value, a value given to a switch, and unexpected positionals', () => {
    expect(() => parseFlags(['--tr'], TYPES)).toThrow(/--tr needs a value/);
    expect(() => parseFlags(['--tr', '--te', '1'], TYPES)).toThrow(/--tr needs a value/);
    expect(() => parseFlags(['--fat-sat=yes'], TYPES)).toThrow(/--fat-sat is a switch and takes no value/);
    expect(() => parseFlags(['stray'], TYPES)).toThrow(new UsageError("unexpected argument 'stray'"));
    expect(() => parseFlags(['a', 'b'], TYPES, { maxPositionals: 1 })).toThrow(/unexpected argument 'b'/);
  });

  it('takes a negative value written --flag=VALUE', () => {
    expect(parseFlags(['--tr=-1'], TYPES).flags.get('tr')).toBe('-1');
  });
});

describe('validateFlags and flagValue (zod)', () => {
  const schema = z.object({ tr: numberText(0.001, 20), te: numberText(0, 1).optional() });

  it('answers typed values', () => {
    expect(validateFlags(parseFlags(['--tr', '0.5', '--te', '0.01'], TYPES).flags, schema)).toEqual({
      tr: 0.5,
      te: 0.01,
    });
  });

  it('names the flag that is missing or out of range', () => {
    expect(() => validateFlags(parseFlags([], TYPES).flags, schema)).toThrow(
      new UsageError('--tr is required'),
    );
    expect(() => validateFlags(parseFlags(['--tr', '30'], TYPES).flags, schema)).toThrow(
      new UsageError('--tr must be a number in [0.001, 20]'),
    );
    expect(() => validateFlags(parseFlags(['--tr', '1', '--te', 'x'], TYPES).flags, schema)).toThrow(
      /--te must/,
    );
  });

  it('flagValue falls back when absent and quotes the bad value', () => {
    const flags = parseFlags(['--tr', '2.5'], TYPES).flags;
    expect(flagValue(flags, 'te', numberText(0, 1), 0.02)).toBe(0.02);
    expect(() => flagValue(flags, 'tr', numberText(1, 8, true), 1)).toThrow(
      new UsageError("--tr must be an integer in [1, 8], got '2.5'"),
    );
    expect(() => flagValue(flags, 'tr', oneOfText(['a', 'b']), 'a')).toThrow(
      /--tr must be one of a, b, got '2.5'/,
    );
  });
});

describe('every larmor command refuses a misspelt flag before doing anything', () => {
  it.each([
    {
      command: renderCommand,
      args: ['--model', 'knee', '--sequence', 'SE', '--tr', '0.5', '--tee', '0.1', '--out', 'x'],
      flag: '--tee',
    },
    {
      command: simulateCommand,
      args: ['--seq', 'a.seq', '--phantom', 'p.json', '--out', 'o.json', '--thread', '2'],
      flag: '--thread',
    },
    {
      command: createAdminCommand,
      args: ['--username', 'root', '--emial', 'a@b.test', '--password', 'long enough'],
      flag: '--emial',
    },
    { command: pulseqInfoCommand, args: ['a.seq', '--jsno'], flag: '--jsno' },
    { command: startCommand, args: ['--port', '9000'], flag: '--port' },
    { command: migrateCommand, args: ['--dry-run'], flag: '--dry-run' },
    { command: seedCommand, args: ['--force'], flag: '--force' },
    { command: workerCommand, args: ['--concurrency', '4'], flag: '--concurrency' },
  ] as const)('larmor $command.name: $flag', async ({ command, args, flag }) => {
    await expect(command.run(args)).rejects.toThrow(new RegExp(`^unknown flag ${flag}\\b`));
  });
});

describe('larmor render', () => {
  it('accepts every flag its usage line names', () => {
    const named = [...renderCommand.summary.matchAll(/--([a-z0-9-]+)/g)].map((m) => m[1] ?? '');
    expect(named.length).toBeGreaterThan(30);
    expect(named.filter((flag) => !(flag in RENDER_FLAGS))).toEqual([]);
  });
});
