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
  return trilinear(
    lattice(x0, y0, z0, seed),
    lattice(x0 + 1, y0, z0, seed),
    lattice(x0, y0 + 1, z0, seed),
    lattice(x0 + 1, y0 + 1, z0, seed),
    lattice(x0, y0, z0 + 1, seed),
    lattice(x0 + 1, y0, z0 + 1, seed),
    lattice(x0, y0 + 1, z0 + 1, seed),
    lattice(x0 + 1, y0 + 1, z0 + 1, seed),
    u,
    v,
    w,
  );
}

/** Trilinear interpolation of a cell's corner values c_abc (a along x, b along y, c along z) at weights u, v, w. */
function trilinear(
  c000: number,
  c100: number,
  c010: number,
  c110: number,
  c001: number,
  c101: number,
  c011: number,
  c111: number,
  u: number,
  v: number,
  w: number,
): number {
  const x00 = c000 + (c100 - c000) * u;
  const x10 = c010 + (c110 - c010) * u;
  const x01 = c001 + (c101 - c001) * u;
  const x11 = c011 + (c111 - c011) * u;
  const y0v = x00 + (x10 - x00) * v;
  const y1v = x01 + (x11 - x01) * v;
  return y0v + (y1v - y0v) * w;
}

/**
 * valueNoise3 at `count` points along a line, into `out`: point n at (x, y, z) advanced n times by (dx, dy, dz)
 * (the sums accumulated one step at a time). Bit for bit valueNoise3 at each point, with the lattice values of a
 * cell reused by the next point in the same cell and, where the next cell is one step along an axis, its four
 * shared corners: points closer than the lattice spacing cost a fraction of the hashes.
 */
export function valueNoise3Row(
  x: number,
  y: number,
  z: number,
  dx: number,
  dy: number,
  dz: number,
  count: number,
  seed: number,
  out: Float64Array,
): Float64Array {
  // Corner (a, b, c) of the current cell at index a + 2b + 4c.
  const corner = new Float64Array(8);
  let cx = NaN;
  let cy = NaN;
  let cz = NaN;
  for (let n = 0; n < count; n++) {
    const x0 = Math.floor(x);
    const y0 = Math.floor(y);
    const z0 = Math.floor(z);
    if (x0 !== cx || y0 !== cy || z0 !== cz) {
      // One step along one axis (`along`, by `step`): the corners on the side it moved towards were the far side
      // of the last cell, and are kept; the others are hashed.
      const mx = x0 - cx;
      const my = y0 - cy;
      const mz = z0 - cz;
      let along = -1;
      let step = 0;
      if (my === 0 && mz === 0 && (mx === 1 || mx === -1)) [along, step] = [0, mx];
      else if (mx === 0 && mz === 0 && (my === 1 || my === -1)) [along, step] = [1, my];
      else if (mx === 0 && my === 0 && (mz === 1 || mz === -1)) [along, step] = [2, mz];
      const bit = along < 0 ? 0 : 1 << along;
      // With step 1 the near corners (bit clear) take the last far ones; with −1 the far ones the last near ones.
      const keptSide = step === 1 ? 0 : bit;
      for (let k = 0; k < 8; k++)
        if (bit !== 0 && (k & bit) === keptSide) corner[k] = corner[k ^ bit] as number;
      for (let k = 0; k < 8; k++) {
        if (bit !== 0 && (k & bit) === keptSide) continue;
        corner[k] = lattice(x0 + (k & 1), y0 + ((k >> 1) & 1), z0 + ((k >> 2) & 1), seed);
      }
      cx = x0;
      cy = y0;
      cz = z0;
    }
    const u = fade(x - x0);
    const v = fade(y - y0);
    const w = fade(z - z0);
    out[n] = trilinear(
      corner[0] as number,
      corner[1] as number,
      corner[2] as number,
      corner[3] as number,
      corner[4] as number,
      corner[5] as number,
      corner[6] as number,
      corner[7] as number,
      u,
      v,
      w,
    );
    x += dx;
    y += dy;
    z += dz;
  }
  return out;
}
