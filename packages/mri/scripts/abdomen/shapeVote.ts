/**
 * Resampling of an atlas label map onto a finer model grid by multi-label shape-based interpolation (Raya SP,
 * Udupa JK, IEEE Trans Med Imaging 1990;9:32–42; the multi-label form of Grevera GJ, Udupa JK, IEEE TMI
 * 1996;15:881–892): each class's signed distance to its outline is computed in every atlas slice (2-D chamfer,
 * Borgefors 1986), interpolated trilinearly at the model voxel, and the class with the largest value wins. Outlines
 * then run smoothly between the atlas's slices and pixels instead of in steps of its slice spacing. `scale` maps
 * model world to atlas world (atlas = model / scale).
 */
import { atlasIndexOf, type AtlasVolume } from '../atlasGeometry.ts';

/** Signed distances are clamped here [atlas pixels]: only the nearest outline matters. */
const CLAMP = 6;

interface ClassMap {
  x0: number;
  y0: number;
  w: number;
  h: number;
  /** Signed distance [pixels], positive inside the class. */
  d: Float32Array;
}

/** 2-D chamfer (3-4 weights / 3) distance to the nearest seed within a w × h box; Infinity-free (clamped). */
function chamfer2d(seed: Uint8Array, w: number, h: number): Float32Array {
  const d = new Float32Array(w * h);
  for (let p = 0; p < d.length; p++) d[p] = seed[p] ? 0 : CLAMP + 1;
  const a = 1;
  const b = 4 / 3;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const p = y * w + x;
      let v = d[p] ?? 0;
      if (v === 0) continue;
      if (x > 0) v = Math.min(v, (d[p - 1] ?? 0) + a);
      if (y > 0) {
        v = Math.min(v, (d[p - w] ?? 0) + a);
        if (x > 0) v = Math.min(v, (d[p - w - 1] ?? 0) + b);
        if (x < w - 1) v = Math.min(v, (d[p - w + 1] ?? 0) + b);
      }
      d[p] = v;
    }
  for (let y = h - 1; y >= 0; y--)
    for (let x = w - 1; x >= 0; x--) {
      const p = y * w + x;
      let v = d[p] ?? 0;
      if (v === 0) continue;
      if (x < w - 1) v = Math.min(v, (d[p + 1] ?? 0) + a);
      if (y < h - 1) {
        v = Math.min(v, (d[p + w] ?? 0) + a);
        if (x < w - 1) v = Math.min(v, (d[p + w + 1] ?? 0) + b);
        if (x > 0) v = Math.min(v, (d[p + w - 1] ?? 0) + b);
      }
      d[p] = v;
    }
  return d;
}

/** The signed distance maps of every class present in one atlas slice (class image `cls`, ax × ay). */
function sliceMaps(cls: Uint8Array, ax: number, ay: number): Map<number, ClassMap> {
  const boxes = new Map<number, [number, number, number, number]>();
  for (let y = 0; y < ay; y++)
    for (let x = 0; x < ax; x++) {
      const c = cls[y * ax + x] ?? 0;
      const box = boxes.get(c);
      if (!box) boxes.set(c, [x, y, x, y]);
      else {
        box[0] = Math.min(box[0], x);
        box[1] = Math.min(box[1], y);
        box[2] = Math.max(box[2], x);
        box[3] = Math.max(box[3], y);
      }
    }
  const maps = new Map<number, ClassMap>();
  for (const [c, [bx0, by0, bx1, by1]] of boxes) {
    const x0 = Math.max(0, bx0 - CLAMP - 1);
    const y0 = Math.max(0, by0 - CLAMP - 1);
    const w = Math.min(ax - 1, bx1 + CLAMP + 1) - x0 + 1;
    const h = Math.min(ay - 1, by1 + CLAMP + 1) - y0 + 1;
    const inside = new Uint8Array(w * h);
    const outside = new Uint8Array(w * h);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const isC = cls[(y + y0) * ax + x + x0] === c;
        inside[y * w + x] = isC ? 1 : 0;
        outside[y * w + x] = isC ? 0 : 1;
      }
    const toC = chamfer2d(inside, w, h);
    const toOther = chamfer2d(outside, w, h);
    const d = new Float32Array(w * h);
    for (let p = 0; p < d.length; p++) d[p] = inside[p] ? (toOther[p] ?? 0) - 0.5 : 0.5 - (toC[p] ?? 0);
    maps.set(c, { x0, y0, w, h, d });
  }
  return maps;
}

