import { describe, expect, it } from 'vitest';
import { FAT_WATER_SHIFT_PPM } from '../../constants.ts';
import { simulateReference } from '../../simulate/bloch/reference.ts';
import { createSpinSet } from '../../simulate/bloch/spins.ts';
import { adcWindow, oneSpin } from '../../simulate/bloch/probe.testing.ts';
import { testProtocol } from '../../simulate/fast/phantom.testing.ts';
import { chemicalShiftHz } from '../../tissue/field.ts';
import type { Scanner } from '../protocol.ts';
import { buildContext, selectivePulse, type BuildContext, type Excitation } from './context.ts';
import { fatNullFlip, fatNullFlipWithRelaxation, fatSaturation, mzAfterPulse } from './fatSat.ts';
import { hardPulse } from './rf.ts';
import { tissueAtField } from '../../tissue/library.ts';
import { buildTimeline } from './index.ts';
import { TimelineBuilder } from './timelineBuilder.ts';
import { GRADIENT_LIMITED_SCANNER } from '../../scanner.testing.ts';
import { simulateBloch } from '../../simulate/bloch/engine.ts';
import { createWasmKernels } from '../../simulate/bloch/wasmKernels.ts';
import { excitationGradient } from '../../simulate/blochPhantom.ts';
import { acquisitionFrame, scanGeometry } from '../../simulate/geometry.ts';
import { defaultProtocol } from '../defaults.ts';

const scanner: Scanner = GRADIENT_LIMITED_SCANNER;

/** The protocol's 90° excitation with its centre `centre` [s] after its block starts (the time fat recovers for). */
const excitationAt = (ctx: BuildContext, centre: number): Excitation => ({
  ...selectivePulse(ctx, Math.PI / 2),
  centre,
});

/** |M⊥| right after the fat-saturation pulse of a spin at `hz` off resonance, from M0 = 1 (no relaxation). */
function transverseAfterPulse(hz: number, b0 = 1.5): number {
  const ctx = buildContext(testProtocol({ fatSaturation: true }), { ...scanner, b0 });
  const fs = fatSaturation(ctx, excitationAt(ctx, 0));
  if (!fs) throw new Error('no fat saturation');
  const b = new TimelineBuilder(ctx.raster);
  b.add(fs.pulse);
  b.add({ adc: adcWindow(1, 2e-6) });
  const spins = oneSpin({ df: hz });
  const s = simulateReference({ timeline: b.build(), spins });
  return Math.hypot(s.coils[0]?.re[0] ?? 0, s.coils[0]?.im[0] ?? 0);
}

describe('spectral fat saturation (issue 23, item 3)', () => {
  for (const b0 of [1.5, 3]) {
    const fat = chemicalShiftHz(FAT_WATER_SHIFT_PPM, b0);
    it(`at ${b0} T tips fat (±20 Hz) into the transverse plane and leaves water under 2° (Mz within 0.1 %)`, () => {
      for (const offset of [-20, 0, 20]) expect(transverseAfterPulse(fat + offset, b0)).toBeGreaterThan(0.97);
      expect(transverseAfterPulse(0, b0)).toBeLessThan(Math.sin((2 * Math.PI) / 180));
    });
  }

  it('flips just past 90° so that fat recovers to zero at the excitation: cos θ = −(1 − E1)/E1', () => {
    const flip = fatNullFlip(0.01, 0.26);
    const e1 = Math.exp(-0.01 / 0.26);
    expect(Math.cos(flip) * e1 + (1 - e1)).toBeCloseTo(0, 12);
    expect(flip).toBeGreaterThan(Math.PI / 2);
  });

  it('is played before every excitation of SE, GRE and EPI when the protocol asks, and not otherwise', () => {
    for (const family of ['SE', 'GRE', 'SE-EPI'] as const) {
      const base = testProtocol({
        family,
        ...(family === 'SE-EPI'
          ? { echoTime: 0.08, repetitionTime: 3, matrixRead: 32, matrixPhase: 32, bandwidthPerPixel: 1500 }
          : { repetitionTime: 0.5 }),
      });
      const count = (fatSaturationOn: boolean, use: string): number =>
        buildTimeline({ ...base, fatSaturation: fatSaturationOn }, scanner).blocks.filter(
          (b) => b.rf?.use === use,
        ).length;
      expect(count(true, 'saturation'), family).toBe(count(true, 'excitation'));
      expect(count(false, 'saturation'), family).toBe(0);
    }
  });
});

