/**
 * The event tables of a .seq file as written, version by version (reference/pulseq-specification.tex §2.5–2.9).
 * Columns by version (times in the file's units: µs, dwell in ns):
 *   [BLOCKS]    1.2: id delay_id rf gx gy gz adc   1.3: … ext   1.4+: id duration rf gx gy gz adc ext
 *   [RF]        ≤1.3: id amp mag phase delay freq phase   1.4: id amp mag phase time delay freq phase
 *               1.5: id amp mag phase time center delay freq_ppm phase_ppm freq phase use
 *   [GRADIENTS] ≤1.3: id amp shape delay   1.4: id amp shape time delay   1.5: id amp first last shape time delay
 *   [TRAP]      id amp rise flat fall delay
 *   [ADC]       ≤1.4: id num dwell delay freq phase   1.5: id num dwell delay freq_ppm phase_ppm freq phase phase_id
 *   [DELAYS]    ≤1.3: id delay
 */
import { PulseqParseError } from './errors.ts';
import { numbers, toId, toNumber, type SeqLine, type SeqSection } from './sections.ts';
import { decompressShape, ShapeDecodeError } from './shapes.ts';

export interface PulseqVersion {
  major: number;
  minor: number;
  revision: number;
}

/** major·10⁶ + minor·10³ + revision, the ordering key MATLAB Pulseq uses (`version_combined`). */
export function versionCode(v: PulseqVersion): number {
  return v.major * 1_000_000 + v.minor * 1_000 + v.revision;
}

export const V1_3 = 1_003_000;
export const V1_4 = 1_004_000;
export const V1_5 = 1_005_000;

export interface RawBlock {
  line: number;
  id: number;
  /** Block duration in BlockDurationRaster units (1.4+), or undefined for older files. */
  duration?: number;
  /** [DELAYS] id (1.2/1.3), 0 for none. */
  delayId: number;
  rf: number;
  gx: number;
  gy: number;
  gz: number;
  adc: number;
  ext: number;
}

export interface RawRf {
  line: number;
  amp: number;
  magId: number;
  phaseId: number;
  timeId: number;
  /** [µs] from the pulse start, given in 1.5+ only. */
  center?: number;
  delay: number;
  freqPpm: number;
  phasePpm: number;
  freq: number;
  phase: number;
  use?: string;
}

export type RawGradient =
  | {
      kind: 'arbitrary';
      line: number;
      amp: number;
      /** Amplitudes at the waveform's edges [Hz/m], given in 1.5+ only. */
      first?: number;
      last?: number;
      shapeId: number;
      timeId: number;
      delay: number;
    }
  | { kind: 'trap'; line: number; amp: number; rise: number; flat: number; fall: number; delay: number };

export interface RawAdc {
  line: number;
  num: number;
  dwell: number;
  delay: number;
  freqPpm: number;
  phasePpm: number;
  freq: number;
  phase: number;
  phaseId: number;
}

export interface RawShape {
  line: number;
  samples: Float64Array;
}

function putUnique<T>(table: Map<number, T>, id: number, value: T, where: SeqLine, section: string): void {
  if (table.has(id)) throw new PulseqParseError(where.line, `[${section}] defines id ${id} twice`);
  table.set(id, value);
}

export function parseVersion(section: SeqSection | undefined): PulseqVersion {
  if (!section) throw new PulseqParseError(1, 'the file has no [VERSION] section');
  const parts: Partial<Record<'major' | 'minor' | 'revision', number>> = {};
  for (const l of section.lines) {
    const [key, value, ...rest] = l.tokens;
    if (
      (key !== 'major' && key !== 'minor' && key !== 'revision') ||
      value === undefined ||
      rest.length > 0
    ) {
      throw new PulseqParseError(l.line, `[VERSION] expects 'major', 'minor' or 'revision' and a number`);
    }
    // Revisions such as "1post" or "0rc1" occur in the wild; the leading integer is the revision.
    const numeric = key === 'revision' ? (/^\d+/.exec(value)?.[0] ?? value) : value;
    parts[key] = toId(toNumber(numeric, l, 'VERSION'), l, 'VERSION', key, true);
  }
  const { major, minor, revision } = parts;
  if (major === undefined || minor === undefined || revision === undefined) {
    throw new PulseqParseError(section.line, '[VERSION] needs major, minor and revision');
  }
  const version = { major, minor, revision };
  const code = versionCode(version);
  if (code < 1_002_000 || code >= 1_006_000) {
    throw new PulseqParseError(
      section.line,
      `Pulseq version ${major}.${minor}.${revision} is not supported (1.2–1.5)`,
    );
  }
  return version;
}

