import { describe, expect, it } from 'vitest';
import { degToRad, radToDeg } from '../units.ts';
import { bssfpTransverse } from './bssfp.ts';
import { apparentT1Star, molliSignal, mprageSignal } from './prepared.ts';
import {
  bssfpOnResonanceSignal,
  ernstAngle,
  inversionNullTime,
  inversionRecoverySignal,
  spinEchoMz,
  spinEchoSignal,
  spoiledGradientEchoSignal,
} from './steady-state.ts';

// Reference numbers: ../shared/reference/analytic_formulas.md (checked there against a discrete Bloch simulation).
const WM_T1 = 1.084;
const WM_T2 = 0.069;

describe('closed-form signals', () => {
  it('spin echo with the exact T1 term gives 0.10104 for T1 1084 ms, T2 69 ms, TR 500 ms, TE 80 ms (±1e-5)', () => {
    expect(Math.abs(spinEchoSignal(WM_T1, WM_T2, 0.5, 0.08) - 0.10104)).toBeLessThan(1e-5);
  });

  it('spin echo tends to (1 − e^(−TR/T1))·e^(−TE/T2) when TE ≪ TR (TR 3 s, TE 10 ms: ±1e-3)', () => {
    const simple = (1 - Math.exp(-3 / WM_T1)) * Math.exp(-0.01 / WM_T2);
    expect(Math.abs(spinEchoSignal(WM_T1, WM_T2, 3, 0.01) - simple)).toBeLessThan(1e-3);
  });

  it('a spin echo with a β-refocusing keeps sin²(β/2) of the echo; Mz follows the general steady state (±1e-12)', () => {
    const beta = (2 * Math.PI) / 3;
    const tr = 0.6;
    const te = 0.02;
    // Step through one TR by hand from the steady state the formula claims.
    const mz = spinEchoMz(WM_T1, tr, te, Math.PI / 2, beta);
    const afterHalf = 1 - (1 - 0) * Math.exp(-te / 2 / WM_T1);
    const afterRefocus = afterHalf * Math.cos(beta);
    const next = 1 - (1 - afterRefocus) * Math.exp(-(tr - te / 2) / WM_T1);
    expect(next).toBeCloseTo(mz, 12);
    const ratio = spinEchoSignal(WM_T1, WM_T2, tr, te, Math.PI / 2, beta) / (mz * Math.exp(-te / WM_T2));
    expect(ratio).toBeCloseTo(Math.sin(beta / 2) ** 2, 12);
  });

  it('inversion recovery is zero at the null time T1·ln(2/(1+e^(−TR/T1))) (TE → 0, |S| < 1e-12)', () => {
    for (const [t1, tr] of [
      [0.343, 10],
      [4.163, 9],
      [0.884, 2],
    ] as const) {
      expect(Math.abs(inversionRecoverySignal(t1, 0.05, tr, inversionNullTime(t1, tr), 0))).toBeLessThan(
        1e-12,
      );
    }
  });

  it('the null time tends to T1·ln 2 for TR ≫ T1 (STIR fat at 1.5 T ≈ 238 ms, ±0.5 ms)', () => {
    expect(inversionNullTime(0.343, 100)).toBeCloseTo(0.343 * Math.LN2, 6);
    expect(inversionNullTime(0.343, 100) * 1000).toBeCloseTo(237.7, 0);
  });

  it('inversion recovery matches |1 − 2e^(−TI/T1) + e^(−TR/T1)|·e^(−TE/T2) when TE → 0 (±1e-12)', () => {
    const expected = (1 - 2 * Math.exp(-0.3 / WM_T1) + Math.exp(-2 / WM_T1)) * Math.exp(0);
    expect(inversionRecoverySignal(WM_T1, WM_T2, 2, 0.3, 0)).toBeCloseTo(expected, 12);
  });

  it('Ernst angle is 8.51° for T1 1084 ms and TR 12 ms (±0.01°)', () => {
    expect(radToDeg(ernstAngle(WM_T1, 0.012))).toBeCloseTo(8.51, 2);
  });

  it('spoiled GRE is largest at the Ernst angle (1° either side is lower)', () => {
    const tr = 0.012;
    const ernst = ernstAngle(WM_T1, tr);
    const at = (a: number): number => spoiledGradientEchoSignal(WM_T1, 0.05, tr, 0.004, a);
    expect(at(ernst)).toBeGreaterThan(at(ernst - degToRad(1)));
    expect(at(ernst)).toBeGreaterThan(at(ernst + degToRad(1)));
  });

  it('spoiled GRE equals sinα(1−E1)/(1−cosαE1)·e^(−TE/T2*) (±1e-12)', () => {
    const a = degToRad(30);
    const e1 = Math.exp(-0.1 / WM_T1);
    const expected = ((Math.sin(a) * (1 - e1)) / (1 - Math.cos(a) * e1)) * Math.exp(-0.01 / 0.0532);
    expect(spoiledGradientEchoSignal(WM_T1, 0.0532, 0.1, 0.01, a)).toBeCloseTo(expected, 12);
  });
});

