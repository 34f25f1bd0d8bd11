/**
 * Turns the event tables of a .seq file into the SequenceTimeline, applying the timing rules of
 * reference/pulseq-specification.tex §2.4: uniformly sampled RF, gradient and ADC points sit at the centres of
 * their raster cells, t_n = t_start + (n + ½)·Δt; time shapes give sample times in raster units; arbitrary
 * gradients run from their `first` amplitude at the start edge to their `last` amplitude at the end edge.
 */
import {
  gradientAt,
  type AdcEvent,
  type GradientEvent,
  type RfEvent,
  type SequenceBlock,
  type SequenceTimeline,
} from '../../sequence/timeline.ts';
import { PulseqParseError } from './errors.ts';
import {
  blockExtensions,
  KNOWN_EXTENSIONS,
  rotationMatrix,
  type ExtensionTables,
  type Quaternion,
} from './extensions.ts';
import { V1_4, type RawAdc, type RawBlock, type RawGradient, type RawRf, type RawShape } from './tables.ts';

/** File microseconds and nanoseconds per second; dividing keeps integral values exact (100 µs → 1e-4 s). */
const US_PER_S = 1e6;
const NS_PER_S = 1e9;
/** Slack when comparing event ends with block ends [s]: far below any raster, above float rounding. */
const TIME_SLACK = 1e-9;

export interface DecodeInput {
  code: number;
  raster: SequenceTimeline['raster'];
  definitions: Record<string, string>;
  blocks: RawBlock[];
  rf: Map<number, RawRf>;
  gradients: Map<number, RawGradient>;
  adc: Map<number, RawAdc>;
  delays: Map<number, { line: number; delay: number }>;
  shapes: Map<number, RawShape>;
  extensions: ExtensionTables;
  /** Collects what a reader should know but that does not stop the sequence (deduplicated). */
  warnings: Set<string>;
}

/**
 * Warns when `value` [s] is not a whole number of `raster` steps: events start and end on raster edges
 * (reference/pulseq-specification.tex §2.4). Files before 1.4 declare no raster, so they are not checked.
 */
function checkRaster(input: DecodeInput, value: number, raster: number, line: number, what: string): void {
  const steps = value / raster;
  if (input.code >= V1_4 && Math.abs(steps - Math.round(steps)) > 1e-6) {
    input.warnings.add(`line ${line}: ${what} of ${value} s is not a multiple of the ${raster} s raster`);
  }
}

const RF_USE: Record<string, RfEvent['use']> = {
  e: 'excitation',
  r: 'refocusing',
  i: 'inversion',
  s: 'saturation',
  p: 'preparation',
  // Larmor's timeline has no 'other'; it carries no meaning for the simulation.
  o: 'undefined',
  u: 'undefined',
};

function shapeOf(shapes: Map<number, RawShape>, id: number, line: number, what: string): Float64Array {
  const shape = shapes.get(id);
  if (!shape) throw new PulseqParseError(line, `${what} uses shape ${id}, which [SHAPES] does not define`);
  return shape.samples;
}

function checkTimes(times: Float64Array, line: number, what: string): void {
  for (let i = 1; i < times.length; i++) {
    if ((times[i] ?? 0) < (times[i - 1] ?? 0)) {
      throw new PulseqParseError(line, `${what} time shape must not decrease (sample ${i})`);
    }
  }
}

/** Time of the RF centre [s] from the pulse start: middle of the samples within 1e-5 of the peak magnitude. */
export function rfCenterOf(amplitude: Float64Array, times: Float64Array): number {
  let peak = 0;
  for (const a of amplitude) peak = Math.max(peak, Math.abs(a));
  let first = -1;
  let last = -1;
  amplitude.forEach((a, i) => {
    if (Math.abs(a) >= peak * 0.99999) {
      if (first < 0) first = i;
      last = i;
    }
  });
  return first < 0 ? 0 : ((times[first] ?? 0) + (times[last] ?? 0)) / 2;
}

