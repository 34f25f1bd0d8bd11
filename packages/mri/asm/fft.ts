// WebAssembly SIMD FFT kernels (AssemblyScript, built with `npm run build:wasm -w @larmor/mri`): the forward
// radix-2 decimation-in-time transform of src/recon/fft.ts (X[k] = Σ x[n]·exp(−i·2π·k·n/N), unscaled) on Float64
// split real/imaginary arrays in this module's memory, addressed by byte offset, two transforms per f64x2 vector.
// Power-of-two lengths only. Tables, written by src/recon/wasmFft.ts:
//   tw: exp(−i·2π·j/(2h)) for each stage half-size h at index h + j (re at tw, im at tw + 8n), j < h, with the
//       exact values fft.ts uses for h = 1, 2;
//   rev: the bit-reversal permutation, i32 per index.
// Every stage does the same floating-point operations in the same order as src/recon/fft.ts (rows: radix2Forward)
// and src/recon/fftColumns.ts (columns: columnBlock), with the same stage grouping, so the results are the same
// bit for bit (IEEE doubles, no fused multiply-add in either).

// Butterfly of stages 2q and 4q on the element pairs at p0…p3 (byte offsets of the two lanes' re; im is +imOff).
function radix4(
  p0: usize,
  p1: usize,
  p2: usize,
  p3: usize,
  imOff: usize,
  war: v128,
  wai: v128,
  wbr: v128,
  wbi: v128,
): void {
  const a0r = v128.load(p0),
    a0i = v128.load(p0 + imOff),
    a1r = v128.load(p1),
    a1i = v128.load(p1 + imOff),
    a2r = v128.load(p2),
    a2i = v128.load(p2 + imOff),
    a3r = v128.load(p3),
    a3i = v128.load(p3 + imOff);
  // Stage 2q: (p0, p1) and (p2, p3) with w_a.
  const t1r = f64x2.sub(f64x2.mul(war, a1r), f64x2.mul(wai, a1i));
  const t1i = f64x2.add(f64x2.mul(war, a1i), f64x2.mul(wai, a1r));
  const t3r = f64x2.sub(f64x2.mul(war, a3r), f64x2.mul(wai, a3i));
  const t3i = f64x2.add(f64x2.mul(war, a3i), f64x2.mul(wai, a3r));
  const b0r = f64x2.add(a0r, t1r),
    b0i = f64x2.add(a0i, t1i),
    b1r = f64x2.sub(a0r, t1r),
    b1i = f64x2.sub(a0i, t1i),
    b2r = f64x2.add(a2r, t3r),
    b2i = f64x2.add(a2i, t3i),
    b3r = f64x2.sub(a2r, t3r),
    b3i = f64x2.sub(a2i, t3i);
  // Stage 4q: (p0, p2) with w_b, (p1, p3) with w_b·(−i).
  const ur = f64x2.sub(f64x2.mul(wbr, b2r), f64x2.mul(wbi, b2i));
  const ui = f64x2.add(f64x2.mul(wbr, b2i), f64x2.mul(wbi, b2r));
  const vr = f64x2.add(f64x2.mul(wbr, b3i), f64x2.mul(wbi, b3r));
  const vi = f64x2.neg(f64x2.sub(f64x2.mul(wbr, b3r), f64x2.mul(wbi, b3i)));
  v128.store(p0, f64x2.add(b0r, ur));
  v128.store(p0 + imOff, f64x2.add(b0i, ui));
  v128.store(p2, f64x2.sub(b0r, ur));
  v128.store(p2 + imOff, f64x2.sub(b0i, ui));
  v128.store(p1, f64x2.add(b1r, vr));
  v128.store(p1 + imOff, f64x2.add(b1i, vi));
  v128.store(p3, f64x2.sub(b1r, vr));
  v128.store(p3 + imOff, f64x2.sub(b1i, vi));
}

// Twiddle exp(−i·2π·j/(2h)), splatted: re or im part.
function twRe(tw: usize, h: i32, j: i32): v128 {
  return f64x2.splat(load<f64>(tw + ((<usize>(h + j)) << 3)));
}
function twIm(tw: usize, n: i32, h: i32, j: i32): v128 {
  return f64x2.splat(load<f64>(tw + ((<usize>(n + h + j)) << 3)));
}

