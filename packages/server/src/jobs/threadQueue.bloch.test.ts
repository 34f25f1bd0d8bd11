import { afterAll, describe, expect, it } from 'vitest';
import { simulateBloch, createSpinSet } from '@larmor/mri/bloch';
import { hardPulse, TimelineBuilder } from '@larmor/mri/sequence';
import { createThreadQueue } from './threadQueue.ts';

describe('thread queue, raw Bloch scans (a timeline on a spin list)', () => {
  const queue = createThreadQueue({ threads: 2 });
  afterAll(() => queue.close());

  it('sums the chunk signals of its threads into the single-thread signal (1e-5 of ΣM0)', async () => {
    const count = 500;
    const spins = createSpinSet({
      x: Array.from({ length: count }, (_, i) => (i / count - 0.5) * 0.2),
      y: Array.from({ length: count }, (_, i) => ((i * 7) % count) / count - 0.5),
      z: new Array<number>(count).fill(0),
      rho: new Array<number>(count).fill(1),
      t1: new Array<number>(count).fill(1),
      t2: Array.from({ length: count }, (_, i) => 0.05 + i * 1e-4),
      dw: Array.from({ length: count }, (_, i) => (i % 13) * 10),
    });
    const b = new TimelineBuilder();
    b.add({ rf: hardPulse(Math.PI / 2, 1e-4, 2e-6) });
    b.add({
      gx: { times: Float64Array.of(0, 1e-4, 1.1e-3, 1.2e-3), amplitudes: Float64Array.of(0, 2e4, 2e4, 0) },
      adc: { numSamples: 100, dwell: 1e-5, delay: 1e-4, freqOffset: 0, phaseOffset: 0 },
    });
    const scan = { timeline: b.build(), spins };
    const parallel = await queue.simulateBloch(scan, { chunks: 4 });
    const single = simulateBloch(scan);
    const re = parallel.coils[0]?.re ?? new Float64Array();
    expect(re).toHaveLength(100);
    re.forEach((v, i) => expect(Math.abs(v - (single.coils[0]?.re[i] ?? 0))).toBeLessThan(1e-5 * count));
    expect(Math.abs(parallel.coils[0]?.im[0] ?? 0)).toBeGreaterThan(100);
  });
});