function decodeRf(raw: RawRf, input: DecodeInput): { event: RfEvent; duration: number } {
  const mag = shapeOf(input.shapes, raw.magId, raw.line, 'RF event');
  const n = mag.length;
  const phaseShape =
    raw.phaseId === 0 ? new Float64Array(n) : shapeOf(input.shapes, raw.phaseId, raw.line, 'RF event');
  if (phaseShape.length !== n) {
    throw new PulseqParseError(
      raw.line,
      `RF magnitude has ${n} samples but its phase shape ${phaseShape.length}`,
    );
  }
  const dt = input.raster.rf;
  checkRaster(input, raw.delay / US_PER_S, dt, raw.line, 'RF delay');
  let times: Float64Array;
  let shapeDuration: number;
  if (raw.timeId === 0) {
    times = Float64Array.from({ length: n }, (_, k) => (k + 0.5) * dt);
    shapeDuration = n * dt;
  } else {
    const t = shapeOf(input.shapes, raw.timeId, raw.line, 'RF event');
    if (t.length !== n)
      throw new PulseqParseError(raw.line, `RF has ${n} samples but its time shape ${t.length}`);
    times = t.map((x) => x * dt);
    checkTimes(times, raw.line, 'RF');
    shapeDuration = times[n - 1] ?? 0;
  }
  const amplitude = mag.map((m) => m * raw.amp);
  const event: RfEvent = {
    amplitude,
    phase: phaseShape.map((p) => 2 * Math.PI * p),
    times,
    delay: raw.delay / US_PER_S,
    freqOffset: raw.freq,
    phaseOffset: raw.phase,
    center: raw.center === undefined ? rfCenterOf(amplitude, times) : raw.center / US_PER_S,
    use: RF_USE[raw.use ?? 'u'] ?? 'undefined',
  };
  if (raw.freqPpm !== 0) event.freqOffsetPpm = raw.freqPpm;
  if (raw.phasePpm !== 0) event.phaseOffsetPpm = raw.phasePpm;
  return { event, duration: event.delay + shapeDuration };
}

/**
 * Edge amplitude at the end of a uniformly sampled gradient, for files before 1.5 that do not store it:
 * the waveform is piecewise linear through the cell centres, so edge k+1 = 2·sample k − edge k
 * (MATLAB Pulseq read.m, "restore samples on the edges of the gradient raster intervals").
 */
function lastEdge(first: number, samples: Float64Array): number {
  let edge = first;
  for (const s of samples) edge = 2 * s - edge;
  return edge;
}