// Radix-2 butterflies between the vectors at a and b (width bytes of each), twiddle (wr, wi): fft.ts radix2Stage.
function butterfly2(a: usize, b: usize, width: usize, imOff: usize, wr: v128, wi: v128): void {
  for (let o: usize = 0; o < width; o += 16) {
    const xr = v128.load(b + o),
      xi = v128.load(b + o + imOff);
    const tr = f64x2.sub(f64x2.mul(wr, xr), f64x2.mul(wi, xi));
    const ti = f64x2.add(f64x2.mul(wr, xi), f64x2.mul(wi, xr));
    const ur = v128.load(a + o),
      ui = v128.load(a + o + imOff);
    v128.store(a + o, f64x2.add(ur, tr));
    v128.store(a + o + imOff, f64x2.add(ui, ti));
    v128.store(b + o, f64x2.sub(ur, tr));
    v128.store(b + o + imOff, f64x2.sub(ui, ti));
  }
}

/**
 * Forward FFT of length n along the rows of a row-major array, for columns c0 … c1−1 at once (c1 − c0 even): element
 * j of column c is at (j·stride + c) f64 from `re` (and `im`, which must lie `imOff` bytes after `re`).
 */
export function fftColumns(
  n: i32,
  stride: i32,
  re: usize,
  imOff: usize,
  c0: i32,
  c1: i32,
  tw: usize,
  rev: usize,
): void {
  const rowBytes = (<usize>stride) << 3;
  const first = re + ((<usize>c0) << 3);
  const width = (<usize>(c1 - c0)) << 3;
  for (let i = 0; i < n; i++) {
    const j = load<i32>(rev + ((<usize>i) << 2));
    if (i >= j) continue;
    const a = first + <usize>i * rowBytes;
    const b = first + <usize>j * rowBytes;
    for (let o: usize = 0; o < width; o += 16) {
      const xr = v128.load(a + o),
        xi = v128.load(a + o + imOff);
      v128.store(a + o, v128.load(b + o));
      v128.store(a + o + imOff, v128.load(b + o + imOff));
      v128.store(b + o, xr);
      v128.store(b + o + imOff, xi);
    }
  }
  let q = 1;
  let log = 0;
  for (let m = n; m > 1; m >>= 1) log++;
  if (log & 1) {
    // An odd number of stages: the size-2 stage alone first, with twiddle 1 + 0i multiplied out as fft.ts does
    // (the signs of zero come out the same).
    const wr = f64x2.splat(1),
      wi = f64x2.splat(0);
    for (let s = 0; s < n; s += 2) {
      const a = first + <usize>s * rowBytes;
      butterfly2(a, a + rowBytes, width, imOff, wr, wi);
    }
    q = 2;
  }
  for (; q < n; q <<= 2) {
    const step = <usize>q * rowBytes;
    for (let j = 0; j < q; j++) {
      const war = twRe(tw, q, j),
        wai = twIm(tw, n, q, j),
        wbr = twRe(tw, 2 * q, j),
        wbi = twIm(tw, n, 2 * q, j);
      for (let s = 0; s < n; s += 4 * q) {
        const p0 = first + <usize>(s + j) * rowBytes;
        for (let o: usize = 0; o < width; o += 16) {
          const a = p0 + o;
          radix4(a, a + step, a + 2 * step, a + 3 * step, imOff, war, wai, wbr, wbi);
        }
      }
    }
  }
}

/**
 * Forward FFT of length n of rows r0 … r1−1 of a row-major array (row r at r·stride f64 from `re`, im at +imOff
 * bytes), each in place: the size-2 (and size-4) stages in scalar code, then the radix-4 stages with two adjacent
 * butterflies (j, j + 1) per vector, their twiddles loaded as vectors from the table. `checker` 1 (re) or 2 (re
 * and im) first multiplies row r's element c by (−1)^(r+c), the input side of a centred transform (exact: a sign).
 */
