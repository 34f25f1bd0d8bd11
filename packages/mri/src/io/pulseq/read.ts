/**
 * Reads Pulseq .seq text (versions 1.2 to 1.5; reference/pulseq-specification.tex) into a SequenceTimeline.
 * Pure: takes the file's text, returns data; errors are PulseqParseError naming the line.
 */
import type { SequenceTimeline } from '../../sequence/timeline.ts';
import { decodeTimeline } from './decode.ts';
import { PulseqParseError } from './errors.ts';
import { checkRequiredExtensions, parseExtensions } from './extensions.ts';
import { md5Hex, utf8Bytes } from './md5.ts';
import { splitSections, type SeqSection } from './sections.ts';
import {
  parseAdc,
  parseBlocks,
  parseDefinitions,
  parseDelays,
  parseGradients,
  parseRf,
  parseShapes,
  parseVersion,
  versionCode,
  V1_4,
  type PulseqVersion,
} from './tables.ts';

/** Raster times MATLAB Pulseq assumes for files before 1.4, which do not declare them [s]. */
export const LEGACY_RASTER = { gradient: 10e-6, rf: 1e-6, adc: 100e-9, block: 10e-6 } as const;

/** Definitions that set the raster; the timeline keeps them in `raster`. */
export const RASTER_DEFINITIONS = {
  gradient: 'GradientRasterTime',
  rf: 'RadiofrequencyRasterTime',
  adc: 'AdcRasterTime',
  block: 'BlockDurationRaster',
} as const;

/** The outcome of the [SIGNATURE] check. */
export interface SignatureCheck {
  /** Hash algorithm named by the file (`Type`). */
  type: string;
  /** Hash the file declares (`Hash`). */
  expected: string;
  /** Hash of the text before the newline that precedes [SIGNATURE], or null for an algorithm we do not compute. */
  actual: string | null;
  matches: boolean;
}

/** A timeline read from a .seq file, with what the file said about itself. */
export interface PulseqSequence extends SequenceTimeline {
  /** Format version of the file, "major.minor.revision". */
  version: string;
  signature: SignatureCheck | null;
  /** Things a reader should know but that do not stop the sequence from running. */
  warnings: string[];
}

export interface ReadSeqOptions {
  /** Throw a PulseqParseError when the signature does not match, instead of adding a warning. Default false. */
  strictSignature?: boolean;
}

function checkSignature(text: string, section: SeqSection | undefined): SignatureCheck | null {
  if (!section) return null;
  const field = (key: string): { value: string; line: number } | undefined => {
    const l = section.lines.find((x) => x.tokens[0]?.toLowerCase() === key);
    return l ? { value: l.text.slice(key.length).trim(), line: l.line } : undefined;
  };
  const type = field('type');
  const hash = field('hash');
  if (!type || !hash) throw new PulseqParseError(section.line, '[SIGNATURE] needs a Type and a Hash');
  const expected = hash.value.toLowerCase();
  if (type.value.toLowerCase() !== 'md5') {
    return { type: type.value, expected, actual: null, matches: false };
  }
  const lines = text.split('\n');
  const before = lines.slice(0, section.line - 1).join('\n');
  const actual = md5Hex(utf8Bytes(before));
  // JEMRIS writes the hash of the text including that newline; accept its convention too.
  const matches = actual === expected || md5Hex(utf8Bytes(`${before}\n`)) === expected;
  return { type: 'md5', expected, actual, matches };
}

function rasterOf(
  definitions: ReturnType<typeof parseDefinitions>,
  code: number,
  sectionLine: number,
): SequenceTimeline['raster'] {
  const raster: SequenceTimeline['raster'] = { ...LEGACY_RASTER };
  for (const [key, name] of Object.entries(RASTER_DEFINITIONS) as [
    keyof typeof RASTER_DEFINITIONS,
    string,
  ][]) {
    const def = definitions.get(name);
    if (!def) {
      if (code >= V1_4)
        throw new PulseqParseError(sectionLine, `[DEFINITIONS] must define ${name} (required since 1.4)`);
      continue;
    }
    const value = Number(def.value);
    if (!(value > 0)) throw new PulseqParseError(def.line, `${name} must be a positive number of seconds`);
    raster[key] = value;
  }
  return raster;
}

/** Reads a .seq file's text. Throws PulseqParseError (with the 1-based line) for a malformed file. */
export function readSeq(text: string, options: ReadSeqOptions = {}): PulseqSequence {
  const sections = splitSections(text);
  const version = parseVersion(sections.get('VERSION'));
  const code = versionCode(version);
  const definitions = parseDefinitions(sections.get('DEFINITIONS'));
  const raster = rasterOf(definitions, code, sections.get('DEFINITIONS')?.line ?? 1);
  checkRequiredExtensions(definitions.get('RequiredExtensions'));

  const decodeWarnings = new Set<string>();
  const timeline = decodeTimeline({
    warnings: decodeWarnings,
    code,
    raster,
    definitions: Object.fromEntries([...definitions].map(([k, v]) => [k, v.value])),
    blocks: parseBlocks(sections.get('BLOCKS'), code),
    rf: parseRf(sections.get('RF'), code),
    gradients: parseGradients(sections.get('GRADIENTS'), sections.get('TRAP'), code),
    adc: parseAdc(sections.get('ADC'), code),
    delays: parseDelays(sections.get('DELAYS')),
    shapes: parseShapes(sections.get('SHAPES')),
    extensions: parseExtensions(sections.get('EXTENSIONS')),
  });

  const warnings = [...decodeWarnings];
  const signature = checkSignature(text, sections.get('SIGNATURE'));
  if (signature && !signature.matches) {
    const message =
      signature.actual === null
        ? `signature type ${signature.type} is not checked (only md5 is)`
        : `signature mismatch: the file declares ${signature.expected} but its content hashes to ${signature.actual}`;
    const section = sections.get('SIGNATURE');
    if (options.strictSignature) throw new PulseqParseError(section?.line ?? 1, message);
    warnings.push(message);
  }
  return { ...timeline, version: formatVersion(version), signature, warnings };
}

export function formatVersion(v: PulseqVersion): string {
  return `${v.major}.${v.minor}.${v.revision}`;
}
