/** Probes for the Bloch engines' tests: one spin, and an ADC window that reads it. */
import type { AdcEvent } from '../../sequence/timeline.ts';
import { createSpinSet, type SpinSet } from './spins.ts';

/**
 * One spin at (0, 0, `z`) [m] at equilibrium (M = rho·ẑ), or with magnetisation `m` [M0]: off resonance `df` [Hz],
 * T1 and T2 [s]; by default on resonance, without relaxation, PD `rho` 1, at the isocentre.
 */
export function oneSpin(o: {
  df?: number;
  t1?: number;
  t2?: number;
  z?: number;
  rho?: number;
  m?: [number, number, number];
}): SpinSet {
  const spins = createSpinSet({
    x: [0],
    y: [0],
    z: [o.z ?? 0],
    rho: [o.rho ?? 1],
    t1: [o.t1 ?? Infinity],
    t2: [o.t2 ?? Infinity],
    dw: [2 * Math.PI * (o.df ?? 0)],
  });
  if (o.m) [spins.mx[0], spins.my[0], spins.mz[0]] = o.m;
  return spins;
}

/** A block of `n` ADC samples every `dwell` [s], the first at dwell/2 after the block start. */
export const adcWindow = (n: number, dwell: number): AdcEvent => ({
  numSamples: n,
  dwell,
  delay: 0,
  freqOffset: 0,
  phaseOffset: 0,
});

/** Spins of one tissue (PD 1, T1 and T2 [s], none by default) on resonance along the z axis at `z` [m]. */
export function spinsAlongZ(z: readonly number[], t1 = Infinity, t2 = Infinity): SpinSet {
  return createSpinSet({
    x: z.map(() => 0),
    y: z.map(() => 0),
    z,
    rho: z.map(() => 1),
    t1: z.map(() => t1),
    t2: z.map(() => t2),
  });
}
