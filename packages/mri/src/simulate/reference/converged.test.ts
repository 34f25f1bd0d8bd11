import { describe, expect, it } from 'vitest';
import { hardPulse, sincPulse } from '../../sequence/build/rf.ts';
import { BUILD_RASTER } from '../../sequence/build/raster.ts';
import { TimelineBuilder } from '../../sequence/build/timelineBuilder.ts';
import { gradientAt, type SequenceBlock, type SequenceTimeline } from '../../sequence/timeline.ts';
import { createSpinSet } from '../bloch/spins.ts';
import { adcWindow, oneSpin, spinsAlongZ } from '../bloch/probe.testing.ts';
import { simulateConverged } from './converged.ts';
import { rfIntervalEdges } from './segments.ts';

/** Closed forms are met to this [fraction of M0] (the reference runs at a tolerance of 1e-10 for them). */
const CLOSED_FORM_TOLERANCE = 1e-9;
const TIGHT = { tolerance: 1e-10 };
/** Spin properties are stored as Float32 (bloch/spins.ts): closed forms use the stored values. */
const f32 = Math.fround;
/** Off-resonance [Hz] a spin set stores for `df` [Hz] (as 2π·df rad/s in Float32). */
const storedDf = (df: number): number => f32(2 * Math.PI * df) / (2 * Math.PI);

const finalOf = (s: ReturnType<typeof simulateConverged>): [number, number, number] => [
  s.final.mx[0] as number,
  s.final.my[0] as number,
  s.final.mz[0] as number,
];

function expectClose(actual: readonly number[], expected: readonly number[], tolerance: number): void {
  actual.forEach((a, i) => expect(Math.abs(a - (expected[i] as number))).toBeLessThan(tolerance));
}

