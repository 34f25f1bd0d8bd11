/**
 * Writes a SequenceTimeline as Pulseq 1.5.1 text (reference/pulseq-specification.tex) that MATLAB Pulseq,
 * PyPulseq and KomaMRI read: events and shapes are deduplicated into their tables, shapes are compressed,
 * and a [SIGNATURE] (md5 of the text before the newline that precedes it) closes the file.
 * Events without samples are left out. Gradients go to [TRAP] when they are trapezoids, else to [GRADIENTS]
 * with the default time raster when their points sit at the raster-cell centres between a first and a last
 * edge point, else with a time shape.
 */
import type {
  AdcEvent,
  ExtensionEvent,
  GradientEvent,
  RfEvent,
  SequenceBlock,
  SequenceTimeline,
} from '../../sequence/timeline.ts';
import { md5Hex, utf8Bytes } from './md5.ts';
import { RASTER_DEFINITIONS } from './read.ts';
import { compressShape } from './shapes.ts';

/** The format version writeSeq produces. */
export const PULSEQ_WRITE_VERSION = '1.5.1';

/** Relative slack for "this time lies on the raster" [fraction of a raster step]. */
const ON_RASTER = 1e-6;

const RF_USE_LETTER: Record<RfEvent['use'], string> = {
  excitation: 'e',
  refocusing: 'r',
  inversion: 'i',
  saturation: 's',
  preparation: 'p',
  undefined: 'u',
};

/** A number as text, exactly (shortest text that reads back as the same double). */
function num(x: number): string {
  return String(x);
}

/** A shape sample as text: 12 significant digits, far below the 1e-7 shape quantum, without float noise. */
function sample(x: number): string {
  return String(Number(x.toPrecision(12)));
}

/** Seconds to the file's microseconds, rounded to the picosecond. */
const us = (s: number): string => num(Math.round(s * 1e12) / 1e6);
/** Seconds to the file's nanoseconds, rounded to the femtosecond. */
const ns = (s: number): string => num(Math.round(s * 1e15) / 1e6);

/** Numbered, deduplicated entries of one table, keyed by their text. */
class Table {
  readonly lines: string[] = [];
  private readonly ids = new Map<string, number>();
  private readonly shared: { next: number };

  constructor(shared?: { next: number }) {
    this.shared = shared ?? { next: 1 };
  }

  /** The id of an entry with this body, adding it if new. */
  id(body: string): number {
    let id = this.ids.get(body);
    if (id === undefined) {
      id = this.shared.next++;
      this.ids.set(body, id);
      this.lines.push(`${id} ${body}`);
    }
    return id;
  }
}

class Writer {
  readonly shapes = new Table();
  readonly rf = new Table();
  private readonly gradientIds = { next: 1 };
  readonly gradients = new Table(this.gradientIds);
  readonly traps = new Table(this.gradientIds);
  readonly adc = new Table();
  readonly extensionList = new Table();
  readonly extensionTypes = new Map<string, { type: number; objects: Table }>();

  readonly raster: SequenceTimeline['raster'];

  constructor(raster: SequenceTimeline['raster']) {
    this.raster = raster;
  }

  shape(samples: ArrayLike<number>): number {
    const stored = compressShape(samples);
    return this.shapes.id(`${samples.length}\n${stored.map(sample).join('\n')}`);
  }

  rfEvent(rf: RfEvent): number {
    const n = rf.amplitude.length;
    let amp = 0;
    for (const a of rf.amplitude) amp = Math.max(amp, Math.abs(a));
    const mag = this.shape(rf.amplitude.map((a) => (amp > 0 ? a / amp : 0)));
    let cycles = rf.phase.map((p) => p / (2 * Math.PI));
    if (cycles.some((c) => Math.abs(c) > 1)) cycles = cycles.map((c) => ((c % 1) + 1) % 1);
    const phase = this.shape(cycles);
    const dt = this.raster.rf;
    const uniform =
      rf.times.length === n && rf.times.every((t, k) => Math.abs(t - (k + 0.5) * dt) <= ON_RASTER * dt);
    const time = uniform ? 0 : this.shape(rf.times.map((t) => t / dt));
    const fields = [num(amp), mag, phase, time, us(rf.center), us(rf.delay)];
    fields.push(
      num(rf.freqOffsetPpm ?? 0),
      num(rf.phaseOffsetPpm ?? 0),
      num(rf.freqOffset),
      num(rf.phaseOffset),
    );
    return this.rf.id(`${fields.join(' ')} ${RF_USE_LETTER[rf.use]}`);
  }

