import { acquisitionFrame, dot, scanGeometry } from '../../simulate/geometry.ts';
import type { Meters, Radians, Seconds, Vec3 } from '../../units.ts';
import { roleScanner } from '../gradient-share.ts';
import type { Protocol, Scanner } from '../protocol.ts';
import type { GradientEvent, RfEvent, SequenceTimeline } from '../timeline.ts';
import {
  sumWaveforms,
  trapezoidEvent,
  trapezoidArea,
  trapezoidForArea,
  trapezoidWithFlat,
  type Trapezoid,
} from './gradients.ts';
import { BUILD_RASTER, ceilToRaster, gradientLimits, roundToRaster, type GradientLimits } from './raster.ts';
import { pulseBandwidth, sincPulse, type RfUse } from './rf.ts';
import type { BlockEvents } from './timelineBuilder.ts';

/** A gradient channel of the timeline. */
export type Axis = 'gx' | 'gy' | 'gz';
/**
 * The read, phase and slice directions of the frame as unit vectors in LPS (`directions`), along which every
 * gradient is played (k along them as the fast engine has it), and for each the channel it mostly runs along
 * with the sign of that component (the only channel, ±1, unless the slice is rotated in-plane off the axes).
 */
export interface Axes {
  read: Axis;
  phase: Axis;
  slice: Axis;
  signs: { read: number; phase: number; slice: number };
  directions: { read: Vec3; phase: Vec3; slice: Vec3 };
}

/** Options of the timeline builders. */
export interface BuildOptions {
  /** Which slice of the stack to build (default: the middle one); multi-slice timing is not interleaved. */
  slice?: number;
  /** Repetitions played before the acquired ones to approach the steady state (default: family-specific). */
  dummyScans?: number;
}

/** What every family builder shares. The gradient channels play +x, +y, +z of LPS (docs/conventions.md). */
export interface BuildContext {
  protocol: Protocol;
  scanner: Scanner;
  limits: GradientLimits;
  raster: SequenceTimeline['raster'];
  axes: Axes;
  /**
   * Centre of the slice along its normal [m]: `scanGeometry`'s plane centre · normal, so the Bloch engine and
   * Pulseq excite the slice the fast engine images (the slice gradient is played along the normal).
   */
  sliceCenter: Meters;
  /** Centre of the whole stack (a 3D protocol's slab) along the normal [m]: midway between its end slices. */
  slabCenter: Meters;
}

const CHANNELS: readonly Axis[] = ['gx', 'gy', 'gz'];

/** The channel of a unit direction's largest component, and that component's sign. */
function channelOf(direction: Vec3): { axis: Axis; sign: number } {
  const magnitudes = direction.map(Math.abs);
  const i = magnitudes.indexOf(Math.max(...magnitudes));
  return { axis: CHANNELS[i] ?? 'gx', sign: (direction[i] as number) < 0 ? -1 : 1 };
}

/**
 * Gradient channels of the protocol's read, phase and slice directions: those of the acquisition frame of
 * `scanGeometry` (simulate/geometry.ts), the one geometry both engines and the Pulseq writer use. A direction
 * may run along −axis (coronal and sagittal columns run −z, the sagittal normal −x) or, rotated in-plane,
 * across two channels: `gradients` plays each trapezoid along the direction, and readers of the timeline project
 * channel areas on the frame's directions (simulate/bloch/recon.ts).
 */
export function axesOf(p: Protocol): Axes {
  const plane = scanGeometry({ ...p, sliceCount: 1 }).slices[0];
  if (!plane) throw new RangeError('no slice');
  const frame = acquisitionFrame(p, plane);
  const read = channelOf(frame.readDirection);
  const phase = channelOf(frame.phaseDirection);
  const slice = channelOf(plane.normal);
  return {
    read: read.axis,
    phase: phase.axis,
    slice: slice.axis,
    signs: { read: read.sign, phase: phase.sign, slice: slice.sign },
    directions: { read: frame.readDirection, phase: frame.phaseDirection, slice: plane.normal },
  };
}

