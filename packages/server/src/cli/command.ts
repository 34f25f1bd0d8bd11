/**
 * What every `larmor` command shares: the command shape, the usage error, and one argument parser,
 * `node:util` parseArgs in strict mode, so a misspelt or unknown flag is an error that names it, then zod for
 * the values (issue 8 item 14).
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';

/** One `larmor <name>` command of the command-line interface. */
export interface CliCommand {
  name: string;
  /** One line for `larmor help`: the command's usage with its flags, then what it does. */
  summary: string;
  /** Runs the command; resolves to the process exit code. */
  run(args: readonly string[]): Promise<number>;
}

/** Thrown for bad command-line input; `main` prints the message and exits with code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The flags a command accepts: `--name VALUE` (string) or `--name` (boolean switch). */
export type FlagTypes = Readonly<Record<string, 'string' | 'boolean'>>;

/** Parsed arguments: each flag given (a switch as `true`), and the positional arguments in order. */
export interface ParsedArgs {
  flags: Map<string, string | true>;
  positional: string[];
}

export interface ParseOptions {
  /** Most positional arguments accepted (default 0: none). */
  maxPositionals?: number;
}

/** Edit distance of two short strings (Levenshtein), for "did you mean". */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** The accepted flag closest to `name` when it looks like a typo of it (at most two edits), or undefined. */
function closestFlag(name: string, types: FlagTypes): string | undefined {
  let best: { flag: string; d: number } | undefined;
  for (const flag of Object.keys(types)) {
    const d = distance(name, flag);
    if (d <= 2 && (!best || d < best.d)) best = { flag, d };
  }
  return best?.flag;
}

/** The UsageError for one of parseArgs' errors, naming the flag in our words. */
function usageErrorOf(error: unknown, types: FlagTypes): UsageError {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  const message = error instanceof Error ? error.message : String(error);
  const flag = /'(-{1,2}[^' ]+)/.exec(message)?.[1] ?? '';
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION': {
      const guess = closestFlag(flag.replace(/^-+/, ''), types);
      return new UsageError(`unknown flag ${flag}${guess ? ` (did you mean --${guess}?)` : ''}`);
    }
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE': {
      const name = flag.replace(/^-+/, '');
      if (types[name] === 'boolean') return new UsageError(`${flag} is a switch and takes no value`);
      return new UsageError(`${flag} needs a value (write ${flag}=VALUE for a value that starts with '-')`);
    }
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return new UsageError(`unexpected argument '${/'([^']*)'/.exec(message)?.[1] ?? message}'`);
    default:
      return new UsageError(message);
  }
}

/**
 * Parses `args` strictly: only the flags of `types` (`--name VALUE`, `--name=VALUE`, `--switch`), and at most
 * `maxPositionals` other arguments. Anything else is a UsageError that names the offending flag.
 */
export function parseFlags(
  args: readonly string[],
  types: FlagTypes,
  { maxPositionals = 0 }: ParseOptions = {},
): ParsedArgs {
  const options = Object.fromEntries(Object.entries(types).map(([name, type]) => [name, { type }]));
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: [...args], options, strict: true, allowPositionals: maxPositionals > 0 });
  } catch (error) {
    throw usageErrorOf(error, types);
  }
  if (parsed.positionals.length > maxPositionals) {
    throw new UsageError(`unexpected argument '${parsed.positionals[maxPositionals] ?? ''}'`);
  }
  const flags = new Map<string, string | true>();
  for (const [name, value] of Object.entries(parsed.values)) {
    if (typeof value === 'string') flags.set(name, value);
    else if (value === true) flags.set(name, true);
  }
  return { flags, positional: parsed.positionals };
}

/** `--name message` for a message that reads on from the flag ("must be …"), else `--name: Message`. */
function flagMessage(name: string, message: string): string {
  return /^[a-z]/.test(message) ? `--${name} ${message}` : `--${name}: ${message}`;
}

/**
 * The flags validated by `schema`, a zod object keyed by flag name (switches are `true` or absent). The first
 * failing flag is a UsageError naming it; a missing required flag reads `--name is required`.
 */
export function validateFlags<T>(flags: ParsedArgs['flags'], schema: z.ZodType<T>): T {
  const result = schema.safeParse(Object.fromEntries(flags));
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const name = String(issue?.path[0] ?? '');
  const missing = issue?.code === 'invalid_type' && !flags.has(name);
  throw new UsageError(flagMessage(name, missing ? 'is required' : (issue?.message ?? 'is invalid')));
}

/** The value of one flag through `schema` (`fallback` when absent), or a UsageError naming the flag. */
export function flagValue<T>(flags: ParsedArgs['flags'], name: string, schema: z.ZodType<T>, fallback: T): T {
  const raw = flags.get(name);
  if (raw === undefined) return fallback;
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  throw new UsageError(
    `${flagMessage(name, result.error.issues[0]?.message ?? 'is invalid')}, got '${String(raw)}'`,
  );
}

/** A flag's text as a finite number in [min, max] (an integer when `integer`). */
export function numberText(min: number, max: number, integer = false): z.ZodType<number> {
  const rule = `must be ${integer ? 'an integer' : 'a number'} in [${min}, ${max}]`;
  return z.string().transform((text, ctx) => {
    const value = text.trim() === '' ? NaN : Number(text);
    const fits = Number.isFinite(value) && value >= min && value <= max;
    if (fits && (!integer || Number.isInteger(value))) return value;
    ctx.addIssue({ code: 'custom', message: rule });
    return z.NEVER;
  });
}

/** A flag's text as one of `allowed`. */
export function oneOfText<T extends string>(allowed: readonly T[]): z.ZodType<T> {
  return z.string().refine((text): text is T => (allowed as readonly string[]).includes(text), {
    message: `must be one of ${allowed.join(', ')}`,
  });
}

/** The string value of a required flag, or a UsageError naming it. */
export function requireFlag(flags: ParsedArgs['flags'], name: string): string {
  const value = flags.get(name);
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`);
  return value;
}
