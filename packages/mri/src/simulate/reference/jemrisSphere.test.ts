import { describe, expect, it } from 'vitest';
import { adcSampleTimes } from '../bloch/plan.ts';
import { simulateBloch } from '../bloch/engine.ts';
import { simulateReference } from '../bloch/reference.ts';
import type { BlochSignal } from '../bloch/scan.ts';
import { simulateConverged } from './converged.ts';
import { JEMRIS_SPHERE_SPINS, jemrisSphereEpi, jemrisSpherePhantom } from './jemrisSphere.testing.ts';

/** Goal of issue 23 item 9: Larmor's Bloch engine within 0.3 % NRMSE of the converged solution. */
const GOAL_NRMSE = 3e-3;
/** What the engines hold now on this case (measured 1.1e-5 on all 7825 isochromats, docs/physics.md). */
const ENGINE_NRMSE = 1e-4;
/** Every 8th isochromat (979 of 7825): the whole disc and both tissues, at an eighth of the reference's time. */
const STRIDE = 8;

/** Complex NRMSE √(Σ|s − r|² / Σ|r|²) of coil 0, KomaMRI's measure against JEMRIS. */
function complexNrmse(s: BlochSignal, r: BlochSignal): number {
  const a = s.coils[0];
  const b = r.coils[0];
  if (!a || !b) throw new RangeError('no coil');
  let error = 0;
  let norm = 0;
  for (let i = 0; i < b.re.length; i++) {
    error +=
      ((a.re[i] as number) - (b.re[i] as number)) ** 2 + ((a.im[i] as number) - (b.im[i] as number)) ** 2;
    norm += (b.re[i] as number) ** 2 + (b.im[i] as number) ** 2;
  }
  return Math.sqrt(error / norm);
}

describe("JEMRIS's sphere EPI case, rebuilt", () => {
  it('has the file’s 7825 isochromats, 1941 of them in the inner disc (T1 = T2 = 50 ms, Δω = 200 rad/s)', () => {
    const spins = jemrisSpherePhantom();
    expect(spins.count).toBe(JEMRIS_SPHERE_SPINS);
    expect(spins.dw.filter((w) => w === 200).length).toBe(1941);
    expect(spins.t2.filter((t) => t === Math.fround(0.1)).length).toBe(JEMRIS_SPHERE_SPINS - 1941);
  });

  it('samples when JEMRIS does: 100 lines of 100 samples 10 µs apart, from 16.395 ms to 183.705 ms (1e-12 s)', () => {
    const times = adcSampleTimes(jemrisSphereEpi());
    expect(times.length).toBe(10_000);
    expect(Math.abs((times[0] as number) - 16.395e-3)).toBeLessThan(1e-12);
    expect(Math.abs((times[1] as number) - 16.405e-3)).toBeLessThan(1e-12);
    expect(Math.abs((times[9_999] as number) - 183.705e-3)).toBeLessThan(1e-12);
  });

  it(`Larmor's Bloch engines lie within ${ENGINE_NRMSE} NRMSE of the converged solution (goal ${GOAL_NRMSE})`, () => {
    const scan = { timeline: jemrisSphereEpi(), spins: jemrisSpherePhantom(STRIDE) };
    const converged = simulateConverged(scan);
    expect(converged.maxSubsteps).toBe(2); // the hard pulse without gradients is exact at once
    const fast = complexNrmse(simulateBloch(scan), converged);
    const plain = complexNrmse(simulateReference(scan), converged);
    expect(fast).toBeLessThan(ENGINE_NRMSE);
    expect(plain).toBeLessThan(ENGINE_NRMSE);
  }, 120_000); // a few seconds alone; generous for a loaded machine (no timing is asserted)

  // KomaMRI's second JEMRIS case moves the brain phantom 1 m along y over 10 s (0.1 m/s) during this EPI; here the
  // sphere moves the same way. The engines place spins at each block's starting position and add the motion's
  // phase ∫γ̄G·(d(t) − d(t_b)) dt within the block (bloch/motionPhase.ts); held per block they read 4.5 % NRMSE.
  it('with rigid motion of 0.1 m/s along y both engines are within the goal of the converged (continuous) solution', () => {
    const motion = {
      times: Float64Array.of(0, 10),
      dx: Float64Array.of(0, 0),
      dy: Float64Array.of(0, 1),
      dz: Float64Array.of(0, 0),
    };
    const scan = { timeline: jemrisSphereEpi(), spins: jemrisSpherePhantom(STRIDE), motion };
    const converged = simulateConverged(scan);
    expect(complexNrmse(simulateBloch(scan), converged)).toBeLessThan(GOAL_NRMSE);
    expect(complexNrmse(simulateReference(scan), converged)).toBeLessThan(GOAL_NRMSE);
  }, 120_000);
});
