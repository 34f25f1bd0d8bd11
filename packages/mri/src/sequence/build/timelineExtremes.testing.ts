import type { SequenceTimeline } from '../timeline.ts';

/** Largest gradient amplitude [Hz/m] and slew [Hz/m/s] over the whole timeline, on any one channel. */
export function gradientExtremes(t: SequenceTimeline): { amplitude: number; slew: number } {
  let amplitude = 0;
  let slew = 0;
  for (const b of t.blocks)
    for (const g of [b.gx, b.gy, b.gz]) {
      if (!g) continue;
      for (let i = 0; i < g.times.length; i++) {
        amplitude = Math.max(amplitude, Math.abs(g.amplitudes[i] ?? 0));
        const dt = (g.times[i + 1] ?? 0) - (g.times[i] ?? 0);
        if (i + 1 < g.times.length && dt > 0)
          slew = Math.max(slew, Math.abs((g.amplitudes[i + 1] ?? 0) - (g.amplitudes[i] ?? 0)) / dt);
      }
    }
  return { amplitude, slew };
}