function decodeGradient(
  raw: RawGradient,
  input: DecodeInput,
  previousLast: number,
): { event: GradientEvent; duration: number; last: number } {
  const delay = raw.delay / US_PER_S;
  checkRaster(input, delay, input.raster.gradient, raw.line, 'gradient delay');
  if (raw.kind === 'trap') {
    const [rise, flat, fall] = [raw.rise / US_PER_S, raw.flat / US_PER_S, raw.fall / US_PER_S];
    checkRaster(input, rise, input.raster.gradient, raw.line, 'trapezoid rise time');
    checkRaster(input, flat, input.raster.gradient, raw.line, 'trapezoid flat time');
    checkRaster(input, fall, input.raster.gradient, raw.line, 'trapezoid fall time');
    const times = Float64Array.of(delay, delay + rise, delay + rise + flat, delay + rise + flat + fall);
    return {
      event: { times, amplitudes: Float64Array.of(0, raw.amp, raw.amp, 0) },
      duration: times[3] ?? 0,
      last: 0,
    };
  }
  const shape = shapeOf(input.shapes, raw.shapeId, raw.line, 'gradient');
  const n = shape.length;
  const samples = shape.map((s) => s * raw.amp);
  const g = input.raster.gradient;
  if (raw.timeId > 0) {
    const t = shapeOf(input.shapes, raw.timeId, raw.line, 'gradient');
    if (t.length !== n)
      throw new PulseqParseError(raw.line, `gradient has ${n} samples but its time shape ${t.length}`);
    const times = t.map((x) => delay + x * g);
    checkTimes(times, raw.line, 'gradient');
    const first = raw.first ?? samples[0] ?? 0;
    const withFirst = (t[0] ?? 0) > 0;
    const event: GradientEvent = withFirst
      ? { times: Float64Array.of(delay, ...times), amplitudes: Float64Array.of(first, ...samples) }
      : { times, amplitudes: samples };
    return { event, duration: times[n - 1] ?? delay, last: samples[n - 1] ?? 0 };
  }
  // time id 0: samples at cell centres; time id -1: oversampled, samples every half raster (centres and edges).
  const step = raw.timeId === -1 ? g / 2 : g;
  const shapeDuration = raw.timeId === -1 ? ((n + 1) / 2) * g : n * g;
  const first = raw.first ?? (delay > 0 ? 0 : previousLast);
  const last =
    raw.last ??
    (raw.timeId === -1 ? 2 * (samples[n - 1] ?? 0) - (samples[n - 2] ?? first) : lastEdge(first, samples));
  const times = new Float64Array(n + 2);
  const amplitudes = new Float64Array(n + 2);
  times[0] = delay;
  amplitudes[0] = first;
  for (let k = 0; k < n; k++) {
    times[k + 1] = delay + g / 2 + k * step;
    amplitudes[k + 1] = samples[k] ?? 0;
  }
  times[n + 1] = delay + shapeDuration;
  amplitudes[n + 1] = last;
  return { event: { times, amplitudes }, duration: delay + shapeDuration, last };
}

function decodeAdc(raw: RawAdc, input: DecodeInput): { event: AdcEvent; duration: number } {
  const event: AdcEvent = {
    numSamples: raw.num,
    dwell: raw.dwell / NS_PER_S,
    delay: raw.delay / US_PER_S,
    freqOffset: raw.freq,
    phaseOffset: raw.phase,
  };
  checkRaster(input, event.dwell, input.raster.adc, raw.line, 'ADC dwell time');
  if (raw.freqPpm !== 0) event.freqOffsetPpm = raw.freqPpm;
  if (raw.phasePpm !== 0) event.phaseOffsetPpm = raw.phasePpm;
  if (raw.phaseId !== 0) {
    const modulation = shapeOf(input.shapes, raw.phaseId, raw.line, 'ADC event');
    if (modulation.length !== raw.num) {
      throw new PulseqParseError(
        raw.line,
        `ADC has ${raw.num} samples but its phase shape ${modulation.length}`,
      );
    }
    event.phaseModulation = modulation;
  }
  return { event, duration: event.delay + raw.num * event.dwell };
}

/** Rotates a block's gradients (ROTATIONS extension): sampled on the union of their breakpoints, exact for
 * piecewise-linear waveforms. */
function rotateGradients(
  axes: (GradientEvent | undefined)[],
  rotation: Quaternion,
): (GradientEvent | undefined)[] {
  const r = rotationMatrix(rotation);
  const all = axes.flatMap((g) => (g ? [...g.times] : [])).sort((a, b) => a - b);
  const times = Float64Array.from(all.filter((t, i) => i === 0 || t - (all[i - 1] ?? 0) > 1e-12));
  const values = axes.map((g) => times.map((t) => (g ? gradientAt(g, t) : 0)));
  return [0, 1, 2].map((row) => {
    const amplitudes = times.map((_, k) =>
      [0, 1, 2].reduce((sum, col) => sum + (r[row]?.[col] ?? 0) * (values[col]?.[k] ?? 0), 0),
    );
    const used = [0, 1, 2].some((col) => axes[col] && Math.abs(r[row]?.[col] ?? 0) > 1e-12);
    return used ? { times, amplitudes } : undefined;
  });
}