export function fftRows(
  n: i32,
  r0: i32,
  r1: i32,
  stride: i32,
  re: usize,
  imOff: usize,
  tw: usize,
  rev: usize,
  checker: i32,
): void {
  const rowBytes = (<usize>stride) << 3;
  for (let r = r0; r < r1; r++) {
    const row = re + <usize>r * rowBytes;
    if (checker > 0) {
      const signs = r & 1 ? f64x2(-1, 1) : f64x2(1, -1);
      checkerRow(n, row, signs);
      if (checker > 1) checkerRow(n, row + imOff, signs);
    }
    fftRow(n, row, imOff, tw, rev);
  }
}

// Multiplies the n (even) f64 at p by the alternating signs (s, −s), two per vector.
function checkerRow(n: i32, p: usize, signs: v128): void {
  const end = p + ((<usize>n) << 3);
  for (let a = p; a < end; a += 16) v128.store(a, f64x2.mul(v128.load(a), signs));
}

function fftRow(n: i32, re: usize, imOff: usize, tw: usize, rev: usize): void {
  const im = re + imOff;
  for (let i = 0; i < n; i++) {
    const j = load<i32>(rev + ((<usize>i) << 2));
    if (i >= j) continue;
    const a = (<usize>i) << 3;
    const b = (<usize>j) << 3;
    const xr = load<f64>(re + a),
      xi = load<f64>(im + a);
    store<f64>(re + a, load<f64>(re + b));
    store<f64>(im + a, load<f64>(im + b));
    store<f64>(re + b, xr);
    store<f64>(im + b, xi);
  }
  if (n === 1) return;
  if (n === 2) {
    const r0 = load<f64>(re),
      i0 = load<f64>(im),
      r1 = load<f64>(re + 8),
      i1 = load<f64>(im + 8);
    store<f64>(re, r0 + r1);
    store<f64>(im, i0 + i1);
    store<f64>(re + 8, r0 - r1);
    store<f64>(im + 8, i0 - i1);
    return;
  }
  // Stages 2 and 4: twiddle-free radix-4 butterflies (twiddles 1 and −i).
  for (let s = 0; s < n; s += 4) {
    const a = (<usize>s) << 3;
    const r0 = load<f64>(re + a),
      i0 = load<f64>(im + a),
      r1 = load<f64>(re + a + 8),
      i1 = load<f64>(im + a + 8),
      r2 = load<f64>(re + a + 16),
      i2 = load<f64>(im + a + 16),
      r3 = load<f64>(re + a + 24),
      i3 = load<f64>(im + a + 24);
    const ar = r0 + r1,
      ai = i0 + i1,
      br = r0 - r1,
      bi = i0 - i1,
      cr = r2 + r3,
      ci = i2 + i3,
      dr = r2 - r3,
      di = i2 - i3;
    store<f64>(re + a, ar + cr);
    store<f64>(im + a, ai + ci);
    store<f64>(re + a + 16, ar - cr);
    store<f64>(im + a + 16, ai - ci);
    store<f64>(re + a + 8, br + di);
    store<f64>(im + a + 8, bi - dr);
    store<f64>(re + a + 24, br - di);
    store<f64>(im + a + 24, bi + dr);
  }
  let log = 0;
  for (let m = n; m > 1; m >>= 1) log++;
  let q = 4;
  if ((log - 2) & 1) {
    // An odd number of remaining stages: one radix-2 stage of size 8, two butterflies per vector.
    const tIm = (<usize>n) << 3;
    for (let s = 0; s < n; s += 8) {
      for (let j = 0; j < 4; j += 2) {
        const t = tw + ((<usize>(4 + j)) << 3);
        const a = re + ((<usize>(s + j)) << 3);
        butterfly2(a, a + 32, 16, imOff, v128.load(t), v128.load(t + tIm));
      }
    }
    q = 8;
  }
  for (; q < n; q <<= 2) {
    const step = (<usize>q) << 3;
    for (let s = 0; s < n; s += 4 * q) {
      for (let j = 0; j < q; j += 2) {
        const ta = tw + ((<usize>(q + j)) << 3);
        const tb = tw + ((<usize>(2 * q + j)) << 3);
        const tIm = (<usize>n) << 3;
        const a = re + ((<usize>(s + j)) << 3);
        radix4(
          a,
          a + step,
          a + 2 * step,
          a + 3 * step,
          imOff,
          v128.load(ta),
          v128.load(ta + tIm),
          v128.load(tb),
          v128.load(tb + tIm),
        );
      }
    }
  }
}