describe('balanced SSFP', () => {
  const tr = 0.005;
  const alpha = degToRad(60);

  it('the Freeman–Hill solution on resonance equals the closed form along +y (±1e-12)', () => {
    const m = bssfpTransverse(WM_T1, WM_T2, tr, tr / 2, alpha, 0);
    expect(m.im).toBeCloseTo(bssfpOnResonanceSignal(WM_T1, WM_T2, tr, alpha), 12);
    expect(Math.abs(m.re)).toBeLessThan(1e-12);
  });

  it('tends to ½·√(T2/T1) at the optimal angle when TR ≪ T1, T2 (±2 %)', () => {
    const ratio = 1.2 / 0.2;
    const optimum = Math.acos((ratio - 1) / (ratio + 1));
    const s = bssfpOnResonanceSignal(1.2, 0.2, 0.001, optimum) / Math.exp(-0.0005 / 0.2);
    expect(s / (0.5 * Math.sqrt(0.2 / 1.2))).toBeCloseTo(1, 1);
    expect(Math.abs(s / (0.5 * Math.sqrt(0.2 / 1.2)) - 1)).toBeLessThan(0.02);
  });

  it('has a dark band at Δf = 1/(2TR): under 5 % of the on-resonance magnitude', () => {
    const on = bssfpTransverse(WM_T1, WM_T2, tr, tr / 2, alpha, 0);
    const band = bssfpTransverse(WM_T1, WM_T2, tr, tr / 2, alpha, 1 / (2 * tr));
    expect(Math.hypot(band.re, band.im)).toBeLessThan(0.05 * Math.hypot(on.re, on.im));
  });

  it('is periodic in off-resonance with period 1/TR, the next passband with opposite sign (±1e-9)', () => {
    const on = bssfpTransverse(WM_T1, WM_T2, tr, tr / 2, alpha, 30);
    const next = bssfpTransverse(WM_T1, WM_T2, tr, tr / 2, alpha, 30 + 1 / tr);
    expect(next.re).toBeCloseTo(-on.re, 9);
    expect(next.im).toBeCloseTo(-on.im, 9);
  });
});

/**
 * Brute force: play α pulses with RF phase nπ (rotation about (cos nπ, sin nπ, 0)), precess clockwise by
 * 2πΔf·t and relax between them, and read M⊥ at TE demodulated by the RF phase, after enough TRs to settle.
 */
