/**
 * JEMRIS's reference case as KomaMRI's Bloch test uses it (KomaMRICore/test: the "sphere with chemical shift"
 * phantom, `jemris_signals_epi_sphere_cs.h5`, sequence `epi_100x100_TE100_FOV230`): a 2D disc of 1 mm
 * isochromats, radius 50 mm, whose inner 25 mm disc has T1 = T2 = 50 ms and Δω = 200 rad/s (the rest
 * T1 = T2 = 100 ms, on resonance), imaged by a 100 × 100 single-shot EPI (FOV 230 mm, TE 100 ms) after a 90°
 * rectangular pulse of 100 µs. KomaMRI and JEMRIS divide the summed signal by the 7825 isochromats.
 *
 * The phantom and sequence are rebuilt here from their definitions (JEMRIS's slew rate and 10 µs gradient raster,
 * Koma's derivation of the EPI's timings); the JEMRIS signal itself is not in the repository (docs/physics.md,
 * "Converged reference").
 */
import type { GradientEvent, SequenceBlock, SequenceTimeline } from '../../sequence/timeline.ts';
import { hardPulse } from '../../sequence/build/rf.ts';
import { createSpinSet, type SpinSet } from '../bloch/spins.ts';

/** Isochromats of the phantom. */
export const JEMRIS_SPHERE_SPINS = 7825;
/** Grid spacing [m] and the disc radii [m] of the phantom. */
const SPACING_M = 1e-3;
const OUTER_RADIUS_MM = 50;
const INNER_RADIUS_MM = 25;
/** The inner disc's relaxation times [s] and off-resonance [rad/s]; the outer ring's relaxation times [s]. */
const INNER = { t: 0.05, dw: 200 };
const OUTER_T_S = 0.1;

/**
 * The phantom: points ((p − ½) mm, (q − ½) mm, 0) for integers p, q in −49…50 with p² + q² < 50² (the disc
 * centred half a millimetre off the grid, as the file has it), inner where p² + q² < 25²; ρ = 1. `stride` keeps
 * every stride-th isochromat in the file's order (rows of constant y) for quicker checks.
 */
export function jemrisSpherePhantom(stride = 1): SpinSet {
  const x: number[] = [];
  const y: number[] = [];
  const t: number[] = [];
  const dw: number[] = [];
  let index = 0;
  for (let q = -OUTER_RADIUS_MM + 1; q <= OUTER_RADIUS_MM; q++)
    for (let p = -OUTER_RADIUS_MM + 1; p <= OUTER_RADIUS_MM; p++) {
      const r2 = p * p + q * q;
      if (r2 >= OUTER_RADIUS_MM ** 2 || index++ % stride !== 0) continue;
      const inner = r2 < INNER_RADIUS_MM ** 2;
      x.push((p - 0.5) * SPACING_M);
      y.push((q - 0.5) * SPACING_M);
      t.push(inner ? INNER.t : OUTER_T_S);
      dw.push(inner ? INNER.dw : 0);
    }
  return createSpinSet({ x, y, z: x.map(() => 0), rho: x.map(() => 1), t1: t, t2: t, dw });
}

/** JEMRIS's slew rate, 10 rad/m/µs/ms, as γ̄·dG/dt [Hz/m/s]. */
const SLEW_HZ_PER_M_PER_S = 10 / (2 * Math.PI * 1e-9);
/** JEMRIS's gradient time resolution: ramps are rounded up to 10 µs. */
const ceilToGradientRaster = (t: number): number => Math.ceil(t * 1e5) / 1e5;

const FOV_M = 0.23;
const MATRIX = 100;
const TE_S = 0.1;
const DWELL_S = 1e-5;
const RF_DURATION_S = 1e-4;

/** A trapezoid (flat 0 for a triangle) of amplitude [Hz/m], ramps and flat [s], from t = 0. */
function trapezoid(amplitude: number, ramp: number, flat: number): GradientEvent {
  return {
    times: Float64Array.of(0, ramp, ramp + flat, 2 * ramp + flat),
    amplitudes: Float64Array.of(0, amplitude, amplitude, 0),
  };
}

/** The EPI of the case, timed as JEMRIS plays it (first sample at 16.395 ms, last at 183.705 ms). */
export function jemrisSphereEpi(): SequenceTimeline {
  const readArea = MATRIX / FOV_M; // 1/m: the k-space width the ADC covers
  const flat = MATRIX * DWELL_S;
  const readAmplitude = readArea / flat;
  const readRamp = ceilToGradientRaster(readAmplitude / SLEW_HZ_PER_M_PER_S);
  const blipArea = 1 / FOV_M;
  const blipRamp = ceilToGradientRaster(Math.sqrt(blipArea / SLEW_HZ_PER_M_PER_S));
  const readPrephaseArea = (readArea + readAmplitude * readRamp) / 2;
  const readPrephaseRamp = ceilToGradientRaster(Math.sqrt(readPrephaseArea / SLEW_HZ_PER_M_PER_S));
  const phasePrephaseArea = (MATRIX * blipArea) / 2;
  const phasePrephaseRamp = ceilToGradientRaster(Math.sqrt(phasePrephaseArea / SLEW_HZ_PER_M_PER_S));

  const blocks: SequenceBlock[] = [];
  blocks.push({ duration: RF_DURATION_S, rf: hardPulse(Math.PI / 2, RF_DURATION_S, 2e-6) });
  const prephaseDuration = 2 * Math.max(readPrephaseRamp, phasePrephaseRamp);
  blocks.push({
    duration: prephaseDuration,
    gx: trapezoid(-readPrephaseArea / readPrephaseRamp, readPrephaseRamp, 0),
    gy: trapezoid(phasePrephaseArea / phasePrephaseRamp, phasePrephaseRamp, 0),
  });
  const readDuration = flat + 2 * readRamp;
  const blipDuration = 2 * blipRamp;
  const trainDuration = MATRIX * readDuration + (MATRIX - 1) * blipDuration;
  blocks.push({ duration: TE_S - RF_DURATION_S / 2 - prephaseDuration - trainDuration / 2 });
  for (let line = 0; line < MATRIX; line++) {
    if (line > 0) blocks.push({ duration: blipDuration, gy: trapezoid(-blipArea / blipRamp, blipRamp, 0) });
    blocks.push({
      duration: readDuration,
      gx: trapezoid(line % 2 === 0 ? readAmplitude : -readAmplitude, readRamp, flat),
      // Sample n at readRamp + (n + ½)·dwell: Koma's ADC delay ζ + Δt/2 with samples Δt apart.
      adc: { numSamples: MATRIX, dwell: DWELL_S, delay: readRamp, freqOffset: 0, phaseOffset: 0 },
    });
  }
  return {
    raster: { gradient: 1e-5, rf: 2e-6, adc: 1e-7, block: 1e-5 },
    blocks,
    definitions: { Name: 'epi_100x100_TE100_FOV230' },
  };
}