/** Mz [M0] of fat right after the built fat-saturation pulse, from Mz = 1, by the reference Bloch engine. */
function fatMzAfterBuiltPulse(t1: number, t2: number, toExcitation: number): { mz: number; target: number } {
  const ctx = buildContext(testProtocol({ fatSaturation: true }), scanner);
  const fs = fatSaturation(ctx, excitationAt(ctx, toExcitation));
  const rf = fs?.pulse.rf;
  if (!fs || !rf) throw new Error('no fat saturation');
  const b = new TimelineBuilder(ctx.raster);
  b.add(fs.pulse);
  // Tip Mz into the transverse plane to read it: a 10 µs hard 90° about x.
  b.add({ rf: { ...hardPulse(Math.PI / 2, 1e-5, 1e-6), delay: 0 } });
  b.add({ adc: adcWindow(1, 1e-6) });
  const spins = oneSpin({ t1, t2, df: chemicalShiftHz(FAT_WATER_SHIFT_PPM, 1.5) });
  const s = simulateReference({ timeline: b.build(), spins });
  // Hard 90° about x turns +Mz into +My (the ADC's imaginary part) in this engine's convention.
  const e = Math.exp(-(fs.tail - rf.center + toExcitation) / t1);
  return { mz: s.coils[0]?.im[0] ?? NaN, target: -(1 - e) / e };
}

describe('fat saturation with relaxation during the 18.4 ms pulse (issue 23 items 3, 5)', () => {
  it('mzAfterPulse is the exact rotation: cos θ without relaxation', () => {
    const ctx = buildContext(testProtocol({ fatSaturation: true }), scanner);
    const rf = fatSaturation(ctx, excitationAt(ctx, 0))?.pulse.rf;
    if (!rf) throw new Error('no pulse');
    const flip =
      2 * Math.PI * rf.amplitude.reduce((sum, a, i) => sum + a * Math.cos(rf.phase[i] ?? 0), 0) * 2e-6;
    expect(mzAfterPulse(rf, Infinity, Infinity)).toBeCloseTo(Math.cos(flip), 9);
  });

  it('leaves fat (library T1, T2 at 1.5 T) at the Mz that recovers to zero at the excitation (reference engine, 0.2 % of M0)', () => {
    const fat = tissueAtField('fat', 1.5);
    const { mz, target } = fatMzAfterBuiltPulse(fat.t1, fat.t2, 0.008);
    // The nominal flip (relaxation ignored) left −0.012 where −0.039 was wanted.
    expect(Math.abs(mz - target)).toBeLessThan(0.002);
  });

  it('flips further than the relaxation-free null angle, which under fat’s T2 leaves Mz 0.02 short of it', () => {
    const fat = tissueAtField('fat', 1.5);
    const ctx = buildContext(testProtocol({ fatSaturation: true }), scanner);
    const fs = fatSaturation(ctx, excitationAt(ctx, 0.008));
    const rf = fs?.pulse.rf;
    if (!fs || !rf) throw new Error('no pulse');
    const recovery = fs.tail - rf.center + 0.008;
    const dt = (rf.times[1] ?? 0) - (rf.times[0] ?? 0);
    const built =
      2 * Math.PI * dt * rf.amplitude.reduce((sum, a, i) => sum + a * Math.cos(rf.phase[i] ?? 0), 0);
    const scaled = (flip: number) => ({ ...rf, amplitude: rf.amplitude.map((a) => (a * flip) / built) });
    const nominal = fatNullFlip(recovery, fat.t1);
    expect(fatNullFlipWithRelaxation(scaled, recovery, fat.t1, fat.t2)).toBeCloseTo(built, 6);
    expect(built).toBeGreaterThan(nominal);
    expect(mzAfterPulse(scaled(nominal), fat.t1, fat.t2) - Math.cos(nominal)).toBeGreaterThan(0.02);
  });
});

/**
 * One fat voxel of the default SE with fat saturation, one slice, 32² (the voxel at the centre pixel, `nz` isochromats at
 * equal steps through a layer `layer` × the slice thick on fat's chemical-shift-displaced slice, 2 along the
 * readout half a pixel apart, as the Bloch slice phantom places them): the echo at each line's k-space centre
 * [M0] after the first 8 lines (steady state), the voxel's signal with RF spoiling's receiver phase removed.
 */
