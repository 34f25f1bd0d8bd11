/**
 * Deterministic pseudo-random sources for the procedural models. Nothing here reads a clock or Math.random:
 * the same seed always gives the same numbers, so a model is the same bytes on every machine.
 */

/** 32-bit integer hash of three lattice coordinates and a seed (a Murmur3-style finaliser). */
function hash3(ix: number, iy: number, iz: number, seed: number): number {
  let h = (seed ^ Math.imul(ix, 0x27d4eb2d) ^ Math.imul(iy, 0x165667b1) ^ Math.imul(iz, 0x3c6ef372)) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Lattice value in [−1, 1]. */
function lattice(ix: number, iy: number, iz: number, seed: number): number {
  return (hash3(ix, iy, iz, seed) / 0xffffffff) * 2 - 1;
}

/** Quintic fade 6t⁵ − 15t⁴ + 10t³ (Perlin 2002, "Improving noise"): C² continuous, so surfaces stay smooth. */
function fade(t: number): number {
  return t * t * t * (t * (t * 6 - 15) + 10);
}

/**
 * Smooth 3D value noise in [−1, 1]: lattice values interpolated with the quintic fade.
 * @param x,y,z position in lattice units (position [m] divided by the feature size [m])
 */
export function valueNoise3(x: number, y: number, z: number, seed: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const z0 = Math.floor(z);
  const u = fade(x - x0);
  const v = fade(y - y0);
  const w = fade(z - z0);
  const c000 = lattice(x0, y0, z0, seed);
  const c100 = lattice(x0 + 1, y0, z0, seed);
  const c010 = lattice(x0, y0 + 1, z0, seed);
  const c110 = lattice(x0 + 1, y0 + 1, z0, seed);
  const c001 = lattice(x0, y0, z0 + 1, seed);
  const c101 = lattice(x0 + 1, y0, z0 + 1, seed);
  const c011 = lattice(x0, y0 + 1, z0 + 1, seed);
  const c111 = lattice(x0 + 1, y0 + 1, z0 + 1, seed);
  const x00 = c000 + (c100 - c000) * u;
  const x10 = c010 + (c110 - c010) * u;
  const x01 = c001 + (c101 - c001) * u;
  const x11 = c011 + (c111 - c011) * u;
  const y0v = x00 + (x10 - x00) * v;
  const y1v = x01 + (x11 - x01) * v;
  return y0v + (y1v - y0v) * w;
}