  gradient(g: GradientEvent): number {
    const { times, amplitudes } = g;
    const n = times.length;
    const [t0 = 0, t1 = 0, t2 = 0, t3 = 0] = times;
    const isTrap =
      n === 4 && amplitudes[0] === 0 && amplitudes[3] === 0 && amplitudes[1] === amplitudes[2] && t0 <= t1;
    if (isTrap && t1 <= t2 && t2 <= t3) {
      return this.traps.id(
        [num(amplitudes[1] ?? 0), us(t1 - t0), us(t2 - t1), us(t3 - t2), us(t0)].join(' '),
      );
    }
    let amp = 0;
    for (const a of amplitudes) amp = Math.max(amp, Math.abs(a));
    const normalise = (a: number): number => (amp > 0 ? a / amp : 0);
    const step = this.raster.gradient;
    const cells = n - 2;
    const onCentres =
      cells >= 1 &&
      Math.abs((times[n - 1] ?? 0) - (t0 + cells * step)) <= ON_RASTER * step &&
      times.every(
        (t, k) => k === 0 || k === n - 1 || Math.abs(t - (t0 + (k - 0.5) * step)) <= ON_RASTER * step,
      );
    const first = num(amplitudes[0] ?? 0);
    const last = num(amplitudes[n - 1] ?? 0);
    if (onCentres) {
      const shape = this.shape(amplitudes.slice(1, n - 1).map(normalise));
      return this.gradients.id([num(amp), first, last, shape, 0, us(t0)].join(' '));
    }
    const shape = this.shape(amplitudes.map(normalise));
    const time = this.shape(times.map((t) => (t - t0) / step));
    return this.gradients.id([num(amp), first, last, shape, time, us(t0)].join(' '));
  }

  adcEvent(adc: AdcEvent): number {
    const phase = adc.phaseModulation ? this.shape(adc.phaseModulation) : 0;
    const fields = [adc.numSamples, ns(adc.dwell), us(adc.delay), num(adc.freqOffsetPpm ?? 0)];
    fields.push(num(adc.phaseOffsetPpm ?? 0), num(adc.freqOffset), num(adc.phaseOffset), phase);
    return this.adc.id(fields.join(' '));
  }

  extensionObject(e: ExtensionEvent): { type: number; ref: number } {
    let spec = this.extensionTypes.get(e.type);
    if (!spec) {
      spec = { type: this.extensionTypes.size + 1, objects: new Table() };
      this.extensionTypes.set(e.type, spec);
    }
    const v = e.values;
    let fields: string[];
    if (e.type === 'TRIGGERS') fields = [num(v[0] ?? 0), num(v[1] ?? 0), us(v[2] ?? 0), us(v[3] ?? 0)];
    else if (e.type === 'DELAYS') fields = [num(v[0] ?? 0), us(v[1] ?? 0), num(v[2] ?? 0)];
    else fields = v.map(num);
    if (e.text !== undefined && e.text !== '') fields.push(e.text);
    return { type: spec.type, ref: spec.objects.id(fields.join(' ')) };
  }

  /** The id of the first entry of the chain listing these extensions (0 for none). */
  extensions(list: readonly ExtensionEvent[] | undefined): number {
    let next = 0;
    for (const e of [...(list ?? [])].reverse()) {
      const { type, ref } = this.extensionObject(e);
      next = this.extensionList.id(`${type} ${ref} ${next}`);
    }
    return next;
  }

  block(b: SequenceBlock, index: number): string {
    const units = Math.round(b.duration / this.raster.block);
    if (Math.abs(units * this.raster.block - b.duration) > ON_RASTER * this.raster.block) {
      throw new Error(`block ${index}: duration ${b.duration} s is not a multiple of ${this.raster.block} s`);
    }
    const ids = [
      b.rf && b.rf.times.length > 0 ? this.rfEvent(b.rf) : 0,
      b.gx && b.gx.times.length > 0 ? this.gradient(b.gx) : 0,
      b.gy && b.gy.times.length > 0 ? this.gradient(b.gy) : 0,
      b.gz && b.gz.times.length > 0 ? this.gradient(b.gz) : 0,
      b.adc && b.adc.numSamples > 0 ? this.adcEvent(b.adc) : 0,
      this.extensions(b.extensions),
    ];
    return `${index} ${units} ${ids.join(' ')}`;
  }
}

