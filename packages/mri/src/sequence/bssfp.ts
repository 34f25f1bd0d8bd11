import type { Hertz, Radians, Seconds } from '../units.ts';
import { relaxation } from './steady-state.ts';

/** A complex number: transverse magnetisation M⊥ = Mx + i·My (docs/conventions.md). */
export interface Complex {
  re: number;
  im: number;
}

type Vec = [number, number, number];
type Mat = [Vec, Vec, Vec];

/** Rotation of M about +x by α: a phase-0 pulse tips +z onto +y (DESIGN.md §3). */
function rotateX(alpha: Radians): Mat {
  const c = Math.cos(alpha);
  const s = Math.sin(alpha);
  return [
    [1, 0, 0],
    [0, c, s],
    [0, -s, c],
  ];
}

/** Free precession by φ (clockwise: M⊥ → M⊥·e^(−iφ)) with transverse decay e2 and longitudinal factor e1. */
function precessRelax(phi: Radians, e1: number, e2: number): Mat {
  const c = Math.cos(phi) * e2;
  const s = Math.sin(phi) * e2;
  return [
    [c, s, 0],
    [-s, c, 0],
    [0, 0, e1],
  ];
}

function dot(u: Vec, v: Vec): number {
  return u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
}

function mul(a: Mat, b: Mat): Mat {
  const columns: Mat = [
    [b[0][0], b[1][0], b[2][0]],
    [b[0][1], b[1][1], b[2][1]],
    [b[0][2], b[1][2], b[2][2]],
  ];
  const row = (r: Vec): Vec => [dot(r, columns[0]), dot(r, columns[1]), dot(r, columns[2])];
  return [row(a[0]), row(a[1]), row(a[2])];
}

function apply(a: Mat, v: Vec): Vec {
  return [
    a[0][0] * v[0] + a[0][1] * v[1] + a[0][2] * v[2],
    a[1][0] * v[0] + a[1][1] * v[1] + a[1][2] * v[2],
    a[2][0] * v[0] + a[2][1] * v[1] + a[2][2] * v[2],
  ];
}

function det(a: Mat): number {
  return (
    a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) -
    a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0]) +
    a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
  );
}

/** Solves a·x = b by Cramer's rule (3×3, well conditioned here: a = I − (relaxing rotation)). */
function solve(a: Mat, b: Vec): Vec {
  const d = det(a);
  const replace = (row: Vec, col: number, v: number): Vec => [
    col === 0 ? v : row[0],
    col === 1 ? v : row[1],
    col === 2 ? v : row[2],
  ];
  const withColumn = (col: number): Mat => [
    replace(a[0], col, b[0]),
    replace(a[1], col, b[1]),
    replace(a[2], col, b[2]),
  ];
  return [det(withColumn(0)) / d, det(withColumn(1)) / d, det(withColumn(2)) / d];
}

/**
 * Balanced SSFP steady state, any off-resonance (Freeman & Hill, J Magn Reson 1971; Scheffler & Lehnhardt,
 * Eur Radiol 2003), RF phase alternated 0/180° every TR, signal demodulated with the receiver following the RF
 * phase. Solved exactly as the fixed point M = P·R·M + b of one TR (R: pulse, P: precession and relaxation,
 * b = (0, 0, 1 − E1)); the alternation is the usual extra π of precession per TR. Returns M⊥ at `te` [s] after
 * the pulse per unit M0; on resonance it equals i·`bssfpOnResonanceSignal` at TE = TR/2, and the dark bands
 * fall at Δf = (2n+1)/(2TR).
 */
export function bssfpTransverse(
  t1: Seconds,
  t2: Seconds,
  tr: Seconds,
  te: Seconds,
  alpha: Radians,
  offResonance: Hertz,
): Complex {
  const e1 = relaxation(tr, t1);
  const e2 = relaxation(tr, t2);
  // Precession per TR in the frame that follows the alternating RF phase.
  const phiTr = 2 * Math.PI * offResonance * tr + Math.PI;
  const r = rotateX(alpha);
  const pr = mul(precessRelax(phiTr, e1, e2), r);
  const a: Mat = [
    [1 - pr[0][0], -pr[0][1], -pr[0][2]],
    [-pr[1][0], 1 - pr[1][1], -pr[1][2]],
    [-pr[2][0], -pr[2][1], 1 - pr[2][2]],
  ];
  const before = solve(a, [0, 0, 1 - e1]);
  const after = apply(r, before);
  const phiTe = ((2 * Math.PI * offResonance * tr + Math.PI) * te) / tr;
  const e2te = relaxation(te, t2);
  const x = (after[0] * Math.cos(phiTe) + after[1] * Math.sin(phiTe)) * e2te;
  const y = (after[1] * Math.cos(phiTe) - after[0] * Math.sin(phiTe)) * e2te;
  // Undo the frame's extra precession π·te/TR (receiver demodulation): multiply by e^(+iπ·te/TR).
  const back = (Math.PI * te) / tr;
  return {
    re: x * Math.cos(back) - y * Math.sin(back),
    im: x * Math.sin(back) + y * Math.cos(back),
  };
}
