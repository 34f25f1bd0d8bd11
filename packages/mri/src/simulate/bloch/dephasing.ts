/**
 * Isochromat nodes for static intravoxel dephasing (T2′). A Lorentzian spread of off-resonances of half-width
 * R2′ = 1/T2′ makes a voxel's signal decay as exp(−|t|/T2′) (reference/analytic_formulas.md §5). Here the spread
 * is sampled on a grid of frequencies ω_k = k·Δω (k integer for an odd count, k + ½ for an even one),
 * Δω = 2π/(P·T2′), consecutive near ω = 0 and sparser in the tails (`gridIndices`): every ω is a multiple of Δω
 * (odd multiple of Δω/2), so Σ w_k·cos(ω_k·t) is periodic with period P·T2′ (even counts: antiperiodic, the
 * same magnitude) and the only revival is at t = P·T2′, not the scattered partial revivals of quantile or
 * free-node sampling. The weights are a weighted minimax fit of exp(−t/T2′) over one half period (Lawson's
 * iteratively reweighted least squares, Lawson 1961; Rice & Usow, Math. Comp. 1968), held twice as tight
 * before 0.5·T2′ where echo times usually fall, with Σ w_k = 1 so the voxel keeps its M0. In units of T2′ the
 * nodes and weights do not depend on the voxel: a voxel scales the frequencies by its R2′, so voxels of one
 * tissue share their isochromat frequencies (and the Bloch engine's spin classes).
 *
 * Measured (dephasing.test.ts, P = 10), largest |S(t) − exp(−t/T2′)| in % of M0 over 0–3·T2′ (and over
 * 0–0.5·T2′): 16 isochromats 13.6 (6.8), 24: 8.4 (4.2), 32: 5.9 (3.0), 49: 3.1 (1.5), 65: 2.3 (1.1),
 * 73: 2.1 (1.0), 81: 1.8 (0.9), 89: 1.6 (0.74). The error comes from the cusp of exp(−|t|/T2′) at t = 0,
 * which a finite band cannot follow (an equally spaced grid needs 73 for 2 %). Between 3·T2′ and P/2·T2′ |S|
 * stays within the same error of the true decay; after P/2 it rises towards the revival as exp(−(P − t)/T2′).
 */

/** Revival period of the isochromat family, in units of T2′ (the first revival is at t = 10·T2′). */
export const DEPHASING_PERIOD = 10;

/**
 * Isochromats per voxel when T2* is simulated on the Bloch engine (a session's T2* setting): the count whose
 * decay stays within 2 % of exp(−t/T2′) over 0–3·T2′ with margin (1.6 %; 81 is the least that meets 2 %).
 */
export const T2_STAR_ISOCHROMATS = 89;

/** Nodes and weights in units of T2′: isochromat j has off-resonance frequencies[j]/T2′ [rad/s], weight w_j. */
export interface DephasingNodes {
  /** ω_j·T2′ [rad], ascending, symmetric about 0. */
  frequencies: Float64Array;
  /** w_j, Σ w_j = 1. */
  weights: Float64Array;
}

/** Time samples of the fit over one half period (units of T2′). */
const FIT_SAMPLES = 800;
/** Lawson iterations (the error settles within a few 1e-3 of M0 of its minimax value by ~100). */
const LAWSON_ITERATIONS = 120;
/** Times [T2′] before which the fit is held to NEAR_TOLERANCE of the error allowed later: echo times are short. */
const NEAR_TIME = 0.5;
const NEAR_TOLERANCE = 0.5;
/** Nodes on the sparse part of the grid (at most), in groups of SPARSE_GROUP sharing one spacing. */
const SPARSE_NODES = 20;
const SPARSE_GROUP = 4;

const memo = new Map<string, DephasingNodes>();

/**
 * The `count` isochromat nodes of a Lorentzian spread of unit half-width (T2′ = 1), with revival period
 * `period` (in units of T2′). Deterministic and memoised per (count, period). A count of 1 gives the single
 * node ω = 0 (no dephasing).
 */
