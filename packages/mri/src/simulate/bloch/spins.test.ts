import { describe, expect, it } from 'vitest';
import { hardPulse } from '../../sequence/build/rf.ts';
import { TimelineBuilder } from '../../sequence/build/timelineBuilder.ts';
import { simulateBloch } from './engine.ts';
import { classifySpins } from './rfmap.ts';
import { createSpinSet, withT2StarSpread } from './spins.ts';
import { adcWindow, oneSpin } from './probe.testing.ts';

const [T2, T2_STAR] = [0.1, 0.02];
const T2_PRIME = 1 / (1 / T2_STAR - 1 / T2);
const PULSE = 4e-6;

/** One voxel of T2 100 ms, T2* 20 ms as 89 isochromats (dephasing.ts). */
const voxel = () => withT2StarSpread(oneSpin({ t1: 1, t2: T2 }), [T2_STAR], 89);

describe('T2* isochromats in the Bloch engine', () => {
  it('89 isochromats: the FID decays as e^(−t/T2*) within 2 % of M0 over 0–3·T2′, with no revival up to 6·T2′', () => {
    const spins = voxel();
    expect(spins.count).toBe(89);
    const b = new TimelineBuilder();
    b.add({ rf: hardPulse(Math.PI / 2, PULSE, PULSE / 2) });
    const dwell = T2_PRIME / 50;
    const adcStart = b.add({ adc: adcWindow(300, dwell) });
    const s = simulateBloch({ timeline: b.build(), spins }).coils[0];
    for (let n = 0; n < 300; n++) {
      const t = adcStart + (n + 0.5) * dwell - PULSE / 2;
      const magnitude = Math.hypot(s?.re[n] ?? 0, s?.im[n] ?? 0);
      if (t <= 3 * T2_PRIME)
        expect(Math.abs(magnitude - Math.exp(-t / T2_STAR)), `t ${t}`).toBeLessThan(0.02);
      else expect(magnitude, `t ${t}`).toBeLessThan(Math.exp(-t / T2_STAR) + 0.035 * Math.exp(-t / T2));
    }
  });

  it('a 180° pulse refocuses the spread: the echo at TE decays as e^(−TE/T2)·e^(−|t−TE|/T2′) within 2 %', () => {
    const b = new TimelineBuilder();
    b.add({ rf: hardPulse(Math.PI / 2, PULSE, PULSE / 2) });
    b.delay(0.015 - PULSE);
    // Times from the excitation's centre; the echo is at TE = 2·(refocusing centre).
    const te = 2 * b.add({ rf: hardPulse(Math.PI, PULSE, PULSE / 2, { phaseOffset: Math.PI / 2 }) });
    const dwell = 1e-4;
    const count = 400;
    // Samples from TE − 20 ms to TE + 20 ms.
    b.delay(te - b.time - (count / 2) * dwell + PULSE / 2);
    const adcStart = b.add({ adc: adcWindow(count, dwell) });
    const s = simulateBloch({ timeline: b.build(), spins: voxel() }).coils[0];
    for (let n = 0; n < count; n++) {
      const t = adcStart + (n + 0.5) * dwell - PULSE / 2;
      const expected = Math.exp(-t / T2) * Math.exp(-Math.abs(t - te) / T2_PRIME);
      expect(Math.abs(Math.hypot(s?.re[n] ?? 0, s?.im[n] ?? 0) - expected), `t ${t}`).toBeLessThan(0.02);
    }
  });

  it('voxels of one tissue share their isochromat frequencies: 3 voxels × 89 isochromats form 89 classes where no gradient is on', () => {
    const spins = withT2StarSpread(
      createSpinSet({
        x: [0, 0.01, 0.02],
        y: [0, 0, 0.01],
        z: [0, 0, 0],
        rho: [1, 1, 1],
        t1: [1, 1, 1],
        t2: [T2, T2, T2],
      }),
      [T2_STAR, T2_STAR, T2_STAR],
      89,
    );
    expect(spins.count).toBe(267);
    expect(classifySpins(spins, spins.count, 0).representatives.length).toBe(89);
    expect(classifySpins(spins, spins.count, 1).representatives.length).toBe(267);
  });
});
