/** A receive coil array for the fast engine's tests: smooth sensitivities and seeded noise, plain data. */
import type { AcquisitionFrame } from '../geometry.ts';
import { seededRandom, unitComplexNoise, type UnitNoise } from '../noise.ts';

/**
 * A test coil array on the frame's acquisition grid [phase][read]: `count` smooth, distinct real sensitivities
 * 0.3 + 0.7·exp(−((u − step·c)² + (v − 0.4)²)) (u, v the fractional read and phase positions, c the coil), and
 * one unit complex noise per coil drawn in turn from seededRandom(seed).
 */
export function testCoilArray(
  frame: AcquisitionFrame,
  { count = 3, step = 0.3, seed = 5 }: { count?: number; step?: number; seed?: number } = {},
): { maps: Float32Array[]; noise: UnitNoise[] } {
  const n = frame.readCount * frame.phaseCount;
  const maps = Array.from({ length: count }, (_, c) =>
    Float32Array.from({ length: n }, (_, i) => {
      const u = (i % frame.readCount) / frame.readCount;
      const v = Math.floor(i / frame.readCount) / frame.phaseCount;
      return 0.3 + 0.7 * Math.exp(-((u - step * c) ** 2 + (v - 0.4) ** 2));
    }),
  );
  const random = seededRandom(seed);
  return { maps, noise: maps.map(() => unitComplexNoise(n, random)) };
}
