import { describe, expect, it } from 'vitest';
import {
  delayed,
  trapezoidEvent,
  trapezoidForArea,
  trapezoidWithFlat,
} from '../../sequence/build/gradients.ts';
import { BUILD_RASTER } from '../../sequence/build/raster.ts';
import { hardPulse, sincPulse } from '../../sequence/build/rf.ts';
import { TimelineBuilder } from '../../sequence/build/timelineBuilder.ts';
import type { SequenceTimeline } from '../../sequence/timeline.ts';
import { simulateConverged } from '../reference/converged.ts';
import { SimulationStoppedError } from '../stop.ts';
import { simulateBloch } from './engine.ts';
import { CLASS_SLOTS, createJsKernels, RELAXATION_SLOTS } from './kernels.ts';
import { simulateReference } from './reference.ts';
import { addSignals, splitIntoChunks, type BlochScan, type BlochSignal } from './scan.ts';
import { createSpinSet, type SpinSet } from './spins.ts';
import { createWasmKernels } from './wasmKernels.ts';

/** Deterministic pseudo-random numbers in [0, 1) (a 32-bit LCG, Numerical Recipes constants). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Spins scattered over a 3D box of ±12 cm × ±12 cm × ±4 mm with brain-like T1, T2 and ±50 Hz off-resonance. */
function randomSpins(count: number, seed: number): SpinSet {
  const r = random(seed);
  const a = (f: () => number) => Array.from({ length: count }, f);
  return createSpinSet({
    x: a(() => (r() - 0.5) * 0.24),
    y: a(() => (r() - 0.5) * 0.24),
    z: a(() => (r() - 0.5) * 0.008),
    rho: a(() => 0.5 + r()),
    t1: a(() => 0.3 + 3 * r()),
    t2: a(() => 0.03 + 0.3 * r()),
    dw: a(() => 2 * Math.PI * 100 * (r() - 0.5)),
  });
}

const limits = { maxGradient: 1e6, maxSlew: 7e9 };
const raster = BUILD_RASTER.gradient;

/** A slice-selective spoiled gradient-echo / spin-echo mix: sinc excitation, phase encoding, readout, refocusing, RF spoiling. */
function mixedTimeline(): SequenceTimeline {
  const b = new TimelineBuilder();
  const rf = sincPulse({ flipAngle: Math.PI / 3, duration: 1e-3, timeBandwidth: 4, raster: BUILD_RASTER.rf });
  const gss = trapezoidWithFlat(4000 / 0.005, 1e-3, limits, raster);
  const nRead = 32;
  const dwell = 2e-5;
  const readArea = 1 / 0.004; // 1/Δx with Δx = 4 mm... k extent [1/m]
  const ro = trapezoidWithFlat(readArea / (nRead * dwell), nRead * dwell, limits, raster);
  for (let line = 0; line < 3; line++) {
    b.add({
      rf: { ...rf, delay: gss.rise, phaseOffset: (line * (line + 1) * 117 * Math.PI) / 360 },
      gz: trapezoidEvent(gss),
    });
    b.add({
      gx: trapezoidEvent(trapezoidForArea(-readArea / 2 - (ro.amplitude * ro.rise) / 2, limits, raster)),
      gy: trapezoidEvent(trapezoidForArea((line - 1) * 40, limits, raster)),
      gz: trapezoidEvent(trapezoidForArea(-(gss.amplitude * (0.5e-3 + gss.fall / 2)), limits, raster)),
    });
    b.add({
      gx: trapezoidEvent(ro),
      adc: { numSamples: nRead, dwell, delay: ro.rise, freqOffset: 120, phaseOffset: 0.3 },
    });
    b.add({
      rf: { ...hardPulse(Math.PI, 2e-4, BUILD_RASTER.rf, { use: 'refocusing' }), phaseOffset: Math.PI / 2 },
    });
    b.add({
      gx: trapezoidEvent(delayed(ro, 2e-4)),
      adc: { numSamples: nRead, dwell, delay: 2e-4 + ro.rise, freqOffset: 0, phaseOffset: 0 },
    });
    b.add({ gz: trapezoidEvent(trapezoidForArea(2000, limits, raster)) });
    b.delay(5e-3);
  }
  return b.build();
}

