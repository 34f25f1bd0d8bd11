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

/** Parses `--flag value` and `--switch` arguments; positional arguments are returned in order. */
export function parseFlags(args: readonly string[]): {
  flags: Map<string, string | true>;
  positional: string[];
} {
  const flags = new Map<string, string | true>();
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      if (eq > 0) {
        flags.set(arg.slice(2, eq), arg.slice(eq + 1));
        continue;
      }
      const next = args[i + 1];
      if (next !== undefined && !next.startsWith('--')) {
        flags.set(arg.slice(2), next);
        i++;
      } else {
        flags.set(arg.slice(2), true);
      }
    } else {
      positional.push(arg);
    }
  }
  return { flags, positional };
}

/** The string value of a required flag, or a UsageError naming it. */
export function requireFlag(flags: Map<string, string | true>, name: string): string {
  const value = flags.get(name);
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`);
  return value;
}
