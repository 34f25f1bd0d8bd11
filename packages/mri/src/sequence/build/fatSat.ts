/**
 * Spectral fat saturation (CHESS; Haase et al., Phys Med Biol 1985;30:341; Bernstein et al., Handbook of MRI
 * Pulse Sequences, 2004, §6.2): a non-selective pulse centred on fat's resonance, narrow enough to leave water
 * alone, tips fat into the transverse plane, and a spoiler dephases it, just before each excitation.
 */
import { FAT_WATER_SHIFT_PPM } from '../../constants.ts';
import {
  FAT_SAT_SPOILER_CYCLE,
  FAT_SAT_SPOILER_SCALE,
  FAT_SAT_TIME_BANDWIDTH,
  fatSaturationPulseDuration,
} from '../fat-saturation.ts';
import { chemicalShiftHz } from '../../tissue/field.ts';
import { tissueAtField } from '../../tissue/library.ts';
import type { Radians, Seconds } from '../../units.ts';
import { area, gradients, spoilerArea, type BuildContext, type Excitation } from './context.ts';
import { trapezoidDuration } from './gradients.ts';
import { ceilToRaster } from './raster.ts';
import { sincPulse } from './rf.ts';
import type { RfEvent } from '../timeline.ts';
import type { BlockEvents, TimelineBuilder } from './timelineBuilder.ts';

/** The fat-saturation module of a protocol: pulse block, spoiler blocks, and its total length [s]. */
export interface FatSaturation {
  pulse: BlockEvents;
  /** Its spoilers, one per entry of FAT_SAT_SPOILER_CYCLE: repetition n plays entry n mod their count. */
  spoilers: readonly BlockEvents[];
  /** Length of the spoiler block [s], that of the largest spoiler. */
  spoilerDuration: Seconds;
  /** Length of the two blocks [s] (each on the block raster). */
  duration: Seconds;
  /** From the pulse's centre to the end of the spoiler [s]. */
  tail: Seconds;
}

/**
 * Flip angle [rad] that leaves fat's longitudinal magnetisation at zero a time t [s] after the pulse, from full
 * magnetisation: Mz(t) = cos θ·E + (1 − E) = 0 with E = exp(−t/T1), cos θ = −(1 − E)/E (slightly above 90°, as
 * consoles tune it; Bernstein et al. 2004, §6.2), for an instantaneous pulse without relaxation: the reference that
 * `fatNullFlipWithRelaxation`, which the builder uses, reduces to when T1, T2 ≫ the pulse.
 */
export function fatNullFlip(t: Seconds, t1: Seconds): Radians {
  const e = Math.exp(-t / t1);
  return Math.acos(Math.max(-1, -(1 - e) / e));
}

/**
 * Longitudinal magnetisation [M0] at the end of pulse `rf` played on resonance (its real samples, phase 0 or π,
 * tip about ±x) from Mz = 1, with relaxation T1, T2 [s] during it: per sample, half the relaxation, the exact
 * rotation, the other half (Strang splitting, second order in the raster step).
 */
export function mzAfterPulse(rf: RfEvent, t1: Seconds, t2: Seconds): number {
  const n = rf.amplitude.length;
  const dt = n > 1 ? (rf.times[1] ?? 0) - (rf.times[0] ?? 0) : 2 * (rf.times[0] ?? 0);
  const [e1, e2] = [Math.exp(-dt / 2 / t1), Math.exp(-dt / 2 / t2)];
  let [my, mz] = [0, 1];
  const relax = (): void => {
    my *= e2;
    mz = 1 - (1 - mz) * e1;
  };
  for (let i = 0; i < n; i++) {
    relax();
    const angle = 2 * Math.PI * (rf.amplitude[i] ?? 0) * dt * Math.cos(rf.phase[i] ?? 0);
    [my, mz] = [my * Math.cos(angle) + mz * Math.sin(angle), mz * Math.cos(angle) - my * Math.sin(angle)];
    relax();
  }
  return mz;
}

/**
 * The flip [rad] of the fat-saturation pulse whose shape `shape(flip)` gives builds that leaves fat (T1, T2 [s])
 * at Mz = −(1 − E)/E at its end, E = e^(−recovery/T1), so that from full magnetisation fat recovers to zero
 * `recovery` [s] later, with fat's relaxation during the pulse (bisection between 90° and 180°; `fatNullFlip`
 * without it). Fat's T2 of 58 ms (1.5 T) during the 18.4 ms pulse leaves the nominal 92.3° at Mz = −0.012
 * instead of −0.039: fat then kept 2.3 % of M0 in the default SE (1.5 % more than the steady state's 0.7 %).
 */