export function buildContext(protocol: Protocol, scanner: Scanner, options: BuildOptions = {}): BuildContext {
  const axes = axesOf(protocol);
  const index = options.slice ?? Math.floor((protocol.sliceCount - 1) / 2);
  const plane = scanGeometry(protocol).slices[index];
  if (!plane) throw new RangeError(`slice ${index} outside 0…${protocol.sliceCount - 1}`);
  const slices = scanGeometry(protocol).slices;
  const [firstSlice, lastSlice] = [slices[0] ?? plane, slices[slices.length - 1] ?? plane];
  return {
    protocol,
    scanner,
    // The limits one role may use on this orientation, the very ones validation's timing counts with.
    limits: gradientLimits(roleScanner(protocol, scanner)),
    raster: BUILD_RASTER,
    axes,
    sliceCenter: dot(plane.center, plane.normal),
    slabCenter: (dot(firstSlice.center, plane.normal) + dot(lastSlice.center, plane.normal)) / 2,
  };
}

/** Direction components below this are rounding of cos/sin at multiples of 90°, not a rotation. */
const NEGLIGIBLE_COMPONENT = 1e-12;

/**
 * Block events with trapezoids on the logical axes: each played along its direction, i.e. on every channel its
 * direction has a component on, scaled by it; where two roles share a channel (an in-plane rotation off the
 * axes) their waveforms add (`sumWaveforms`). On the axes each role keeps one trapezoid on one channel.
 */
export function gradients(
  axes: Axes,
  g: { read?: Trapezoid; phase?: Trapezoid; slice?: Trapezoid },
): BlockEvents {
  const perChannel: Record<Axis, GradientEvent[]> = { gx: [], gy: [], gz: [] };
  for (const role of ['read', 'phase', 'slice'] as const) {
    const t = g[role];
    if (!t || t.amplitude === 0) continue;
    axes.directions[role].forEach((component, i) => {
      if (Math.abs(component) > NEGLIGIBLE_COMPONENT)
        perChannel[CHANNELS[i] as Axis].push(trapezoidEvent({ ...t, amplitude: t.amplitude * component }));
    });
  }
  const events: Record<string, GradientEvent> = {};
  for (const axis of CHANNELS) {
    const parts = perChannel[axis];
    if (parts.length > 0)
      events[axis] = parts.length === 1 ? (parts[0] as GradientEvent) : sumWaveforms(parts);
  }
  return events;
}

/** The shortest trapezoid of `area` [1/m] for this scanner. */
export const area = (ctx: BuildContext, a: number): Trapezoid =>
  trapezoidForArea(a, ctx.limits, ctx.raster.gradient);

/** Time–bandwidth product of our sinc pulses. */
export const SINC_TIME_BANDWIDTH = 4;
/** Default duration of a selective pulse [s]; longer when the slice is too thin for the gradient. */
export const SELECTIVE_PULSE_S = 2e-3;

/** A slice-selective sinc pulse on its slice-select trapezoid (one block); `centre` [s] from the block start. */
export interface Excitation {
  events: BlockEvents;
  /** Time of the RF centre from the block start [s]. */
  centre: Seconds;
  /** Time from the RF centre to the end of the block [s]. */
  tail: Seconds;
  /** Slice-axis area [1/m] that refocuses the pulse (−G·(T/2 + fall/2)). */
  rephaseArea: number;
  /** Slice-axis area [1/m] of the slice-select lobe itself (G·(T + (rise + fall)/2)). */
  lobeArea: number;
  rf: RfEvent;
}

/**
 * A slice-selective pulse of `flip` [rad]; thickness scaled by `thicknessScale` (e.g. 2 for inversion), centred
 * on `center` (default: the slice). It lasts
 * `duration` [s] (default `SELECTIVE_PULSE_S`), longer when the slice is too thin for the gradient limit.
 */
