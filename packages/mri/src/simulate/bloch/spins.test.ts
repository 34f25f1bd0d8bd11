import { describe, expect, it } from 'vitest';
import { hardPulse } from '../../sequence/build/rf.ts';
import { TimelineBuilder } from '../../sequence/build/timelineBuilder.ts';
import { simulateFast } from './fast.ts';
import { createSpinSet, withT2StarSpread } from './spins.ts';

describe('T2* isochromats', () => {
  it('64 Lorentzian isochromats make the FID decay as e^(−t/T2*) within 6 % of M0 up to 2·T2′ (quantile sampling of the Cauchy tails)', () => {
    const [t2, t2s] = [0.1, 0.02];
    const t2Prime = 1 / (1 / t2s - 1 / t2);
    const spins = withT2StarSpread(
      createSpinSet({ x: [0], y: [0], z: [0], rho: [1], t1: [1], t2: [t2] }),
      [t2s],
      64,
    );
    expect(spins.count).toBe(64);
    const b = new TimelineBuilder();
    b.add({ rf: hardPulse(Math.PI / 2, 4e-6, 2e-6) });
    const dwell = t2Prime / 20;
    b.add({ adc: { numSamples: 40, dwell, delay: 0, freqOffset: 0, phaseOffset: 0 } });
    const s = simulateFast({ timeline: b.build(), spins }).coils[0];
    for (let n = 0; n < 40; n++) {
      const t = (n + 0.5) * dwell + 2e-6;
      expect(Math.abs(Math.hypot(s?.re[n] ?? 0, s?.im[n] ?? 0) - Math.exp(-t / t2s))).toBeLessThan(0.06);
    }
  });
});