export function parseDefinitions(
  section: SeqSection | undefined,
): Map<string, { value: string; line: number }> {
  const out = new Map<string, { value: string; line: number }>();
  for (const l of section?.lines ?? []) {
    const key = l.tokens[0] ?? '';
    out.set(key, { value: l.text.slice(key.length).trim(), line: l.line });
  }
  return out;
}

export function parseBlocks(section: SeqSection | undefined, code: number): RawBlock[] {
  if (!section || section.lines.length === 0) {
    throw new PulseqParseError(
      section?.line ?? 1,
      'the file declares no [BLOCKS]; a sequence needs at least one',
    );
  }
  const counts = code >= V1_4 ? [8] : code >= V1_3 ? [8, 7] : [7, 8];
  const seen = new Set<number>();
  return section.lines.map((l) => {
    const v = numbers(l, 'BLOCKS', counts);
    v.forEach((x, i) => toId(x, l, 'BLOCKS', i === 0 ? 'block id' : 'event id', i > 0));
    const [id = 0, second = 0, rf = 0, gx = 0, gy = 0, gz = 0, adc = 0, ext = 0] = v;
    if (seen.has(id)) throw new PulseqParseError(l.line, `[BLOCKS] defines block ${id} twice`);
    seen.add(id);
    const timing = code >= V1_4 ? { duration: second, delayId: 0 } : { delayId: second };
    return { line: l.line, id, ...timing, rf, gx, gy, gz, adc, ext };
  });
}

export function parseRf(section: SeqSection | undefined, code: number): Map<number, RawRf> {
  const table = new Map<number, RawRf>();
  for (const l of section?.lines ?? []) {
    let rf: RawRf;
    if (code >= V1_5) {
      const use = l.tokens[11];
      const v = numbers({ ...l, tokens: l.tokens.slice(0, 11) }, 'RF', [11]);
      if (l.tokens.length !== 12 || use === undefined || !/^[erispou]$/.test(use)) {
        throw new PulseqParseError(l.line, `[RF] entry needs 11 numbers and a use letter (e r i s p o u)`);
      }
      const [, amp = 0, magId = 0, phaseId = 0, timeId = 0, center = 0, delay = 0] = v;
      const [freqPpm = 0, phasePpm = 0, freq = 0, phase = 0] = v.slice(7);
      rf = { line: l.line, amp, magId, phaseId, timeId, center, delay, freqPpm, phasePpm, freq, phase, use };
    } else if (code >= V1_4) {
      const [, amp = 0, magId = 0, phaseId = 0, timeId = 0, delay = 0, freq = 0, phase = 0] = numbers(
        l,
        'RF',
        [8],
      );
      rf = { line: l.line, amp, magId, phaseId, timeId, delay, freqPpm: 0, phasePpm: 0, freq, phase };
    } else {
      const [, amp = 0, magId = 0, phaseId = 0, delay = 0, freq = 0, phase = 0] = numbers(l, 'RF', [7]);
      rf = { line: l.line, amp, magId, phaseId, timeId: 0, delay, freqPpm: 0, phasePpm: 0, freq, phase };
    }
    toId(rf.magId, l, 'RF', 'magnitude shape id');
    toId(rf.phaseId, l, 'RF', 'phase shape id', true);
    toId(rf.timeId, l, 'RF', 'time shape id', true);
    putUnique(table, toId(toNumber(l.tokens[0] ?? '', l, 'RF'), l, 'RF', 'id'), rf, l, 'RF');
  }
  return table;
}

export function parseGradients(
  arbitrary: SeqSection | undefined,
  trap: SeqSection | undefined,
  code: number,
): Map<number, RawGradient> {
  const table = new Map<number, RawGradient>();
  for (const l of arbitrary?.lines ?? []) {
    let g: RawGradient;
    if (code >= V1_5) {
      const [, amp = 0, first = 0, last = 0, shapeId = 0, timeId = 0, delay = 0] = numbers(
        l,
        'GRADIENTS',
        [7],
      );
      g = { kind: 'arbitrary', line: l.line, amp, first, last, shapeId, timeId, delay };
    } else if (code >= V1_4) {
      const [, amp = 0, shapeId = 0, timeId = 0, delay = 0] = numbers(l, 'GRADIENTS', [5]);
      g = { kind: 'arbitrary', line: l.line, amp, shapeId, timeId, delay };
    } else {
      const [, amp = 0, shapeId = 0, delay = 0] = numbers(l, 'GRADIENTS', [4]);
      g = { kind: 'arbitrary', line: l.line, amp, shapeId, timeId: 0, delay };
    }
    toId(g.shapeId, l, 'GRADIENTS', 'shape id');
    if (g.timeId !== -1) toId(g.timeId, l, 'GRADIENTS', 'time shape id', true);
    putUnique(
      table,
      toId(toNumber(l.tokens[0] ?? '', l, 'GRADIENTS'), l, 'GRADIENTS', 'id'),
      g,
      l,
      'GRADIENTS',
    );
  }
  for (const l of trap?.lines ?? []) {
    const [id = 0, amp = 0, rise = 0, flat = 0, fall = 0, delay = 0] = numbers(l, 'TRAP', [6]);
    if (rise < 0 || flat < 0 || fall < 0 || delay < 0) {
      throw new PulseqParseError(l.line, '[TRAP] rise, flat, fall and delay must not be negative');
    }
    const g: RawGradient = { kind: 'trap', line: l.line, amp, rise, flat, fall, delay };
    if (table.has(toId(id, l, 'TRAP', 'id'))) {
      throw new PulseqParseError(
        l.line,
        `[TRAP] id ${id} is already used in [GRADIENTS] or [TRAP]; they share ids`,
      );
    }
    table.set(id, g);
  }
  return table;
}

