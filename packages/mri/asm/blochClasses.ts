// Per-class kernels of the Bloch engine (AssemblyScript, part of the bloch.ts module: RF pulses as per-class
// affine maps, src/simulate/bloch/rfmap.ts, and readouts summed per class, src/simulate/bloch/collapsed.ts).
// Same conventions as bloch.ts: Float32 structure-of-arrays addressed by byte offset, spin counts a multiple of 4.

// Coefficient `off` [bytes] of the class maps at k0…k3, one per lane.
function gather4(k0: usize, k1: usize, k2: usize, k3: usize, off: usize): v128 {
  let v = f32x4.splat(load<f32>(k0 + off));
  v = f32x4.replace_lane(v, 1, load<f32>(k1 + off));
  v = f32x4.replace_lane(v, 2, load<f32>(k2 + off));
  return f32x4.replace_lane(v, 3, load<f32>(k3 + off));
}

/**
 * RF pulse as a per-class affine map (src/simulate/bloch/rfmap.ts): M ← Rz(φ)·(A·Rz(−φ)·M + rho·b), with A
 * row-major and b as 12 f32 per class, c = cos φ, s = sin φ. Four spins per pass, each lane with its class's
 * coefficients (the same operations in the same order as one spin at a time).
 */
export function applyMap(
  n: i32,
  cls: usize,
  coef: usize,
  rho: usize,
  mx: usize,
  my: usize,
  mz: usize,
  c: f32,
  s: f32,
): void {
  const vc = f32x4.splat(c),
    vs = f32x4.splat(s);
  const end = (<usize>n) << 2;
  for (let i: usize = 0; i < end; i += 16) {
    const k0 = coef + <usize>load<i32>(cls + i) * 48,
      k1 = coef + <usize>load<i32>(cls + i + 4) * 48,
      k2 = coef + <usize>load<i32>(cls + i + 8) * 48,
      k3 = coef + <usize>load<i32>(cls + i + 12) * 48;
    const px = v128.load(mx + i),
      py = v128.load(my + i),
      w = v128.load(mz + i),
      r = v128.load(rho + i);
    const u = f32x4.add(f32x4.mul(vc, px), f32x4.mul(vs, py));
    const v = f32x4.sub(f32x4.mul(vc, py), f32x4.mul(vs, px));
    const ox = f32x4.add(
      f32x4.add(
        f32x4.add(f32x4.mul(gather4(k0, k1, k2, k3, 0), u), f32x4.mul(gather4(k0, k1, k2, k3, 4), v)),
        f32x4.mul(gather4(k0, k1, k2, k3, 8), w),
      ),
      f32x4.mul(r, gather4(k0, k1, k2, k3, 36)),
    );
    const oy = f32x4.add(
      f32x4.add(
        f32x4.add(f32x4.mul(gather4(k0, k1, k2, k3, 12), u), f32x4.mul(gather4(k0, k1, k2, k3, 16), v)),
        f32x4.mul(gather4(k0, k1, k2, k3, 20), w),
      ),
      f32x4.mul(r, gather4(k0, k1, k2, k3, 40)),
    );
    v128.store(
      mz + i,
      f32x4.add(
        f32x4.add(
          f32x4.add(f32x4.mul(gather4(k0, k1, k2, k3, 24), u), f32x4.mul(gather4(k0, k1, k2, k3, 28), v)),
          f32x4.mul(gather4(k0, k1, k2, k3, 32), w),
        ),
        f32x4.mul(r, gather4(k0, k1, k2, k3, 44)),
      ),
    );
    v128.store(mx + i, f32x4.sub(f32x4.mul(vc, ox), f32x4.mul(vs, oy)));
    v128.store(my + i, f32x4.add(f32x4.mul(vs, ox), f32x4.mul(vc, oy)));
  }
}

/** Per-class sums of M⊥: accRe[class] += mx, accIm[class] += my (f64 accumulators). */
export function gatherClasses(n: i32, cls: usize, mx: usize, my: usize, accRe: usize, accIm: usize): void {
  for (let i = 0; i < n; i++) {
    const o = i << 2;
    const c = (<usize>load<i32>(cls + o)) << 3;
    store<f64>(accRe + c, load<f64>(accRe + c) + <f64>load<f32>(mx + o));
    store<f64>(accIm + c, load<f64>(accIm + c) + <f64>load<f32>(my + o));
  }
}

/** gatherClasses on (mx, my), then advanceClasses, in one pass over the spins. */
export function gatherAndAdvanceClasses(
  n: i32,
  cls: usize,
  mx: usize,
  my: usize,
  accRe: usize,
  accIm: usize,
  zr: usize,
  zi: usize,
): void {
  for (let i = 0; i < n; i++) {
    const o = i << 2;
    const k = <usize>load<i32>(cls + o);
    const a = load<f32>(mx + o),
      b = load<f32>(my + o);
    const c = k << 3;
    store<f64>(accRe + c, load<f64>(accRe + c) + <f64>a);
    store<f64>(accIm + c, load<f64>(accIm + c) + <f64>b);
    const r = load<f32>(zr + (k << 2)),
      m = load<f32>(zi + (k << 2));
    store<f32>(mx + o, a * r - b * m);
    store<f32>(my + o, a * m + b * r);
  }
}

/** M⊥ ← M⊥·z[class] with per-class phasors z = zr + i·zi (f32). */
export function advanceClasses(n: i32, cls: usize, zr: usize, zi: usize, mx: usize, my: usize): void {
  for (let i = 0; i < n; i++) {
    const o = i << 2;
    const c = (<usize>load<i32>(cls + o)) << 2;
    const a = load<f32>(mx + o),
      b = load<f32>(my + o),
      r = load<f32>(zr + c),
      m = load<f32>(zi + c);
    store<f32>(mx + o, a * r - b * m);
    store<f32>(my + o, a * m + b * r);
  }
}