function fatVoxelEchoes(nz: number, layer: number): { echoes: [number, number][]; closedForm: number } {
  const p = {
    ...defaultProtocol('SE', scanner),
    fatSaturation: true,
    matrixRead: 32,
    matrixPhase: 32,
    sliceCount: 1,
  };
  const plane = scanGeometry(p).slices[0];
  if (!plane) throw new Error('no slice');
  const frame = acquisitionFrame(p, plane);
  const timeline = buildTimeline(p, scanner);
  const fat = tissueAtField('fat', scanner.b0);
  const shift = -fat.offResonanceHz / excitationGradient(timeline, p);
  const du = frame.fovRead / frame.readCount;
  const [x, y, z]: [number[], number[], number[]] = [[], [], []];
  for (const u of [-du / 4, du / 4])
    for (let k = 0; k < nz; k++) {
      const w = ((k + 0.5) / nz - 0.5) * layer * p.sliceThickness + shift;
      for (let a = 0; a < 3; a++)
        [x, y, z][a]?.push(
          (plane.center[a] ?? 0) + u * (frame.readDirection[a] ?? 0) + w * (plane.normal[a] ?? 0),
        );
    }
  const n = x.length;
  const spins = createSpinSet({
    x,
    y,
    z,
    rho: new Array<number>(n).fill(1 / n),
    t1: new Array<number>(n).fill(fat.t1),
    t2: new Array<number>(n).fill(fat.t2),
    dw: new Array<number>(n).fill(2 * Math.PI * fat.offResonanceHz),
  });
  const coil = simulateBloch({ timeline, spins }, { kernels: createWasmKernels }).coils[0];
  if (!coil) throw new Error('no signal');
  const nu = frame.readCount;
  const echoes: [number, number][] = [];
  for (let line = 8; line < coil.re.length / nu; line++)
    echoes.push([coil.re[line * nu + nu / 2] ?? NaN, coil.im[line * nu + nu / 2] ?? NaN]);
  // Closed form (docs/physics.md, "Fat saturation", part 1): the pulse nulls fat from full magnetisation d after
  // its centre; before it fat holds M_a = 1 − (2 − E(TE/2))·E(TR − d − TE/2) after the 90° and the 180° at TE/2,
  // so Mz = (1 − E(d))·(1 − M_a) at the excitation and the echo (1 − E(d))·(1 − M_a)·e^(−TE/T2).
  let [t, tSat, tExc] = [0, NaN, NaN];
  for (const block of timeline.blocks) {
    const centre = t + (block.rf ? block.rf.delay + block.rf.center : 0);
    if (block.rf?.use === 'saturation' && Number.isNaN(tSat)) tSat = centre;
    if (block.rf?.use === 'excitation' && !Number.isNaN(tSat)) {
      tExc = centre;
      break;
    }
    t += block.duration;
  }
  const e = (s: number): number => Math.exp(-s / fat.t1);
  const d = tExc - tSat;
  const [tr, te] = [p.repetitionTime, p.echoTime];
  const before = 1 - (2 - e(te / 2)) * e(tr - d - te / 2);
  return { echoes, closedForm: (1 - e(d)) * (1 - before) * Math.exp(-te / fat.t2) };
}

/** Mean magnitude and rms deviation from the complex mean of echoes [M0]. */
function echoStatistics(echoes: readonly [number, number][]): { meanAbs: number; rms: number } {
  const n = echoes.length;
  const [mr, mi] = echoes.reduce(([a, b], [r, i]) => [a + r / n, b + i / n], [0, 0]);
  return {
    meanAbs: echoes.reduce((sum, [r, i]) => sum + Math.hypot(r, i) / n, 0),
    rms: Math.sqrt(echoes.reduce((sum, [r, i]) => sum + ((r - mr) ** 2 + (i - mi) ** 2) / n, 0)),
  };
}

describe('fat saturation’s spoilers varied between repetitions (issue 23, items 3 and 5)', () => {
  it('one fat voxel as the Bloch phantom holds it: echoes within 0.5 % of M0 of the steady-state closed form (0.85 %), within 1 % rms line to line', () => {
    // The phantom's layer: a sixteenth of the slice, 4 isochromats (simulate/blochPhantom.ts). With one spoiler
    // moment every repetition the echoes read 4.2 % of M0 (5.3 % rms line to line: ghosts along phase), now
    // 1.0 % (0.6 % rms). The floor rose from 0.72 % with the longer spoiler block (d 12.8 → 15.1 ms).
    const { echoes, closedForm } = fatVoxelEchoes(4, 1 / 16);
    const { meanAbs, rms } = echoStatistics(echoes);
    expect(closedForm).toBeCloseTo(0.0085, 3);
    expect(Math.abs(meanAbs - closedForm)).toBeLessThan(0.005);
    expect(rms).toBeLessThan(0.01);
  });

  it('leaves no stimulated echo of consecutive saturations in a voxel through the whole slice: line to line within 0.3 % of M0 rms', () => {
    // 512 isochromats through twice the slice (its profile included; M0 of them all): one spoiler moment every
    // repetition left 1.0 % rms, the echo of the next identical spoiler; these 0.05 %.
    expect(echoStatistics(fatVoxelEchoes(512, 2).echoes).rms).toBeLessThan(0.003);
  });
});