export function selectivePulse(
  ctx: BuildContext,
  flip: Radians,
  opts: {
    phaseOffset?: Radians;
    use?: RfUse;
    thicknessScale?: number;
    duration?: Seconds;
    /** Centre of the excited band along the normal [m] (default: the slice's, `ctx.sliceCenter`). */
    center?: Meters;
  } = {},
): Excitation {
  const thickness = ctx.protocol.sliceThickness * (opts.thicknessScale ?? 1);
  const minDuration = SINC_TIME_BANDWIDTH / (ctx.limits.maxGradient * thickness);
  const duration = ceilToRaster(
    Math.max(opts.duration ?? SELECTIVE_PULSE_S, minDuration),
    ctx.raster.gradient,
  );
  const amplitude = pulseBandwidth({ duration, timeBandwidth: SINC_TIME_BANDWIDTH }) / thickness;
  const gss = trapezoidWithFlat(amplitude, duration, ctx.limits, ctx.raster.gradient);
  const rf = sincPulse({
    flipAngle: flip,
    duration,
    timeBandwidth: SINC_TIME_BANDWIDTH,
    raster: ctx.raster.rf,
    phaseOffset: opts.phaseOffset ?? 0,
    freqOffset: amplitude * (opts.center ?? ctx.sliceCenter),
    use: opts.use ?? 'excitation',
  });
  return {
    events: { rf: { ...rf, delay: gss.rise }, ...gradients(ctx.axes, { slice: gss }) },
    centre: gss.rise + rf.center,
    tail: duration - rf.center + gss.fall,
    rephaseArea: -amplitude * (duration - rf.center + gss.fall / 2),
    lobeArea: trapezoidArea(gss),
    rf,
  };
}

/** A Cartesian readout: trapezoid, ADC on its flat top, and where the k-space centre falls. */
export interface Readout {
  trap: Trapezoid;
  samples: number;
  dwell: Seconds;
  /** Read-axis area [1/m] that puts the k-space centre on sample samples/2. */
  prephaseArea: number;
  /** Time from the trapezoid start to the centre sample [s]. */
  echoOffset: Seconds;
  /** Total area of the trapezoid [1/m]. */
  area: number;
}

/**
 * Readout of matrixRead samples at bandwidth [Hz/pixel]: dwell = 1/(BW·Nx) on the ADC raster, amplitude
 * 1/(FOV·dwell) (reference/analytic_formulas.md §6); a longer dwell when the gradient limit requires it.
 */
export function readout(ctx: BuildContext, polarity = 1): Readout {
  const p = ctx.protocol;
  const n = p.matrixRead;
  const minDwell = 1 / (p.fovRead * ctx.limits.maxGradient);
  const dwell = Math.max(
    ceilToRaster(minDwell, ctx.raster.adc),
    roundToRaster(1 / (p.bandwidthPerPixel * n), ctx.raster.adc),
  );
  const amplitude = polarity / (p.fovRead * dwell);
  const trap = trapezoidWithFlat(
    amplitude,
    ceilToRaster(n * dwell, ctx.raster.gradient),
    ctx.limits,
    ctx.raster.gradient,
  );
  const echoOffset = trap.rise + (n / 2 + 0.5) * dwell;
  return {
    trap,
    samples: n,
    dwell,
    prephaseArea: -amplitude * (trap.rise / 2 + (n / 2 + 0.5) * dwell),
    echoOffset,
    area: amplitude * (trap.flat + trap.rise),
  };
}

/** The readout block: trapezoid with the ADC starting on its flat top. */
export function readoutEvents(ctx: BuildContext, r: Readout, adcPhase: Radians = 0): BlockEvents {
  return {
    ...gradients(ctx.axes, { read: r.trap }),
    adc: { numSamples: r.samples, dwell: r.dwell, delay: r.trap.rise, freqOffset: 0, phaseOffset: adcPhase },
  };
}

/** Phase-encoding area [1/m] of line `line` of `lines` (k = (line − lines/2)/FOV; line lines/2 is k = 0). */
export const phaseArea = (ctx: BuildContext, line: number): number =>
  (line - ctx.protocol.matrixPhase / 2) / ctx.protocol.fovPhase;

/** Spoiler area [1/m]: four cycles across the slice. */
export const spoilerArea = (ctx: BuildContext): number => 4 / ctx.protocol.sliceThickness;

/** Quadratic RF-spoiling phase of repetition n [rad] (117°, Zur et al., MRM 1991;21:251). */
export const rfSpoilPhase = (n: number): Radians => ((117 * Math.PI) / 180) * ((n * (n + 1)) / 2);

/** A RangeError naming the parameter that cannot be met. */
export function timingError(what: string, needed: Seconds): RangeError {
  return new RangeError(`${what} too short: at least ${(needed * 1000).toFixed(2)} ms needed`);
}
