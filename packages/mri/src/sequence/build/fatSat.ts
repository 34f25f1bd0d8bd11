/**
 * Spectral fat saturation (CHESS; Haase et al., Phys Med Biol 1985;30:341; Bernstein et al., Handbook of MRI
 * Pulse Sequences, 2004, §6.2): a non-selective pulse centred on fat's resonance, narrow enough to leave water
 * alone, tips fat into the transverse plane, and a spoiler dephases it, just before each excitation.
 */
import { FAT_WATER_SHIFT_PPM } from '../../constants.ts';
import { chemicalShiftHz } from '../../tissue/field.ts';
import { tissueAtField } from '../../tissue/library.ts';
import type { Radians, Seconds } from '../../units.ts';
import { area, gradients, spoilerArea, type BuildContext } from './context.ts';
import { trapezoidDuration } from './gradients.ts';
import { ceilToRaster } from './raster.ts';
import { sincPulse } from './rf.ts';
import type { BlockEvents, TimelineBuilder } from './timelineBuilder.ts';

/**
 * Time–bandwidth product of the fat-saturation sinc (Hann-apodised), with a bandwidth equal to the fat–water
 * shift, so the pulse spans fat ± Δf/2 and water, Δf away, sits in its stop band: water tips 1.2° (Mz loses
 * 0.02 %), where TBW 2 tipped it 8° (fatSat.test.ts).
 */
export const FAT_SAT_TIME_BANDWIDTH = 4;

/**
 * The spoiler after the fat-saturation pulse, in slice spoilers (four cycles across the slice each): 16 cycles,
 * so that it dephases fat's tipped magnetisation within a voxel however thin the part of the slice one looks at
 * (the Bloch slice phantom's layer is a sixteenth of the slice: one slice spoiler turned it a quarter cycle and
 * fat kept 13 % of its unsaturated signal in the knee SE, issue 23.5); scanners spoil fat saturation as strongly.
 */
export const FAT_SAT_SPOILER_SCALE = 4;

/** The fat-saturation module of a protocol: pulse block, spoiler block, and its total length [s]. */
export interface FatSaturation {
  pulse: BlockEvents;
  spoiler: BlockEvents;
  /** Length of the two blocks [s] (each on the block raster). */
  duration: Seconds;
  /** From the pulse's centre to the end of the spoiler [s]. */
  tail: Seconds;
}

/**
 * Flip angle [rad] that leaves fat's longitudinal magnetisation at zero a time t [s] after the pulse, from full
 * magnetisation: Mz(t) = cos θ·E + (1 − E) = 0 with E = exp(−t/T1), cos θ = −(1 − E)/E (slightly above 90°, as
 * consoles tune it; Bernstein et al. 2004, §6.2).
 */
export function fatNullFlip(t: Seconds, t1: Seconds): Radians {
  const e = Math.exp(-t / t1);
  return Math.acos(Math.max(-1, -(1 - e) / e));
}

/**
 * The fat-saturation blocks of `ctx`'s protocol, or undefined when it has fat saturation off. The pulse is a
 * sinc of FAT_SAT_TIME_BANDWIDTH over T = TBW/|Δf| (18.4 ms at 1.5 T, 9.2 ms at 3 T), at fat's frequency Δf = −3.4 ppm·γ̄·B0,
 * with the flip that nulls fat (library T1 at the scanner's field) at `toExcitation` [s] after the spoiler ends
 * (the time to the excitation's centre); the spoiler is FAT_SAT_SPOILER_SCALE slice spoilers.
 */
export function fatSaturation(ctx: BuildContext, toExcitation: Seconds): FatSaturation | undefined {
  if (!ctx.protocol.fatSaturation) return undefined;
  const shift = chemicalShiftHz(FAT_WATER_SHIFT_PPM, ctx.scanner.b0);
  const duration = ceilToRaster(FAT_SAT_TIME_BANDWIDTH / Math.abs(shift), ctx.raster.gradient);
  const spoilerMoment = FAT_SAT_SPOILER_SCALE * spoilerArea(ctx);
  const spoiler = gradients(ctx.axes, { slice: area(ctx, spoilerMoment) });
  const spoilerDuration = ceilToRaster(trapezoidDuration(area(ctx, spoilerMoment)), ctx.raster.block);
  const pulseBlock = ceilToRaster(duration, ctx.raster.block);
  const tail = pulseBlock - duration / 2 + spoilerDuration;
  const rf = sincPulse({
    flipAngle: fatNullFlip(tail + toExcitation, tissueAtField('fat', ctx.scanner.b0).t1),
    duration,
    timeBandwidth: FAT_SAT_TIME_BANDWIDTH,
    raster: ctx.raster.rf,
    freqOffset: shift,
    use: 'saturation',
  });
  return { pulse: { rf }, spoiler, duration: pulseBlock + spoilerDuration, tail };
}

/** Plays the fat-saturation blocks (nothing when `fs` is undefined); returns their length [s]. */
export function addFatSaturation(b: TimelineBuilder, fs: FatSaturation | undefined): Seconds {
  if (!fs) return 0;
  const start = b.time;
  b.add(fs.pulse);
  b.add(fs.spoiler);
  return b.time - start;
}