/** Signed distance of class `c` at atlas pixel (i, j) of a slice's maps (−CLAMP where the class is absent). */
function at(maps: Map<number, ClassMap> | undefined, c: number, i: number, j: number): number {
  const m = maps?.get(c);
  if (!m) return maps === undefined && c === 0 ? CLAMP : -CLAMP;
  const x = i - m.x0;
  const y = j - m.y0;
  if (x < 0 || y < 0 || x >= m.w || y >= m.h) return -CLAMP;
  return m.d[y * m.w + x] ?? -CLAMP;
}

/**
 * Class of every model voxel (x fastest) of a grid `dims` starting at `start` [mm, model world] with `voxel` [mm]
 * spacing, from the atlas values through `classOf` (value → class; 0 is background). The atlas's third axis must be
 * its slice axis (as the SPL atlases are stored).
 */
export function shapeVoteClasses(
  atlas: AtlasVolume,
  classOf: ReadonlyMap<number, number>,
  grid: { dims: readonly [number, number, number]; start: readonly number[]; voxel: number; scale: number },
): Uint8Array {
  const [ax, ay, az] = atlas.dims;
  const lut = new Uint8Array(65536);
  for (const [value, c] of classOf) lut[value + 32768] = c;
  const cls = new Uint8Array(ax * ay * az);
  for (let p = 0; p < cls.length; p++) cls[p] = lut[(atlas.data[p] ?? 0) + 32768] ?? 0;
  const index = atlasIndexOf(atlas);
  const cache = new Map<number, Map<number, ClassMap>>();
  const mapsOf = (k: number): Map<number, ClassMap> | undefined => {
    if (k < 0 || k >= az) return undefined;
    let maps = cache.get(k);
    if (!maps) {
      maps = sliceMaps(cls.subarray(k * ax * ay, (k + 1) * ax * ay), ax, ay);
      cache.set(k, maps);
    }
    return maps;
  };
  const classAt = (i: number, j: number, k: number): number =>
    i < 0 || j < 0 || k < 0 || i >= ax || j >= ay || k >= az ? 0 : (cls[(k * ay + j) * ax + i] ?? 0);
  const { dims, start, voxel, scale } = grid;
  const [nx, ny, nz] = dims;
  const [sx = 0, sy = 0, sz = 0] = start;
  const out = new Uint8Array(nx * ny * nz);
  const s = 1 / scale;
  const candidates: number[] = [];
  for (let z = 0; z < nz; z++) {
    const wz = (sz + z * voxel) * s;
    for (let y = 0; y < ny; y++)
      for (let x = 0; x < nx; x++) {
        const wx = (sx + x * voxel) * s;
        const wy = (sy + y * voxel) * s;
        const fi = index(wx, wy, wz, 0);
        const fj = index(wx, wy, wz, 1);
        const fk = index(wx, wy, wz, 2);
        const i0 = Math.floor(fi);
        const j0 = Math.floor(fj);
        const k0 = Math.floor(fk);
        candidates.length = 0;
        for (let dk = 0; dk < 2; dk++)
          for (let dj = 0; dj < 2; dj++)
            for (let di = 0; di < 2; di++) {
              const c = classAt(i0 + di, j0 + dj, k0 + dk);
              if (!candidates.includes(c)) candidates.push(c);
            }
        if (candidates.length === 1) {
          out[(z * ny + y) * nx + x] = candidates[0] ?? 0;
          continue;
        }
        const tx = fi - i0;
        const ty = fj - j0;
        const tz = fk - k0;
        const m0 = mapsOf(k0);
        const m1 = mapsOf(k0 + 1);
        let best = 0;
        let bestD = -Infinity;
        for (const c of candidates) {
          const plane = (m: Map<number, ClassMap> | undefined): number =>
            (1 - ty) * ((1 - tx) * at(m, c, i0, j0) + tx * at(m, c, i0 + 1, j0)) +
            ty * ((1 - tx) * at(m, c, i0, j0 + 1) + tx * at(m, c, i0 + 1, j0 + 1));
          const d = (1 - tz) * plane(m0) + tz * plane(m1);
          if (d > bestD) {
            bestD = d;
            best = c;
          }
        }
        out[(z * ny + y) * nx + x] = best;
      }
    // Slices the sweep has passed are not needed again (model z runs monotonically through the atlas's slices).
    const kNow = Math.floor(index((sx + 0) * s, (sy + 0) * s, wz, 2));
    for (const k of cache.keys()) if (Math.abs(k - kNow) > 3) cache.delete(k);
  }
  return out;
}