describe('converged reference against closed forms', () => {
  it('free precession: M⊥(t) = M⊥(0)·e^(−i·2π·Δf·t)·e^(−t/T2) at every sample (1e-9)', () => {
    const [df, t2, dwell] = [storedDf(37.5), f32(0.08), 1e-3];
    const b = new TimelineBuilder();
    b.add({ adc: adcWindow(40, dwell) });
    const s = simulateConverged({ timeline: b.build(), spins: oneSpin({ df, t2, t1: 1, m: [1, 0, 0] }) });
    s.times.forEach((t, k) => {
      const decay = Math.exp(-t / t2);
      const re = s.coils[0]?.re[k] as number;
      const im = s.coils[0]?.im[k] as number;
      expectClose(
        [re, im],
        [decay * Math.cos(2 * Math.PI * df * t), -decay * Math.sin(2 * Math.PI * df * t)],
        1e-9,
      );
    });
  });

  it('relaxation: an inverted spin recovers as Mz = M0·(1 − 2e^(−t/T1)) and keeps no M⊥ (1e-9)', () => {
    const [t1, wait] = [f32(0.3), 0.2];
    const b = new TimelineBuilder();
    b.delay(wait);
    const s = simulateConverged({ timeline: b.build(), spins: oneSpin({ t1, t2: 0.05, m: [0, 0, -1] }) });
    expectClose(finalOf(s), [0, 0, 1 - 2 * Math.exp(-wait / t1)], CLOSED_FORM_TOLERANCE);
  });

  it('on-resonance nutation: a hard pulse of flip θ and phase 0 gives (0, sinθ, cosθ), phase π/2 gives (−sinθ, 0, cosθ)', () => {
    const flip = 1.3;
    for (const [phase, expected] of [
      [0, [0, Math.sin(flip), Math.cos(flip)]],
      [Math.PI / 2, [-Math.sin(flip), 0, Math.cos(flip)]],
    ] as const) {
      const b = new TimelineBuilder();
      b.add({ rf: hardPulse(flip, 2e-4, BUILD_RASTER.rf, { phaseOffset: phase }) });
      const s = simulateConverged({ timeline: b.build(), spins: oneSpin({}) });
      expectClose(finalOf(s), expected, CLOSED_FORM_TOLERANCE);
      expect(s.maxSubsteps).toBe(2); // exact rotations: the first doubling already agrees
    }
  });

  it('off resonance follows the Rabi formula Mz = 1 − 2(b/b_eff)²·sin²(π·b_eff·t), My = (b/b_eff)·sin(2π·b_eff·t)', () => {
    const [duration, b1, df] = [1e-3, 400, storedDf(300)]; // s, Hz, Hz
    const bEff = Math.hypot(b1, df);
    const [nx, nz] = [b1 / bEff, df / bEff];
    const turn = 2 * Math.PI * bEff * duration;
    const b = new TimelineBuilder();
    b.add({ rf: hardPulse(2 * Math.PI * b1 * duration, duration, BUILD_RASTER.rf) });
    const s = simulateConverged({ timeline: b.build(), spins: oneSpin({ df }) });
    expectClose(
      finalOf(s),
      [nx * nz * (1 - Math.cos(turn)), nx * Math.sin(turn), 1 - 2 * nx * nx * Math.sin(turn / 2) ** 2],
      CLOSED_FORM_TOLERANCE,
    );
  });

  it('relaxation during RF: on resonance with T1 ≠ T2 (My, Mz) follows the closed form of the 2×2 Bloch system', () => {
    const [duration, b1, t1, t2] = [1e-3, 250, f32(5e-3), f32(2e-3)];
    const w1 = 2 * Math.PI * b1;
    const [a, c] = [1 / t2, 1 / t1];
    // Steady state and decay of the deviation d' = [[−a, ω1], [−ω1, −c]]·d: e^(At) = e^(−(a+c)t/2)·(cos qt + sin qt/q·B).
    const mzSteady = 1 / (1 + w1 * w1 * t1 * t2);
    const mySteady = w1 * t2 * mzSteady;
    const delta = (a - c) / 2;
    const q = Math.sqrt(w1 * w1 - delta * delta);
    const [d0y, d0z] = [-mySteady, 1 - mzSteady];
    const damp = Math.exp((-(a + c) * duration) / 2);
    const [cq, sq] = [Math.cos(q * duration), Math.sin(q * duration) / q];
    const my = mySteady + damp * (cq * d0y + sq * (-delta * d0y + w1 * d0z));
    const mz = mzSteady + damp * (cq * d0z + sq * (-w1 * d0y + delta * d0z));
    const b = new TimelineBuilder();
    b.add({ rf: hardPulse(2 * Math.PI * b1 * duration, duration, BUILD_RASTER.rf) });
    const s = simulateConverged({ timeline: b.build(), spins: oneSpin({ t1, t2 }) }, TIGHT);
    expectClose(finalOf(s), [0, my, mz], CLOSED_FORM_TOLERANCE);
    expect(s.maxSubsteps).toBeGreaterThan(2); // relaxation does not commute with the rotation: it had to refine
  });

  it('moving spin: under a constant gradient G a spin at x0 + v·t precesses by 2π·G·(x0·t + v·t²/2) (1e-9)', () => {
    const [g, x0, v, dwell] = [2e3, f32(3e-3), 0.05, 1e-4]; // Hz/m, m, m/s, s
    const n = 50;
    const b = new TimelineBuilder();
    const span = n * dwell;
    b.add({
      gx: { times: Float64Array.of(0, span), amplitudes: Float64Array.of(g, g) },
      adc: adcWindow(n, dwell),
    });
    const spins = createSpinSet({ x: [x0], y: [0], z: [0], rho: [1], t1: [Infinity], t2: [Infinity] });
    [spins.mx[0], spins.mz[0]] = [1, 0];
    const motion = {
      times: Float64Array.of(0, 1),
      dx: Float64Array.of(0, v),
      dy: Float64Array.of(0, 0),
      dz: Float64Array.of(0, 0),
    };
    const s = simulateConverged({ timeline: b.build(), spins, motion });
    s.times.forEach((t, k) => {
      const phase = 2 * Math.PI * g * (x0 * t + (v * t * t) / 2);
      expectClose(
        [s.coils[0]?.re[k] as number, s.coils[0]?.im[k] as number],
        [Math.cos(phase), -Math.sin(phase)],
        1e-9,
      );
    });
  });

  it('a pulse with a frequency offset f nutates a spin at Δf = f as if on resonance, in a frame turned by −2π·f·T', () => {
    const [duration, f, flip] = [5e-4, storedDf(1500), Math.PI / 3];
    const b = new TimelineBuilder();
    const rf = { ...hardPulse(flip, duration, BUILD_RASTER.rf), freqOffset: f };
    b.add({ rf });
    const s = simulateConverged({ timeline: b.build(), spins: oneSpin({ df: f }) }, TIGHT);
    const turned = -2 * Math.PI * f * duration + rf.phaseOffset; // the pulse's phase at its end
    expectClose(
      finalOf(s),
      [-Math.sin(flip) * Math.sin(turned), Math.sin(flip) * Math.cos(turned), Math.cos(flip)],
      CLOSED_FORM_TOLERANCE,
    );
    expect(s.maxSubsteps).toBeGreaterThan(2); // the field turns within each raster interval
  });
});