export function dephasingNodes(count: number, period: number = DEPHASING_PERIOD): DephasingNodes {
  if (!Number.isInteger(count) || count < 1)
    throw new RangeError(`isochromat count must be a positive integer, got ${count}`);
  if (!(period > 0)) throw new RangeError(`dephasing period must be positive, got ${period}`);
  const key = `${count}:${period}`;
  let nodes = memo.get(key);
  if (!nodes) {
    nodes = fitNodes(count, period);
    memo.set(key, nodes);
  }
  return nodes;
}

/** Sum of the nodes' signal at time t [units of T2′]: Σ w_j·cos(ω_j·t) (the imaginary part cancels). */
export function dephasingSignal(nodes: DephasingNodes, t: number): number {
  let s = 0;
  for (let j = 0; j < nodes.weights.length; j++)
    s += (nodes.weights[j] as number) * Math.cos((nodes.frequencies[j] as number) * t);
  return s;
}

/**
 * Grid indices k ≥ 0 of the distinct |ω| = k·Δω (k + ½ for an even count): the first half (at least all but
 * 20) consecutive, the rest in groups of 4 whose spacing doubles from group to group. The sparse high
 * frequencies follow the cusp of exp(−|t|) at t = 0 (the error near t = 0 falls from ≈ 2 % to < 1 % for 73–89
 * isochromats); every ω is still a multiple of Δω (or an odd multiple of Δω/2), so the period stays P.
 */
function gridIndices(count: number): Float64Array {
  const odd = count % 2 === 1;
  const m = odd ? (count + 1) / 2 : count / 2;
  const dense = Math.max(Math.ceil(m / 2), m - SPARSE_NODES);
  const k = new Float64Array(m);
  let q = 0;
  for (; q < dense; q++) k[q] = q;
  for (let step = 2, group = 0; q < m; q++, group++) {
    if (group === SPARSE_GROUP) [step, group] = [2 * step, 0];
    k[q] = (k[q - 1] as number) + step;
  }
  if (!odd) for (let j = 0; j < m; j++) k[j] = (k[j] as number) + 0.5;
  return k;
}

function fitNodes(count: number, period: number): DephasingNodes {
  if (count === 1) return { frequencies: Float64Array.of(0), weights: Float64Array.of(1) };
  const step = (2 * Math.PI) / period;
  // Distinct |ω| (m of them) and how many isochromats share each (1 for ω = 0, else 2).
  const index = gridIndices(count);
  const m = index.length;
  const omega = index.map((k) => k * step);
  const multiplicity = index.map((k) => (k === 0 ? 1 : 2));
  const target = new Float64Array(FIT_SAMPLES);
  const tolerance = new Float64Array(FIT_SAMPLES);
  const basis: Float64Array[] = [];
  const half = FIT_SAMPLES / 2;
  for (let i = 0; i < FIT_SAMPLES; i++) {
    // Half the samples on [0, ½), half on [½, P/2] (units of T2′).
    const t =
      i < half ? (NEAR_TIME * i) / half : NEAR_TIME + ((period / 2 - NEAR_TIME) * (i - half)) / (half - 1);
    target[i] = Math.exp(-t);
    tolerance[i] = t < NEAR_TIME ? NEAR_TOLERANCE : 1;
    const row = new Float64Array(m);
    for (let q = 0; q < m; q++) row[q] = (multiplicity[q] as number) * Math.cos((omega[q] as number) * t);
    basis.push(row);
  }
  // Lawson: weighted least squares with Σ multiplicity·w = 1; each round multiplies the sample weights by the
  // sample's error relative to its tolerance, which converges to the weighted minimax fit.
  const u = new Float64Array(FIT_SAMPLES).fill(1 / FIT_SAMPLES);
  const uOverTolerance2 = new Float64Array(FIT_SAMPLES);
  let w: Float64Array = new Float64Array(m);
  for (let iteration = 0; iteration < LAWSON_ITERATIONS; iteration++) {
    for (let i = 0; i < FIT_SAMPLES; i++)
      uOverTolerance2[i] = (u[i] as number) / (tolerance[i] as number) ** 2;
    w = constrainedLeastSquares(basis, target, uOverTolerance2, multiplicity);
    let total = 0;
    for (let i = 0; i < FIT_SAMPLES; i++) {
      const row = basis[i] as Float64Array;
      let s = 0;
      for (let q = 0; q < m; q++) s += (row[q] as number) * (w[q] as number);
      const e = ((u[i] as number) * Math.abs(s - (target[i] as number))) / (tolerance[i] as number);
      u[i] = e;
      total += e;
    }
    if (!(total > 0)) break;
    for (let i = 0; i < FIT_SAMPLES; i++) u[i] = (u[i] as number) / total;
  }
  // Weights a few 1e-5 below zero (some counts) become 0, the rest renormalised: isochromats with negative
  // density would still superpose (the Bloch equations are linear in M and rho) but are not physical.
  let kept = 0;
  for (let q = 0; q < m; q++) {
    w[q] = Math.max(0, w[q] as number);
    kept += (multiplicity[q] as number) * (w[q] as number);
  }
  for (let q = 0; q < m; q++) w[q] = (w[q] as number) / kept;
  const frequencies = new Float64Array(count);
  const weights = new Float64Array(count);
  let j = 0;
  for (let q = m - 1; q >= 0; q--) {
    if (index[q] === 0) continue;
    frequencies[j] = -(omega[q] as number);
    weights[j++] = w[q] as number;
  }
  for (let q = 0; q < m; q++) {
    frequencies[j] = omega[q] as number;
    weights[j++] = w[q] as number;
  }
  return { frequencies, weights };
}