const AXES = ['gx', 'gy', 'gz'] as const;

/** Entry `id` of `table`, which block `raw` refers to as `what`; a parse error on the block's line if `section` lacks it. */
function referenced<T>(table: Map<number, T>, id: number, raw: RawBlock, what: string, section: string): T {
  const found = table.get(id);
  if (!found)
    throw new PulseqParseError(raw.line, `block ${raw.id} refers to ${what} ${id}, which ${section}`);
  return found;
}

export function decodeTimeline(input: DecodeInput): SequenceTimeline {
  const previousLast = [0, 0, 0];
  const blocks = input.blocks.map((raw): SequenceBlock => {
    const block: { -readonly [K in keyof SequenceBlock]: SequenceBlock[K] } = { duration: 0 };
    const ends: [string, number][] = [];
    if (raw.rf !== 0) {
      const rf = referenced(input.rf, raw.rf, raw, 'RF event', '[RF] does not define');
      const { event, duration } = decodeRf(rf, input);
      block.rf = event;
      ends.push(['RF', duration]);
    }
    const lasts: (number | undefined)[] = [undefined, undefined, undefined];
    const gradEnds: number[] = [0, 0, 0];
    AXES.forEach((axis, i) => {
      const id = raw[axis];
      if (id === 0) return;
      const g = referenced(input.gradients, id, raw, 'gradient', '[GRADIENTS]/[TRAP] do not define');
      const { event, duration, last } = decodeGradient(g, input, previousLast[i] ?? 0);
      block[axis] = event;
      lasts[i] = last;
      gradEnds[i] = duration;
      ends.push([axis, duration]);
    });
    if (raw.adc !== 0) {
      const adc = referenced(input.adc, raw.adc, raw, 'ADC event', '[ADC] does not define');
      const { event, duration } = decodeAdc(adc, input);
      block.adc = event;
      ends.push(['ADC', duration]);
    }
    if (raw.duration !== undefined) {
      block.duration = raw.duration * input.raster.block;
      for (const [what, end] of ends) {
        if (end > block.duration + TIME_SLACK) {
          throw new PulseqParseError(
            raw.line,
            `block ${raw.id} lasts ${block.duration} s but its ${what} event ends at ${end} s`,
          );
        }
      }
    } else {
      let delay = 0;
      if (raw.delayId !== 0) {
        delay =
          referenced(input.delays, raw.delayId, raw, 'delay', '[DELAYS] does not define').delay / US_PER_S;
      }
      block.duration = Math.max(delay, ...ends.map(([, end]) => end));
    }
    // Before 1.5 an arbitrary gradient starts where the previous block's gradient on its axis ended, if that
    // gradient ran to the block's end (MATLAB Pulseq read.m).
    AXES.forEach((_, i) => {
      const last = lasts[i];
      previousLast[i] =
        last !== undefined && gradEnds[i] !== undefined && gradEnds[i] + TIME_SLACK >= block.duration
          ? last
          : 0;
    });
    if (raw.ext !== 0) {
      const { extensions, rotation } = blockExtensions(input.extensions, raw.ext, raw.line);
      if (extensions.length > 0) block.extensions = extensions;
      for (const { type } of extensions) {
        if (type === 'RF_SHIMS')
          input.warnings.add('RF_SHIMS kept as data: Larmor simulates one transmit channel');
        else if (!(KNOWN_EXTENSIONS as readonly string[]).includes(type)) {
          input.warnings.add(`extension ${type} is unknown to Larmor: kept as data, not run`);
        }
      }
      if (rotation) {
        const [gx, gy, gz] = rotateGradients([block.gx, block.gy, block.gz], rotation);
        delete block.gx;
        delete block.gy;
        delete block.gz;
        if (gx) block.gx = gx;
        if (gy) block.gy = gy;
        if (gz) block.gz = gz;
      }
    }
    return block;
  });
  return { raster: input.raster, blocks, definitions: input.definitions };
}