function bssfpBruteForce(t1: number, t2: number, tr: number, te: number, alpha: number, df: number) {
  let m = [0, 0, 1];
  const free = (v: number[], t: number): number[] => {
    const phi = 2 * Math.PI * df * t;
    const e1 = Math.exp(-t / t1);
    const e2 = Math.exp(-t / t2);
    const [x = 0, y = 0, z = 0] = v;
    return [
      (x * Math.cos(phi) + y * Math.sin(phi)) * e2,
      (y * Math.cos(phi) - x * Math.sin(phi)) * e2,
      z * e1 + 1 - e1,
    ];
  };
  let signal = { re: 0, im: 0 };
  for (let n = 0; n < 4000; n++) {
    const a = n % 2 === 0 ? alpha : -alpha; // phase π is a rotation about −x
    const [x = 0, y = 0, z = 0] = m;
    const rotated = [x, y * Math.cos(a) + z * Math.sin(a), z * Math.cos(a) - y * Math.sin(a)];
    const atTe = free(rotated, te);
    const sign = n % 2 === 0 ? 1 : -1; // demodulate by e^(−inπ)
    signal = { re: sign * (atTe[0] ?? 0), im: sign * (atTe[1] ?? 0) };
    m = free(rotated, tr);
  }
  return signal;
}

describe('bSSFP against a brute-force pulse train', () => {
  it('the Freeman–Hill fixed point equals 4000 alternating-phase TRs, on and off resonance (±1e-6)', () => {
    const tr = 0.005;
    for (const df of [0, 37, -61, 100, 180]) {
      const exact = bssfpTransverse(0.8, 0.08, tr, tr / 2, degToRad(50), df);
      const brute = bssfpBruteForce(0.8, 0.08, tr, tr / 2, degToRad(50), df);
      expect(Math.abs(exact.re - brute.re), `${df} Hz`).toBeLessThan(1e-6);
      expect(Math.abs(exact.im - brute.im), `${df} Hz`).toBeLessThan(1e-6);
    }
  });
});

describe('magnetisation-prepared readouts', () => {
  it('MP-RAGE with a single 90° readout is inversion recovery 1 − 2e^(−TI/T1) + e^(−TR/T1) (±1e-12)', () => {
    const s = mprageSignal(WM_T1, 0.05, {
      shotRepetitionTime: 2.5,
      inversionTime: 0.9,
      echoSpacing: 0.01,
      pulses: 1,
      echoTime: 0,
      flipAngle: Math.PI / 2,
    });
    expect(s).toBeCloseTo(1 - 2 * Math.exp(-0.9 / WM_T1) + Math.exp(-2.5 / WM_T1), 12);
  });

  it('MP-RAGE makes white matter brighter than grey matter brighter than CSF at 3 T (Siemens-like defaults)', () => {
    const timing = {
      shotRepetitionTime: 2.3,
      inversionTime: 0.9,
      echoSpacing: 0.007,
      pulses: 176,
      echoTime: 0.003,
      flipAngle: degToRad(9),
    };
    const wm = 0.69 * mprageSignal(1.084, 0.0532, timing);
    const gm = 0.8 * mprageSignal(1.82, 0.066, timing);
    const csf = 1 * Math.abs(mprageSignal(4.163, 1.5, timing));
    expect(wm).toBeGreaterThan(gm);
    expect(gm).toBeGreaterThan(csf);
  });

  it('MOLLI recovers towards its steady state with the apparent T1* = 1/(cos²(α/2)/T1 + sin²(α/2)/T2)', () => {
    const alpha = degToRad(35);
    const t1Star = apparentT1Star(1.0, 0.05, alpha);
    expect(t1Star).toBeLessThan(1.0);
    const early = molliSignal(1.0, 0.05, 0.1, 0.0025, 0.00125, alpha);
    const late = molliSignal(1.0, 0.05, 5, 0.0025, 0.00125, alpha);
    expect(early).toBeLessThan(0);
    expect(late).toBeGreaterThan(0);
    const nullTi = t1Star * Math.log(1 + Math.sin(alpha / 2) / late / Math.exp(0.00125 / 0.05));
    expect(Math.abs(molliSignal(1.0, 0.05, nullTi, 0.0025, 0.00125, alpha))).toBeLessThan(1e-3);
  });
});