/**
 * argmin Σ_i u_i·(B_i·w − y_i)² subject to c·w = 1, by the KKT system [BᵀUB c; cᵀ 0]·[w; λ] = [BᵀUy; 1].
 */
function constrainedLeastSquares(
  basis: readonly Float64Array[],
  y: Float64Array,
  u: Float64Array,
  c: Float64Array,
): Float64Array {
  const m = c.length;
  const n = m + 1;
  const a = new Float64Array(n * n);
  const rhs = new Float64Array(n);
  basis.forEach((row, i) => {
    const ui = u[i] as number;
    if (ui === 0) return;
    const yi = (y[i] as number) * ui;
    for (let p = 0; p < m; p++) {
      const rp = (row[p] as number) * ui;
      rhs[p] = (rhs[p] as number) + (row[p] as number) * yi;
      for (let q = p; q < m; q++) a[p * n + q] = (a[p * n + q] as number) + rp * (row[q] as number);
    }
  });
  for (let p = 0; p < m; p++) {
    for (let q = 0; q < p; q++) a[p * n + q] = a[q * n + p] as number;
    a[p * n + m] = c[p] as number;
    a[m * n + p] = c[p] as number;
  }
  rhs[m] = 1;
  return solve(a, rhs, n).subarray(0, m);
}

/** Gaussian elimination with partial pivoting of the dense n×n system a·x = b (a and b are overwritten). */
function solve(a: Float64Array, b: Float64Array, n: number): Float64Array {
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++)
      if (Math.abs(a[r * n + col] as number) > Math.abs(a[pivot * n + col] as number)) pivot = r;
    if (pivot !== col) {
      for (let q = 0; q < n; q++) {
        const t = a[col * n + q] as number;
        a[col * n + q] = a[pivot * n + q] as number;
        a[pivot * n + q] = t;
      }
      const t = b[col] as number;
      b[col] = b[pivot] as number;
      b[pivot] = t;
    }
    const d = a[col * n + col] as number;
    for (let r = col + 1; r < n; r++) {
      const f = (a[r * n + col] as number) / d;
      if (f === 0) continue;
      for (let q = col; q < n; q++) a[r * n + q] = (a[r * n + q] as number) - f * (a[col * n + q] as number);
      b[r] = (b[r] as number) - f * (b[col] as number);
    }
  }
  const x = new Float64Array(n);
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r] as number;
    for (let q = r + 1; q < n; q++) s -= (a[r * n + q] as number) * (x[q] as number);
    x[r] = s / (a[r * n + r] as number);
  }
  return x;
}