export function parseAdc(section: SeqSection | undefined, code: number): Map<number, RawAdc> {
  const table = new Map<number, RawAdc>();
  for (const l of section?.lines ?? []) {
    let adc: RawAdc;
    if (code >= V1_5) {
      const [, num = 0, dwell = 0, delay = 0, freqPpm = 0, phasePpm = 0, freq = 0, phase = 0, phaseId = 0] =
        numbers(l, 'ADC', [9]);
      adc = { line: l.line, num, dwell, delay, freqPpm, phasePpm, freq, phase, phaseId };
    } else {
      const [, num = 0, dwell = 0, delay = 0, freq = 0, phase = 0] = numbers(l, 'ADC', [6]);
      adc = { line: l.line, num, dwell, delay, freqPpm: 0, phasePpm: 0, freq, phase, phaseId: 0 };
    }
    toId(adc.num, l, 'ADC', 'number of samples');
    toId(adc.phaseId, l, 'ADC', 'phase shape id', true);
    if (!(adc.dwell > 0))
      throw new PulseqParseError(l.line, `[ADC] dwell time must be positive, got ${adc.dwell}`);
    putUnique(table, toId(toNumber(l.tokens[0] ?? '', l, 'ADC'), l, 'ADC', 'id'), adc, l, 'ADC');
  }
  return table;
}

/** [DELAYS] of 1.2/1.3 files: delay [µs] by id. */
export function parseDelays(section: SeqSection | undefined): Map<number, { line: number; delay: number }> {
  const table = new Map<number, { line: number; delay: number }>();
  for (const l of section?.lines ?? []) {
    const [id = 0, delay = 0] = numbers(l, 'DELAYS', [2]);
    if (delay < 0) throw new PulseqParseError(l.line, '[DELAYS] delay must not be negative');
    putUnique(table, toId(id, l, 'DELAYS', 'id'), { line: l.line, delay }, l, 'DELAYS');
  }
  return table;
}

/** [SHAPES]: `shape_id N`, `num_samples M`, then the stored samples, decompressed here. */
export function parseShapes(section: SeqSection | undefined): Map<number, RawShape> {
  const table = new Map<number, RawShape>();
  const lines = section?.lines ?? [];
  let i = 0;
  while (i < lines.length) {
    const head = lines[i] as SeqLine;
    if (head.tokens[0] !== 'shape_id' || head.tokens.length !== 2) {
      throw new PulseqParseError(head.line, `[SHAPES] expected 'shape_id <id>', got '${head.text}'`);
    }
    const id = toId(toNumber(head.tokens[1] ?? '', head, 'SHAPES'), head, 'SHAPES', 'shape id');
    const countLine = lines[i + 1];
    if (!countLine || countLine.tokens[0] !== 'num_samples' || countLine.tokens.length !== 2) {
      throw new PulseqParseError(
        countLine?.line ?? head.line,
        `[SHAPES] shape ${id} needs 'num_samples <n>'`,
      );
    }
    const numSamples = toId(
      toNumber(countLine.tokens[1] ?? '', countLine, 'SHAPES'),
      countLine,
      'SHAPES',
      'num_samples',
    );
    const stored: number[] = [];
    i += 2;
    while (i < lines.length && (lines[i] as SeqLine).tokens[0] !== 'shape_id') {
      const l = lines[i] as SeqLine;
      for (const value of numbers(l, 'SHAPES', [1])) stored.push(value);
      i++;
    }
    let samples: Float64Array;
    try {
      samples = decompressShape(stored, numSamples);
    } catch (error) {
      if (error instanceof ShapeDecodeError)
        throw new PulseqParseError(head.line, `shape ${id} ${error.message}`);
      throw error;
    }
    putUnique(table, id, { line: head.line, samples }, head, 'SHAPES');
  }
  return table;
}