export function fatNullFlipWithRelaxation(
  shape: (flip: Radians) => RfEvent,
  recovery: Seconds,
  t1: Seconds,
  t2: Seconds,
): Radians {
  const e = Math.exp(-recovery / t1);
  const target = Math.max(-1, -(1 - e) / e);
  let [lo, hi] = [Math.PI / 2, Math.PI];
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (mzAfterPulse(shape(mid), t1, t2) > target) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * Slice-axis moment [1/m] the excitation `exc` leaves on magnetisation that was transverse before it: its whole
 * slice-select lobe and its rephaser, half the lobe (γ̄·G·(T + rise)/2: 2.1 cycles across the slice for the 2 ms
 * TBW-4 sinc). Fat the saturation pulse leaves transverse carries it to the echo on top of the spoiler's moment.
 */
export function excitationDephasing(exc: Pick<Excitation, 'lobeArea' | 'rephaseArea'>): number {
  return exc.lobeArea + exc.rephaseArea;
}

/**
 * The fat-saturation blocks of `ctx`'s protocol, or undefined when it has fat saturation off. The pulse is a
 * sinc of FAT_SAT_TIME_BANDWIDTH over T = TBW/|Δf| (18.4 ms at 1.5 T, 9.2 ms at 3 T), at fat's frequency Δf = −3.4 ppm·γ̄·B0,
 * with the flip that nulls fat from full magnetisation (library T1 and T2 at the scanner's field, relaxation
 * during the pulse included: `fatNullFlipWithRelaxation`) at the excitation `exc`'s centre after the spoiler
 * block ends. The spoilers are m·FAT_SAT_SPOILER_SCALE slice spoilers for m in FAT_SAT_SPOILER_CYCLE (varied
 * between repetitions), less the excitation's own dephasing of that fat (`excitationDephasing`), so that the
 * fat's moment at the echo is m whole multiples of 16 cycles across the slice: immaterial across a whole voxel,
 * but the Bloch slice phantom's layer, a sixteenth of the slice, dephases only whole cycles across it (1.13
 * cycles leave sinc(1.13) = 11 % of the magnetisation in phase; docs/physics.md, "Fat saturation"). The spoiler
 * block lasts as the largest spoiler; with the pulse that is validation's `duration`
 * (sequence/fat-saturation.ts `fatSaturationDuration`).
 */
export function fatSaturation(ctx: BuildContext, exc: Excitation): FatSaturation | undefined {
  if (!ctx.protocol.fatSaturation) return undefined;
  const shift = chemicalShiftHz(FAT_WATER_SHIFT_PPM, ctx.scanner.b0);
  const duration = fatSaturationPulseDuration(ctx.scanner.b0);
  const unit = FAT_SAT_SPOILER_SCALE * spoilerArea(ctx);
  const dephasing = excitationDephasing(exc);
  const spoilers = FAT_SAT_SPOILER_CYCLE.map((m) =>
    gradients(ctx.axes, { slice: area(ctx, m * unit - dephasing) }),
  );
  const largest = Math.max(...FAT_SAT_SPOILER_CYCLE) * unit;
  const spoilerDuration = ceilToRaster(trapezoidDuration(area(ctx, largest)), ctx.raster.block);
  const pulseBlock = ceilToRaster(duration, ctx.raster.block);
  const tail = pulseBlock - duration / 2 + spoilerDuration;
  const fat = tissueAtField('fat', ctx.scanner.b0);
  const shape = (flipAngle: Radians): RfEvent =>
    sincPulse({
      flipAngle,
      duration,
      timeBandwidth: FAT_SAT_TIME_BANDWIDTH,
      raster: ctx.raster.rf,
      freqOffset: shift,
      use: 'saturation',
    });
  const rf = shape(fatNullFlipWithRelaxation(shape, tail - duration / 2 + exc.centre, fat.t1, fat.t2));
  return { pulse: { rf }, spoilers, spoilerDuration, duration: pulseBlock + spoilerDuration, tail };
}

/**
 * Plays the fat-saturation blocks of repetition `n` (its spoiler: entry n mod length; nothing when `fs` is
 * undefined); returns their length [s].
 */
export function addFatSaturation(b: TimelineBuilder, fs: FatSaturation | undefined, n: number): Seconds {
  if (!fs) return 0;
  const start = b.time;
  b.add(fs.pulse);
  const count = fs.spoilers.length;
  b.add(fs.spoilers[((n % count) + count) % count] ?? {}, fs.spoilerDuration);
  return b.time - start;
}
