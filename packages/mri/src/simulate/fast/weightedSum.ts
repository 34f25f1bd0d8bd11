/**
 * The k-space form of a contrast (./render.ts): the weighted sum of the per-tissue k-spaces of a prepared slice
 * (./prepare.ts), line by line with the tissues inner, unshifted tissues up to four per pass. Given a cache (the
 * live preview's workspace), a chemically shifted tissue's C·K is formed once per slice and shift and then summed
 * as an unshifted one: a contrast change (TE, TR) then costs no column factors per line.
 */
import type { ComplexArray } from '../../recon/image.ts';
import type { PreparedSlice } from './prepare.ts';
import type { ShiftedKSpace, ShiftedKSpaceCache } from './types.ts';
import { shiftPhasors, type TissueTerm } from './weights.ts';

/**
 * C·K of `slot` for `shift` [pixels]: kept from an earlier render of the same slice, else formed into the slot's
 * arrays of an earlier slice or shift. The slice is told by its PreparedSlice, not by its arrays: the preview
 * fills a moved slice's k-spaces into the arrays of the slice before (preview/engine.ts `spare`).
 */
function shiftedKSpace(
  prepared: PreparedSlice,
  slot: number,
  shift: number,
  cache: ShiftedKSpaceCache,
): ShiftedKSpace {
  if (cache.prepared !== prepared) {
    cache.prepared = prepared;
    for (const entry of cache.bySlot) if (entry) entry.shift = NaN;
  }
  const kr = prepared.kRe[slot] as Float32Array;
  const ki = prepared.kIm[slot] as Float32Array;
  const kept = cache.bySlot[slot];
  if (kept?.shift === shift) return kept;
  const fits = kept?.re.length === kr.length;
  const entry: ShiftedKSpace = {
    shift,
    re: fits ? kept.re : new Float32Array(kr.length),
    im: fits ? kept.im : new Float32Array(kr.length),
  };
  const nu = prepared.frame.readCount;
  const col = shiftPhasors(nu, shift);
  for (let p = 0; p < kr.length; p++) {
    const c = p % nu;
    const cr = col.re[c] as number;
    const cim = col.im[c] as number;
    const xr = kr[p] as number;
    const xi = ki[p] as number;
    entry.re[p] = cr * xr - cim * xi;
    entry.im[p] = cr * xi + cim * xr;
  }
  cache.bySlot[slot] = entry;
  return entry;
}

/**
 * sum = Σ_t w_t(line)·C_t(column)·K_t over the acquired lines; the other lines are zero. Lines outside, tissues
 * inside: one line of the sum stays in L1 cache while every tissue's line streams past it.
 */
export function weightedSum(
  prepared: PreparedSlice,
  terms: readonly TissueTerm[],
  sumRe: Float64Array,
  sumIm: Float64Array,
  acquired: number,
  shifted?: ShiftedKSpaceCache,
): void {
  const nu = prepared.frame.readCount;
  const active = terms.map((t): ActiveTerm => {
    if (t.shift !== 0 && shifted) {
      const { re, im } = shiftedKSpace(prepared, t.slot, t.shift, shifted);
      return { kr: re, ki: im, wr: t.wr, wi: t.wi, col: undefined };
    }
    return {
      kr: prepared.kRe[t.slot] as Float32Array,
      ki: prepared.kIm[t.slot] as Float32Array,
      wr: t.wr,
      wi: t.wi,
      col: t.shift === 0 ? undefined : shiftPhasors(nu, t.shift),
    };
  });
  sumRe.fill(0);
  sumIm.fill(0);
  // Column weights w·C of the shifted tissues whose weights are the same on every line: computed once, the very
  // products the line loop would form.
  const fixed = active.map((term) => {
    if (!term.col || !term.wr.every((v) => v === term.wr[0]) || !term.wi.every((v) => v === term.wi[0]))
      return undefined;
    return columnWeights(term.wr[0] as number, term.wi[0] as number, term.col);
  });
  const perLine = { re: new Float64Array(nu), im: new Float64Array(nu) };
  for (let line = 0; line < acquired; line++) {
    const base = line * nu;
    const end = base + nu;
    for (let t = 0; t < active.length;) {
      const term = active[t] as ActiveTerm;
      const col = term.col;
      if (!col) {
        // Up to four unshifted tissues in one pass: the same additions in the same order, fewer loads and stores.
        let k = 1;
        while (k < 4 && t + k < active.length && !(active[t + k] as ActiveTerm).col) k++;
        if (k === 4) addFour(active, t, line, sumRe, sumIm, base, end);
        else if (k >= 2) addTwo(active, t, line, sumRe, sumIm, base, end);
        else addOne(term, line, sumRe, sumIm, base, end);
        if (k === 3) addOne(active[t + 2] as ActiveTerm, line, sumRe, sumIm, base, end);
        t += k;
        continue;
      }
      const weights =
        fixed[t] ?? columnWeights(term.wr[line] as number, term.wi[line] as number, col, perLine);
      const { kr, ki } = term;
      const cwr = weights.re;
      const cwi = weights.im;
      for (let c = 0, p = base; c < nu; c++, p++) {
        const ar = cwr[c] as number;
        const ai = cwi[c] as number;
        const xr = kr[p] as number;
        const xi = ki[p] as number;
        sumRe[p] = (sumRe[p] as number) + ar * xr - ai * xi;
        sumIm[p] = (sumIm[p] as number) + ar * xi + ai * xr;
      }
      t++;
    }
  }
}

