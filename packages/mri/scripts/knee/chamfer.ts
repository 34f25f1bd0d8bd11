/**
 * Chamfer distance transform (Borgefors 1986, CVGIP 34:344–371; 3-4-5 weights, as ../distance.ts) written for
 * large volumes: flat neighbour offsets, and the outermost layer of voxels is left out of the propagation (it keeps
 * 0 where seeded, else Infinity), so the inner loop needs no bounds checks. With `inPlane`, only neighbours in the
 * same axial slice count (a 2-D transform of every slice at once). Distances in voxels.
 */
export function chamfer(
  seed: Uint8Array,
  dims: readonly [number, number, number],
  inPlane = false,
): Float32Array {
  const [nx, ny, nz] = dims;
  const d = new Float32Array(nx * ny * nz);
  for (let i = 0; i < d.length; i++) d[i] = seed[i] ? 0 : Infinity;
  const offsets: number[] = [];
  const weights: number[] = [];
  for (let dz = inPlane ? 0 : -1; dz <= (inPlane ? 0 : 1); dz++)
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        if (dz * 9 + dy * 3 + dx >= 0) continue; // forward mask: visited before the voxel in raster order
        const n = Math.abs(dx) + Math.abs(dy) + Math.abs(dz);
        offsets.push((dz * ny + dy) * nx + dx);
        weights.push(n === 1 ? 1 : n === 2 ? 4 / 3 : 5 / 3);
      }
  const off = Int32Array.from(offsets);
  const w = Float32Array.from(weights);
  const m = off.length;
  const z0 = inPlane ? 0 : 1;
  const z1 = inPlane ? nz - 1 : nz - 2;
  for (let z = z0; z <= z1; z++)
    for (let y = 1; y < ny - 1; y++) {
      let p = (z * ny + y) * nx + 1;
      for (let x = 1; x < nx - 1; x++, p++) {
        let best = d[p] as number;
        if (best === 0) continue;
        for (let s = 0; s < m; s++) {
          const v = (d[p + (off[s] as number)] as number) + (w[s] as number);
          if (v < best) best = v;
        }
        d[p] = best;
      }
    }
  for (let z = z1; z >= z0; z--)
    for (let y = ny - 2; y >= 1; y--) {
      let p = (z * ny + y) * nx + nx - 2;
      for (let x = nx - 2; x >= 1; x--, p--) {
        let best = d[p] as number;
        if (best === 0) continue;
        for (let s = 0; s < m; s++) {
          const v = (d[p - (off[s] as number)] as number) + (w[s] as number);
          if (v < best) best = v;
        }
        d[p] = best;
      }
    }
  return d;
}