/** γ̄·B1 [Hz] of a block's RF at t [s], held on the interval containing `mid` (the step's middle), or none. */
function rfField(block: SequenceBlock, edges: Float64Array, mid: number, t: number): [number, number] {
  const rf = block.rf;
  if (!rf) return [0, 0];
  const u = mid - rf.delay;
  let i = 0;
  while (i < rf.times.length && u >= (edges[i + 1] as number)) i++;
  if (i >= rf.times.length || u < (edges[0] as number)) return [0, 0];
  const phase = (rf.phase[i] ?? 0) + rf.phaseOffset - 2 * Math.PI * rf.freqOffset * (t - rf.delay);
  return [(rf.amplitude[i] ?? 0) * Math.cos(phase), (rf.amplitude[i] ?? 0) * Math.sin(phase)];
}

/**
 * Classical Runge–Kutta with a fixed step dt [s] from equilibrium, written from the block's events alone (no
 * segments, no rotations): an independent integrator of dM/dt = −Ω × M (clockwise precession, exact.ts). Steps
 * align with the RF raster, so each step sees one RF sample.
 */
function rungeKutta(timeline: SequenceTimeline, z: number, dt: number): number[] {
  let m = [0, 0, 1];
  for (const block of timeline.blocks) {
    const edges = block.rf ? rfIntervalEdges(block.rf.times) : new Float64Array(0);
    const steps = Math.round(block.duration / dt);
    const h = block.duration / steps;
    for (let i = 0; i < steps; i++) {
      const t0 = i * h;
      const mid = t0 + h / 2;
      const rate = (v: readonly number[], t: number): number[] => {
        const [bx, by] = rfField(block, edges, mid, t);
        const bz = block.gz ? gradientAt(block.gz, t) * z : 0;
        const [wx, wy, wz] = [2 * Math.PI * bx, 2 * Math.PI * by, 2 * Math.PI * bz];
        const [x, y, zz] = v as [number, number, number];
        return [-(wy * zz - wz * y), -(wz * x - wx * zz), -(wx * y - wy * x)];
      };
      const add = (a: number[], k: number[], f: number): number[] =>
        a.map((v, j) => v + f * (k[j] as number));
      const k1 = rate(m, t0);
      const k2 = rate(add(m, k1, h / 2), mid);
      const k3 = rate(add(m, k2, h / 2), mid);
      const k4 = rate(add(m, k3, h), t0 + h);
      m = m.map(
        (v, j) =>
          v +
          (h / 6) * ((k1[j] as number) + 2 * (k2[j] as number) + 2 * (k3[j] as number) + (k4[j] as number)),
      );
    }
  }
  return m;
}

describe('converged reference where no closed form exists', () => {
  // A 2 ms sinc (time–bandwidth 4) with a frequency offset, played while the slice gradient still ramps up: the
  // field changes inside every raster interval, so only refinement gets it right.
  const timeline = ((): SequenceTimeline => {
    const rf = {
      ...sincPulse({ flipAngle: Math.PI / 2, duration: 2e-3, timeBandwidth: 4, raster: BUILD_RASTER.rf }),
      freqOffset: 400,
    };
    const gz = { times: Float64Array.of(0, 8e-4, 2e-3), amplitudes: Float64Array.of(0, 2e5, 2e5) }; // Hz/m
    const b = new TimelineBuilder();
    b.add({ rf, gz });
    return b.build();
  })();
  const positions = [-4e-3, 0, 1.5e-3, 6e-3]; // m

  it('agrees with a fine fixed-step Runge–Kutta solution of the same field to 1e-7 at tolerance 1e-8', () => {
    const spins = spinsAlongZ(positions);
    const s = simulateConverged({ timeline, spins }, { tolerance: 1e-8 });
    positions.forEach((z, j) => {
      // Float32 positions, as the engine stores them.
      const expected = rungeKutta(timeline, spins.z[j] as number, 1e-7);
      expectClose([s.final.mx[j], s.final.my[j], s.final.mz[j]] as number[], expected, 1e-7);
      expect(Number.isFinite(z)).toBe(true);
    });
  });

  it('converges: tolerance 1e-6 lands within 1e-6 of tolerance 1e-9', () => {
    const spins = spinsAlongZ(positions, 0.8, 0.06);
    const loose = simulateConverged({ timeline, spins }, { tolerance: 1e-6 });
    const tight = simulateConverged({ timeline, spins }, { tolerance: 1e-9 });
    for (const axis of ['mx', 'my', 'mz'] as const)
      positions.forEach((_, j) =>
        expect(Math.abs((loose.final[axis][j] as number) - (tight.final[axis][j] as number))).toBeLessThan(
          1e-6,
        ),
      );
    expect(tight.maxSubsteps).toBeGreaterThan(loose.maxSubsteps);
  });

  it('refuses a tolerance that is not positive', () => {
    const spins = oneSpin({});
    expect(() => simulateConverged({ timeline, spins }, { tolerance: 0 })).toThrow(
      /tolerance must be positive/,
    );
  });
});