interface ActiveTerm {
  kr: Float32Array;
  ki: Float32Array;
  wr: Float64Array;
  wi: Float64Array;
  col: ComplexArray | undefined;
}

/** w·C per column: (wr·Cre − wi·Cim, wr·Cim + wi·Cre), into `out` when given. */
function columnWeights(
  wr: number,
  wi: number,
  col: ComplexArray,
  out: ComplexArray = { re: new Float64Array(col.re.length), im: new Float64Array(col.re.length) },
): ComplexArray {
  const cre = col.re;
  const cim = col.im;
  for (let c = 0; c < cre.length; c++) {
    out.re[c] = wr * (cre[c] as number) - wi * (cim[c] as number);
    out.im[c] = wr * (cim[c] as number) + wi * (cre[c] as number);
  }
  return out;
}

/** One unshifted term added to samples [base, end) of the sum. */
function addOne(
  term: ActiveTerm,
  line: number,
  sumRe: Float64Array,
  sumIm: Float64Array,
  base: number,
  end: number,
): void {
  const { kr, ki } = term;
  const wr = term.wr[line] as number;
  const wi = term.wi[line] as number;
  for (let p = base; p < end; p++) {
    const xr = kr[p] as number;
    const xi = ki[p] as number;
    sumRe[p] = (sumRe[p] as number) + wr * xr - wi * xi;
    sumIm[p] = (sumIm[p] as number) + wr * xi + wi * xr;
  }
}

/** Terms t, t + 1 (unshifted) added to samples [base, end) of the sum, tissue after tissue per sample. */
function addTwo(
  active: readonly ActiveTerm[],
  t: number,
  line: number,
  sumRe: Float64Array,
  sumIm: Float64Array,
  base: number,
  end: number,
): void {
  const a = active[t] as ActiveTerm;
  const b = active[t + 1] as ActiveTerm;
  const ar = a.wr[line] as number;
  const ai = a.wi[line] as number;
  const br = b.wr[line] as number;
  const bi = b.wi[line] as number;
  const { kr: akr, ki: aki } = a;
  const { kr: bkr, ki: bki } = b;
  for (let p = base; p < end; p++) {
    const axr = akr[p] as number;
    const axi = aki[p] as number;
    const bxr = bkr[p] as number;
    const bxi = bki[p] as number;
    sumRe[p] = (sumRe[p] as number) + ar * axr - ai * axi + br * bxr - bi * bxi;
    sumIm[p] = (sumIm[p] as number) + ar * axi + ai * axr + br * bxi + bi * bxr;
  }
}

/** Terms t … t + 3 (unshifted) added to samples [base, end) of the sum, tissue after tissue per sample. */
function addFour(
  active: readonly ActiveTerm[],
  t: number,
  line: number,
  sumRe: Float64Array,
  sumIm: Float64Array,
  base: number,
  end: number,
): void {
  const [a, b, c, d] = [active[t], active[t + 1], active[t + 2], active[t + 3]] as [
    ActiveTerm,
    ActiveTerm,
    ActiveTerm,
    ActiveTerm,
  ];
  const [ar, ai, br, bi, cr, ci, dr, di] = [a.wr, a.wi, b.wr, b.wi, c.wr, c.wi, d.wr, d.wi].map(
    (w) => w[line] as number,
  ) as [number, number, number, number, number, number, number, number];
  const { kr: akr, ki: aki } = a;
  const { kr: bkr, ki: bki } = b;
  const { kr: ckr, ki: cki } = c;
  const { kr: dkr, ki: dki } = d;
  for (let p = base; p < end; p++) {
    const axr = akr[p] as number;
    const axi = aki[p] as number;
    const bxr = bkr[p] as number;
    const bxi = bki[p] as number;
    const cxr = ckr[p] as number;
    const cxi = cki[p] as number;
    const dxr = dkr[p] as number;
    const dxi = dki[p] as number;
    sumRe[p] =
      (sumRe[p] as number) +
      ar * axr -
      ai * axi +
      br * bxr -
      bi * bxi +
      cr * cxr -
      ci * cxi +
      dr * dxr -
      di * dxi;
    sumIm[p] =
      (sumIm[p] as number) +
      ar * axi +
      ai * axr +
      br * bxi +
      bi * bxr +
      cr * cxi +
      ci * cxr +
      dr * dxi +
      di * dxr;
  }
}