function definitionLines(timeline: SequenceTimeline): string[] {
  const lines = (Object.keys(RASTER_DEFINITIONS) as (keyof typeof RASTER_DEFINITIONS)[])
    .map((key) => `${RASTER_DEFINITIONS[key]} ${num(timeline.raster[key])}`)
    .sort();
  const reserved = new Set<string>([...Object.values(RASTER_DEFINITIONS), 'TotalDuration']);
  for (const [key, value] of Object.entries(timeline.definitions)) {
    if (reserved.has(key) || /\s/.test(key) || key === '') continue;
    // ROTATIONS are applied to the gradients when read, so the written file no longer needs them.
    const kept =
      key === 'RequiredExtensions'
        ? value
            .split(/\s+/)
            .filter((x) => x !== 'ROTATIONS')
            .join(' ')
        : value;
    if (kept !== '') lines.push(`${key} ${kept}`);
  }
  const total = timeline.blocks.reduce((sum, b) => sum + b.duration, 0);
  lines.push(`TotalDuration ${num(Math.round(total * 1e9) / 1e9)}`);
  return lines;
}

/** Pulseq 1.5.1 text of a timeline, ending with its md5 [SIGNATURE]. Throws for a block off the block raster. */
export function writeSeq(timeline: SequenceTimeline): string {
  const w = new Writer(timeline.raster);
  const blocks = timeline.blocks.map((b, i) => w.block(b, i + 1));
  const [major, minor, revision] = PULSEQ_WRITE_VERSION.split('.');
  const out: string[] = ['# Pulseq sequence file', '# Created by Larmor', ''];
  // Lines are appended one by one: a spread passes each as an argument, and a long scan's blocks overflow the stack.
  const append = (lines: readonly string[]): void => {
    for (const line of lines) out.push(line);
  };
  out.push('[VERSION]', `major ${major}`, `minor ${minor}`, `revision ${revision}`, '');
  out.push('[DEFINITIONS]');
  append(definitionLines(timeline));
  out.push('', '# Format of blocks:', '# NUM DUR RF  GX  GY  GZ  ADC  EXT', '[BLOCKS]');
  append(blocks);
  out.push('');
  const section = (name: string, comment: string[], lines: string[]): void => {
    if (lines.length === 0) return;
    append(comment);
    out.push(`[${name}]`);
    append(lines);
    out.push('');
  };
  section(
    'RF',
    [
      '# Format of RF events:',
      '# id ampl. mag_id phase_id time_shape_id center delay freqPPM phasePPM freq phase use',
      '# ..   Hz      ..       ..            ..     us    us     ppm  rad/MHz   Hz   rad  ..',
    ],
    w.rf.lines,
  );
  section(
    'GRADIENTS',
    [
      '# Format of arbitrary gradients:',
      '#   time_shape_id of 0 means default timing (stepping with grad_raster starting at 1/2 of grad_raster)',
      '# id amplitude first last amp_shape_id time_shape_id delay',
      '# ..      Hz/m  Hz/m Hz/m        ..         ..          us',
    ],
    w.gradients.lines,
  );
  section(
    'TRAP',
    [
      '# Format of trapezoid gradients:',
      '# id amplitude rise flat fall delay',
      '# ..      Hz/m   us   us   us    us',
    ],
    w.traps.lines,
  );
  section(
    'ADC',
    [
      '# Format of ADC events:',
      '# id num dwell delay freqPPM phasePPM freq phase phase_id',
      '# ..  ..    ns    us     ppm  rad/MHz   Hz   rad       ..',
    ],
    w.adc.lines,
  );
  if (w.extensionList.lines.length > 0) {
    out.push(
      '# Format of extension lists:',
      '# id type ref next_id',
      '[EXTENSIONS]',
      ...w.extensionList.lines,
      '',
    );
    for (const [name, spec] of w.extensionTypes)
      out.push(`extension ${name} ${spec.type}`, ...spec.objects.lines, '');
  }
  if (w.shapes.lines.length > 0) {
    out.push('# Sequence Shapes', '[SHAPES]', '');
    for (const line of w.shapes.lines) {
      const [id, ...rest] = line.split(' ');
      const [count, ...samples] = rest.join(' ').split('\n');
      out.push(`shape_id ${id}`, `num_samples ${count}`, ...samples, '');
    }
  }
  const body = `${out.join('\n')}\n`;
  const signature = [
    '[SIGNATURE]',
    '# This is the hash of the Pulseq file, calculated right before the [SIGNATURE] section was added',
    '# It can be reproduced/verified with md5sum if the file trimmed to the position right above [SIGNATURE]',
    '# The new line character preceding [SIGNATURE] BELONGS to the signature (and needs to be stripped away for recalculating/verification)',
    'Type md5',
    `Hash ${md5Hex(utf8Bytes(body))}`,
    '',
  ];
  return `${body}\n${signature.join('\n')}`;
}
