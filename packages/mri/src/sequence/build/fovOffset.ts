import type { Meters } from '../../units.ts';
import type { GradientEvent, SequenceBlock, SequenceTimeline } from '../timeline.ts';
import type { Axis } from './context.ts';

const AXES: readonly Axis[] = ['gx', 'gy', 'gz'];

/** Area [1/m] of a piecewise-linear gradient between t0 and t1 [s from the block start] (exact). */
export function areaBetween(g: GradientEvent | undefined, t0: number, t1: number): number {
  if (!g || t1 <= t0) return 0;
  let area = 0;
  for (let i = 1; i < g.times.length; i++) {
    const [ta, tb] = [g.times[i - 1] as number, g.times[i] as number];
    const a = Math.max(ta, t0);
    const b = Math.min(tb, t1);
    if (b <= a || tb <= ta) continue;
    const at = (t: number) =>
      (g.amplitudes[i - 1] as number) +
      (((g.amplitudes[i] as number) - (g.amplitudes[i - 1] as number)) * (t - ta)) / (tb - ta);
    area += ((b - a) * (at(a) + at(b))) / 2;
  }
  return area;
}

/** Amplitude [Hz/m] of a piecewise-linear gradient at t [s from the block start] (0 outside it). */
function amplitudeAt(g: GradientEvent | undefined, t: number): number {
  if (!g) return 0;
  for (let i = 1; i < g.times.length; i++) {
    const [ta, tb] = [g.times[i - 1] as number, g.times[i] as number];
    if (t >= ta && t <= tb && tb > ta)
      return (
        (g.amplitudes[i - 1] as number) +
        (((g.amplitudes[i] as number) - (g.amplitudes[i - 1] as number)) * (t - ta)) / (tb - ta)
      );
  }
  return 0;
}

/**
 * The timeline with its receiver shifted to an off-centre field of view (Pulseq convention, as scanners do):
 * the image of the ADC samples is centred on `center` [m, per gradient channel] instead of the isocentre.
 * The signal is S(t) = Σ M⊥(r)·exp(−i2πk(t)·r) (docs/conventions.md), so centring on c means multiplying it by
 * exp(+i2πk(t)·c). The engine demodulates sample n by exp(i(2π·f·τ − φ)), τ = (n + ½)·dwell from the ADC start
 * (simulate/bloch/plan.ts); with the gradient g constant during the ADC, k(τ) = k₀ + g·τ, hence
 * f = g·c (= γ̄·G_read·Δr_read) and φ = −2π·k₀·c (the phase-encoding term −2π·k_phase·Δr_phase and the read
 * prephaser's), added to the event's own phase (RF spoiling, bSSFP alternation).
 * k is tracked as the builders play it: zero at each excitation's centre, negated at each refocusing pulse's
 * centre; inversion and other pulses leave it alone (the following excitation resets it).
 */
export function withFovOffset(
  timeline: SequenceTimeline,
  center: Readonly<Record<Axis, Meters>>,
): SequenceTimeline {
  if (AXES.every((a) => center[a] === 0)) return timeline;
  const k: Record<Axis, number> = { gx: 0, gy: 0, gz: 0 };
  const blocks = timeline.blocks.map((block): SequenceBlock => {
    let from = 0;
    if (block.rf && (block.rf.use === 'excitation' || block.rf.use === 'refocusing')) {
      const centre = block.rf.delay + block.rf.center;
      for (const a of AXES)
        k[a] = block.rf.use === 'excitation' ? 0 : -(k[a] + areaBetween(block[a], 0, centre));
      from = centre;
    }
    let out: SequenceBlock = block;
    if (block.adc) {
      const t0 = block.adc.delay;
      let freq = 0;
      let phase = 0;
      for (const a of AXES) {
        const k0 = k[a] + areaBetween(block[a], from, t0);
        freq += amplitudeAt(block[a], t0) * center[a];
        phase -= 2 * Math.PI * k0 * center[a];
      }
      out = {
        ...block,
        adc: {
          ...block.adc,
          freqOffset: block.adc.freqOffset + freq,
          phaseOffset: block.adc.phaseOffset + phase,
        },
      };
    }
    for (const a of AXES) k[a] += areaBetween(block[a], from, block.duration);
    return out;
  });
  return { ...timeline, blocks };
}