function maxDifference(a: BlochSignal, b: BlochSignal): number {
  let worst = 0;
  a.coils.forEach((c, k) => {
    const d = b.coils[k];
    for (let i = 0; i < c.re.length; i++)
      worst = Math.max(worst, Math.hypot((c.re[i] ?? 0) - (d?.re[i] ?? 0), (c.im[i] ?? 0) - (d?.im[i] ?? 0)));
  });
  return worst;
}
/** Complex NRMSE √(Σ|a − b|² / Σ|b|²) over all coils. */
function nrmse(a: BlochSignal, b: BlochSignal): number {
  let error = 0;
  let norm = 0;
  b.coils.forEach((c, k) => {
    const d = a.coils[k];
    for (let i = 0; i < c.re.length; i++) {
      error += ((d?.re[i] ?? 0) - (c.re[i] ?? 0)) ** 2 + ((d?.im[i] ?? 0) - (c.im[i] ?? 0)) ** 2;
      norm += (c.re[i] ?? 0) ** 2 + (c.im[i] ?? 0) ** 2;
    }
  });
  return Math.sqrt(error / norm);
}
const totalRho = (s: SpinSet): number => s.rho.reduce((sum, v) => sum + v, 0);

describe('Bloch engine (simulateBloch) against the reference', () => {
  const spins = randomSpins(203, 7);
  const scan: BlochScan = { timeline: mixedTimeline(), spins };
  const reference = simulateReference(scan);

  it('JavaScript kernels match the reference engine within 1e-4 of ΣM0', () => {
    expect(maxDifference(simulateBloch(scan, { kernels: createJsKernels }), reference)).toBeLessThan(
      1e-4 * totalRho(spins),
    );
  });

  it('WebAssembly SIMD kernels match the reference engine within 1e-4 of ΣM0', () => {
    expect(maxDifference(simulateBloch(scan, { kernels: createWasmKernels }), reference)).toBeLessThan(
      1e-4 * totalRho(spins),
    );
  });

  it('receives through complex coil sensitivities like the reference (1e-4 of ΣM0)', () => {
    const r = random(3);
    const coil = () => ({
      re: Float32Array.from(spins.rho, () => r()),
      im: Float32Array.from(spins.rho, () => r() - 0.5),
    });
    const withCoils: BlochScan = { ...scan, coils: [coil(), coil()] };
    const expected = simulateReference(withCoils);
    expect(maxDifference(simulateBloch(withCoils, { kernels: createWasmKernels }), expected)).toBeLessThan(
      1e-4 * totalRho(spins),
    );
  });

  it('moves spins with rigid motion like the reference (1e-4 of ΣM0)', () => {
    const moving: BlochScan = {
      ...scan,
      motion: {
        times: Float64Array.of(0, 0.05),
        dx: Float64Array.of(0, 0.003),
        dy: Float64Array.of(0, -0.002),
        dz: Float64Array.of(0, 0.001),
      },
    };
    const expected = simulateReference(moving);
    expect(maxDifference(expected, reference)).toBeGreaterThan(1e-2);
    expect(maxDifference(simulateBloch(moving, { kernels: createWasmKernels }), expected)).toBeLessThan(
      1e-4 * totalRho(spins),
    );
  });

  it('follows rigid motion within each block: at 0.5 m/s along x, y and z every engine is within 0.3 % NRMSE of the converged (continuous) solution', () => {
    const moving: BlochScan = {
      ...scan,
      motion: {
        times: Float64Array.of(0, 0.01, 0.05),
        dx: Float64Array.of(0, 0.005, -0.01),
        dy: Float64Array.of(0, -0.004, 0.01),
        dz: Float64Array.of(0, 0.003, -0.005),
      },
    };
    const converged = simulateConverged(moving);
    expect(nrmse(simulateBloch(moving, { kernels: createJsKernels }), converged)).toBeLessThan(3e-3);
    expect(nrmse(simulateBloch(moving, { kernels: createWasmKernels }), converged)).toBeLessThan(3e-3);
    expect(nrmse(simulateReference(moving), converged)).toBeLessThan(3e-3);
  });

  it('readouts summed over classes of shared phasors (a Cartesian grid) match the reference within 1e-4 of ΣM0', () => {
    const n = 12;
    const count = n * n;
    const at = (i: number): number => (i / n - 0.5) * 0.2;
    const grid = createSpinSet({
      x: Array.from({ length: count }, (_, i) => at(i % n)),
      y: Array.from({ length: count }, (_, i) => at(Math.floor(i / n))),
      z: new Array<number>(count).fill(0.001),
      rho: Array.from({ length: count }, (_, i) => 1 + (i % 3)),
      t1: Array.from({ length: count }, (_, i) => (i % 2 ? 0.8 : 1.5)),
      t2: Array.from({ length: count }, (_, i) => (i % 2 ? 0.07 : 0.2)),
      dw: Array.from({ length: count }, (_, i) => (i % 2 ? 0 : 2 * Math.PI * 30)),
    });
    const r = random(5);
    const coil = {
      re: Float32Array.from(grid.rho, () => r()),
      im: Float32Array.from(grid.rho, () => r() - 0.5),
    };
    for (const gridScan of [
      { timeline: scan.timeline, spins: grid },
      { timeline: scan.timeline, spins: grid, coils: [coil] },
    ]) {
      const expected = simulateReference(gridScan);
      for (const kernels of [createJsKernels, createWasmKernels])
        expect(maxDifference(simulateBloch(gridScan, { kernels }), expected)).toBeLessThan(
          1e-4 * totalRho(grid),
        );
    }
  });

  it('relaxation slots keep their factors apart, and relax() uses the selected slot (JS and WebAssembly)', () => {
    for (const factory of [createJsKernels, createWasmKernels]) {
      const k = factory(4, 1);
      k.ws.rho.fill(1);
      k.ws.mz.fill(0);
      k.ws.e1.fill(0.5);
      k.selectRelaxation(RELAXATION_SLOTS - 1);
      k.ws.e1.fill(0.25);
      k.selectRelaxation(0);
      expect(Array.from(k.ws.e1)).toEqual([0.5, 0.5, 0.5, 0.5]);
      k.relax(); // mz ← e1·0 + 1·(1 − e1)
      expect(Array.from(k.ws.mz)).toEqual([0.5, 0.5, 0.5, 0.5]);
      k.selectRelaxation(RELAXATION_SLOTS - 1);
      k.relax();
      expect(Array.from(k.ws.mz)).toEqual([0.875, 0.875, 0.875, 0.875]);
      expect(() => k.selectRelaxation(RELAXATION_SLOTS)).toThrow(RangeError);
    }
  });

  it('class slots keep their assignments apart, and the class kernels use the selected slot (JS and WebAssembly)', () => {
    for (const factory of [createJsKernels, createWasmKernels]) {
      const k = factory(4, 1);
      k.ws.classOf.set([0, 0, 1, 1]);
      k.selectClasses(CLASS_SLOTS - 1);
      k.ws.classOf.set([0, 1, 0, 1]);
      k.selectClasses(0);
      expect(Array.from(k.ws.classOf)).toEqual([0, 0, 1, 1]);
      k.ws.mx.set([1, 2, 3, 4]);
      k.ws.classRe.fill(0, 0, 2);
      k.gatherClasses(false); // class sums of slot 0: 1 + 2, 3 + 4
      expect(Array.from(k.ws.classRe.subarray(0, 2))).toEqual([3, 7]);
      k.selectClasses(CLASS_SLOTS - 1);
      k.ws.classRe.fill(0, 0, 2);
      k.gatherClasses(false); // of the last slot: 1 + 3, 2 + 4
      expect(Array.from(k.ws.classRe.subarray(0, 2))).toEqual([4, 6]);
      expect(() => k.selectClasses(CLASS_SLOTS)).toThrow(RangeError);
    }
  });

  it('the signals of spin chunks add up to the signal of the whole scan (1e-5 of ΣM0)', () => {
    const whole = simulateBloch(scan, { kernels: createWasmKernels });
    const parts = splitIntoChunks(scan, 3).map((c) => simulateBloch(c, { kernels: createWasmKernels }));
    expect(parts).toHaveLength(3);
    expect(maxDifference(addSignals(parts), whole)).toBeLessThan(1e-5 * totalRho(spins));
  });

  it('stops with SimulationStoppedError once shouldStop answers true, and gives the same signal when it never does', () => {
    let checks = 0;
    const stopAtThird = () => ++checks >= 3;
    expect(() => simulateBloch(scan, { shouldStop: stopAtThird })).toThrow(SimulationStoppedError);
    expect(checks).toBe(3);
    const unchecked = simulateBloch(scan);
    const checked = simulateBloch(scan, { shouldStop: () => false });
    expect(checked).toEqual(unchecked);
  });
});
