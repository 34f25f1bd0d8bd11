/**
 * Chamfer distance transform (Borgefors 1986, "Distance transformations in digital images", CVGIP 34:344–371)
 * with the 3-4-5 weights of a 3×3×3 neighbourhood: two raster passes give the distance [voxels, ±8 %] from
 * every voxel to the nearest voxel where `seed` is true.
 */
export function chamferDistance(seed: Uint8Array, dims: readonly [number, number, number]): Float32Array {
  const [nx, ny, nz] = dims;
  const BIG = 1e9;
  const d = new Float32Array(nx * ny * nz);
  for (let i = 0; i < d.length; i++) d[i] = seed[i] ? 0 : BIG;
  const offsets: [number, number, number, number][] = [];
  for (let dz = -1; dz <= 1; dz++)
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const order = dz * 9 + dy * 3 + dx;
        if (order >= 0) continue; // forward mask: neighbours visited before the voxel in raster order
        const n = Math.abs(dx) + Math.abs(dy) + Math.abs(dz);
        offsets.push([dx, dy, dz, n === 1 ? 3 : n === 2 ? 4 : 5]);
      }
  const pass = (sign: 1 | -1): void => {
    const start = sign === 1 ? 0 : nz - 1;
    for (let z = start; z >= 0 && z < nz; z += sign)
      for (let y = sign === 1 ? 0 : ny - 1; y >= 0 && y < ny; y += sign)
        for (let x = sign === 1 ? 0 : nx - 1; x >= 0 && x < nx; x += sign) {
          const p = (z * ny + y) * nx + x;
          let best = d[p] ?? BIG;
          for (const [ox, oy, oz, w] of offsets) {
            const qx = x + sign * ox;
            const qy = y + sign * oy;
            const qz = z + sign * oz;
            if (qx < 0 || qy < 0 || qz < 0 || qx >= nx || qy >= ny || qz >= nz) continue;
            const v = (d[(qz * ny + qy) * nx + qx] ?? BIG) + w;
            if (v < best) best = v;
          }
          d[p] = best;
        }
  };
  pass(1);
  pass(-1);
  for (let i = 0; i < d.length; i++) d[i] = (d[i] ?? BIG) / 3;
  return d;
}

/**
 * Marks the voxels not reachable from the volume border through `open` voxels, slice by slice (axial, 4-connected
 * flood fill): the head, with its enclosed air spaces filled, when `open` is "darker than the head threshold".
 */
export function enclosedBySlice(open: Uint8Array, dims: readonly [number, number, number]): Uint8Array {
  const [nx, ny, nz] = dims;
  const inside = new Uint8Array(nx * ny * nz).fill(1);
  const stack: number[] = [];
  for (let z = 0; z < nz; z++) {
    const base = z * nx * ny;
    const push = (x: number, y: number): void => {
      const p = base + y * nx + x;
      if (inside[p] && open[p]) {
        inside[p] = 0;
        stack.push(x, y);
      }
    };
    for (let x = 0; x < nx; x++) {
      push(x, 0);
      push(x, ny - 1);
    }
    for (let y = 0; y < ny; y++) {
      push(0, y);
      push(nx - 1, y);
    }
    while (stack.length) {
      const y = stack.pop() ?? 0;
      const x = stack.pop() ?? 0;
      if (x > 0) push(x - 1, y);
      if (x < nx - 1) push(x + 1, y);
      if (y > 0) push(x, y - 1);
      if (y < ny - 1) push(x, y + 1);
    }
  }
  return inside;
}
