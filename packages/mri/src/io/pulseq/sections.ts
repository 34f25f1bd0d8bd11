import { PulseqParseError } from './errors.ts';

/** One meaningful line of a .seq file: its 1-based number, the trimmed text and its whitespace-split tokens. */
export interface SeqLine {
  line: number;
  text: string;
  tokens: string[];
}

/** A `[NAME]` section with the meaningful lines that follow its header. */
export interface SeqSection {
  name: string;
  line: number;
  lines: SeqLine[];
}

/** Sections the reader knows (reference/pulseq-specification.tex §2). */
export const KNOWN_SECTIONS = [
  'VERSION',
  'DEFINITIONS',
  'BLOCKS',
  'RF',
  'GRADIENTS',
  'TRAP',
  'ADC',
  'DELAYS',
  'EXTENSIONS',
  'SHAPES',
  'SIGNATURE',
] as const;
export type SectionName = (typeof KNOWN_SECTIONS)[number];

/**
 * Splits .seq text into its sections. Comment lines (starting with `#`) and blank lines are dropped; blank lines
 * carry no meaning because shapes are delimited by their `shape_id` headers and extension tables by their
 * `extension` headers. A section may appear only once.
 */
export function splitSections(text: string): Map<SectionName, SeqSection> {
  const sections = new Map<SectionName, SeqSection>();
  let current: SeqSection | undefined;
  const rawLines = text.split('\n');
  for (let i = 0; i < rawLines.length; i++) {
    const trimmed = (rawLines[i] ?? '').trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const lineNumber = i + 1;
    const header = /^\[(.*)\]$/.exec(trimmed);
    if (header) {
      const name = (header[1] ?? '').toUpperCase();
      if (!(KNOWN_SECTIONS as readonly string[]).includes(name)) {
        throw new PulseqParseError(lineNumber, `unknown section [${name}]`);
      }
      const known = name as SectionName;
      if (sections.has(known)) throw new PulseqParseError(lineNumber, `section [${name}] appears twice`);
      current = { name: known, line: lineNumber, lines: [] };
      sections.set(known, current);
      continue;
    }
    if (!current) throw new PulseqParseError(lineNumber, `'${trimmed}' appears before the first [SECTION]`);
    current.lines.push({ line: lineNumber, text: trimmed, tokens: trimmed.split(/\s+/) });
  }
  return sections;
}

/** Parses a token as a finite number, or throws naming the line and the section. */
export function toNumber(token: string, where: SeqLine, section: string): number {
  const value = token.trim() === '' ? NaN : Number(token);
  if (!Number.isFinite(value)) {
    throw new PulseqParseError(where.line, `[${section}] entry: '${token}' is not a number`);
  }
  return value;
}

/** Parses a line of exactly `count` numbers (or one of several allowed counts). */
export function numbers(where: SeqLine, section: string, counts: readonly number[]): number[] {
  if (!counts.includes(where.tokens.length)) {
    const need = counts.join(' or ');
    throw new PulseqParseError(
      where.line,
      `[${section}] entry needs ${need} numbers, got ${where.tokens.length}`,
    );
  }
  return where.tokens.map((t) => toNumber(t, where, section));
}

/** Parses a token as a positive integer event or shape ID (0 allowed where `allowZero`). */
export function toId(
  value: number,
  where: SeqLine,
  section: string,
  what: string,
  allowZero = false,
): number {
  if (!Number.isInteger(value) || value < (allowZero ? 0 : 1)) {
    const kind = allowZero ? 'a non-negative integer' : 'a positive integer';
    throw new PulseqParseError(where.line, `[${section}] ${what} must be ${kind}, got ${value}`);
  }
  return value;
}
