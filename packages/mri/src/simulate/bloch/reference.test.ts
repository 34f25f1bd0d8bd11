import { describe, expect, it } from 'vitest';
import { gaussPulse, hardPulse, sincPulse } from '../../sequence/build/rf.ts';
import { BUILD_RASTER } from '../../sequence/build/raster.ts';
import {
  trapezoidEvent,
  trapezoidForArea,
  trapezoidWithFlat,
  delayed,
} from '../../sequence/build/gradients.ts';
import { TimelineBuilder } from '../../sequence/build/timelineBuilder.ts';
import type { AdcEvent, RfEvent } from '../../sequence/timeline.ts';
import { simulateReference } from './reference.ts';
import { createSpinSet } from './spins.ts';
import { oneSpin } from './probe.testing.ts';

const RF_RASTER = BUILD_RASTER.rf;
/** Hard pulses of 4 µs: relaxation during them is below 2e-3 for the T2 used here. */
const PULSE_S = 4e-6;
const DWELL_S = 2e-6;

const pulse = (flip: number, phase = 0): RfEvent =>
  hardPulse(flip, PULSE_S, RF_RASTER, { phaseOffset: phase });
/** An ADC block whose single sample falls at absolute time t [s]. */
function sampleAt(b: TimelineBuilder, t: number): void {
  const adc: AdcEvent = {
    numSamples: 1,
    dwell: DWELL_S,
    delay: t - b.time - DWELL_S / 2,
    freqOffset: 0,
    phaseOffset: 0,
  };
  b.add({ adc });
}
/** Adds a hard pulse whose centre falls at absolute time t [s]. */
function pulseAt(b: TimelineBuilder, t: number, flip: number, phase = 0): void {
  const rf = pulse(flip, phase);
  const block = BUILD_RASTER.block;
  b.delay(Math.floor((t - rf.center - b.time) / block - 1e-6) * block);
  b.add({ rf: { ...rf, delay: t - rf.center - b.time } });
}
const spinsWith = (dfHz: number[], t1: number, t2: number) =>
  createSpinSet({
    x: dfHz.map(() => 0),
    y: dfHz.map(() => 0),
    z: dfHz.map(() => 0),
    rho: dfHz.map(() => 1 / dfHz.length),
    t1: dfHz.map(() => t1),
    t2: dfHz.map(() => t2),
    dw: dfHz.map((f) => 2 * Math.PI * f),
  });
const magnitude = (re: number, im: number): number => Math.hypot(re, im);

describe('reference Bloch engine against closed forms', () => {
  it('a 90° pulse on resonance leaves M⊥ = i·M0 (within 1e-9)', () => {
    const b = new TimelineBuilder();
    b.add({ rf: pulse(Math.PI / 2) });
    sampleAt(b, b.time + 1e-5);
    const s = simulateReference({ timeline: b.build(), spins: spinsWith([0], Infinity, Infinity) });
    expect(s.coils[0]?.re[0]).toBeCloseTo(0, 9);
    expect(s.coils[0]?.im[0]).toBeCloseTo(1, 9);
  });

  it('a 90° sinc pulse on resonance tips M0 fully onto +y (within 1e-9)', () => {
    const b = new TimelineBuilder();
    b.add({ rf: sincPulse({ flipAngle: Math.PI / 2, duration: 2e-3, timeBandwidth: 4, raster: RF_RASTER }) });
    sampleAt(b, b.time + 1e-5);
    const s = simulateReference({ timeline: b.build(), spins: spinsWith([0], Infinity, Infinity) });
    expect(s.coils[0]?.im[0]).toBeCloseTo(1, 9);
  });

  it('spin echoes refocus off-resonance and follow S = PD·[1 − 2e^(−(TR−TE/2)/T1) + e^(−TR/T1)]·e^(−TE/T2) (2e-3)', () => {
    const [t1, t2, tr, te] = [0.5, 0.05, 0.6, 0.03];
    const offsets = Array.from({ length: 16 }, (_, k) => -200 + 25 * k); // Hz; dephase by 2π·25 Hz·TE/2·16 ≫ 1
    const b = new TimelineBuilder();
    for (let r = 0; r < 3; r++) {
      const t0 = r * tr + 1e-4;
      pulseAt(b, t0, Math.PI / 2);
      sampleAt(b, t0 + te / 4); // dephased FID
      pulseAt(b, t0 + te / 2, Math.PI, Math.PI / 2);
      sampleAt(b, t0 + te);
    }
    const s = simulateReference({ timeline: b.build(), spins: spinsWith(offsets, t1, t2) });
    const c = s.coils[0];
    if (!c) throw new Error('no signal');
    const expected = (1 - 2 * Math.exp(-(tr - te / 2) / t1) + Math.exp(-tr / t1)) * Math.exp(-te / t2);
    expect(magnitude(c.re[5] ?? 0, c.im[5] ?? 0) / expected).toBeCloseTo(1, 2);
    expect(Math.abs(magnitude(c.re[5] ?? 0, c.im[5] ?? 0) / expected - 1)).toBeLessThan(2e-3);
    expect(magnitude(c.re[4] ?? 0, c.im[4] ?? 0)).toBeLessThan(0.1);
  });

  it('inversion recovery follows |1 − 2e^(−TI/T1) + e^(−TR/T1)|·e^(−TE/T2) and nulls at T1·ln(2/(1+e^(−TR/T1))) (3e-3)', () => {
    const [t1, t2, tr, te] = [0.4, 0.02, 1.0, 1e-3];
    const signalAt = (ti: number): number => {
      const b = new TimelineBuilder();
      for (let r = 0; r < 3; r++) {
        pulseAt(b, r * tr + 1e-4, Math.PI);
        pulseAt(b, r * tr + 1e-4 + ti, Math.PI / 2);
        sampleAt(b, r * tr + 1e-4 + ti + te);
      }
      const c = simulateReference({ timeline: b.build(), spins: spinsWith([0], t1, t2) }).coils[0];
      return magnitude(c?.re[2] ?? 0, c?.im[2] ?? 0);
    };
    const ti = 0.15;
    const expected = Math.abs(1 - 2 * Math.exp(-ti / t1) + Math.exp(-tr / t1)) * Math.exp(-te / t2);
    expect(Math.abs(signalAt(ti) - expected)).toBeLessThan(3e-3 * expected);
    const nullTi = t1 * Math.log(2 / (1 + Math.exp(-tr / t1)));
    expect(signalAt(nullTi)).toBeLessThan(3e-3);
  });

  it('spoiled GRE approaches sinα(1−E1)/(1−cosα·E1) as Mss + (M0 − Mss)(cosα·E1)^n (T2 ≪ TR spoils ideally; 2e-3)', () => {
    const [t1, t2, tr, te, alpha] = [0.2, 0.002, 0.02, 5e-4, Math.PI / 6];
    const b = new TimelineBuilder();
    const n = 40;
    for (let r = 0; r < n; r++) {
      pulseAt(b, r * tr + 1e-4, alpha);
      sampleAt(b, r * tr + 1e-4 + te);
    }
    const c = simulateReference({ timeline: b.build(), spins: spinsWith([0], t1, t2) }).coils[0];
    const e1 = Math.exp(-tr / t1);
    const mss = (1 - e1) / (1 - Math.cos(alpha) * e1);
    for (let r = 0; r < n; r++) {
      const mz = mss + (1 - mss) * (Math.cos(alpha) * e1) ** r;
      const expected = Math.sin(alpha) * mz * Math.exp(-te / t2);
      expect(Math.abs(magnitude(c?.re[r] ?? 0, c?.im[r] ?? 0) / expected - 1)).toBeLessThan(2e-3);
    }
  });

  it('bSSFP (α/2 preparation, phase 0/180°, TE = TR/2) follows the exact transient to sinα(1−E1)/(1−(E1−E2)cosα−E1E2)·e^(−TE/T2) (5e-3)', () => {
    const [t1, t2, tr, alpha] = [0.1, 0.05, 0.004, (40 * Math.PI) / 180];
    const b = new TimelineBuilder();
    const n = 250;
    pulseAt(b, 1e-4, alpha / 2, Math.PI);
    for (let r = 0; r < n; r++) {
      const t = 1e-4 + tr / 2 + r * tr;
      pulseAt(b, t, alpha, r % 2 === 0 ? 0 : Math.PI);
      sampleAt(b, t + tr / 2);
    }
    const c = simulateReference({ timeline: b.build(), spins: spinsWith([0], t1, t2) }).coils[0];
    const [e1, e2] = [Math.exp(-tr / t1), Math.exp(-tr / t2)];
    const expected =
      ((Math.sin(alpha) * (1 - e1)) / (1 - (e1 - e2) * Math.cos(alpha) - e1 * e2)) * Math.exp(-tr / 2 / t2);
    const last = magnitude(c?.re[n - 1] ?? 0, c?.im[n - 1] ?? 0);
    expect(Math.abs(last / expected - 1)).toBeLessThan(5e-3);
    // Transient: the exact discrete recursion with instantaneous pulses — rotation about ∓x by α, then free
    // relaxation over TR/2 to the echo and TR/2 to the next pulse (Scheffler, Concepts Magn Reson 1999;11:291).
    let m = [0, 0, 1];
    const rotate = (v: number[], angle: number): number[] => [
      v[0] ?? 0,
      (v[1] ?? 0) * Math.cos(angle) + (v[2] ?? 0) * Math.sin(angle),
      (v[2] ?? 0) * Math.cos(angle) - (v[1] ?? 0) * Math.sin(angle),
    ];
    const relaxFor = (v: number[], t: number): number[] => [
      (v[0] ?? 0) * Math.exp(-t / t2),
      (v[1] ?? 0) * Math.exp(-t / t2),
      1 + ((v[2] ?? 0) - 1) * Math.exp(-t / t1),
    ];
    m = relaxFor(rotate(m, -alpha / 2), tr / 2);
    for (let r = 0; r < n; r++) {
      m = relaxFor(rotate(m, r % 2 === 0 ? alpha : -alpha), tr / 2);
      const transient = Math.hypot(m[0] ?? 0, m[1] ?? 0);
      expect(Math.abs(magnitude(c?.re[r] ?? 0, c?.im[r] ?? 0) - transient)).toBeLessThan(5e-3 * expected);
      m = relaxFor(m, tr / 2);
    }
  });

  it('three 90° pulses form a stimulated echo of amplitude M0/2·e^(−TM/T1)·e^(−2τ/T2) (5e-3)', () => {
    const [t1, t2, tau, tm] = [0.5, 0.1, 0.01, 0.03];
    // 64 isochromats 15.625 Hz apart: every other pathway has dephased by a whole number of 1 kHz cycles.
    const offsets = Array.from({ length: 64 }, (_, k) => 15.625 * k);
    const b = new TimelineBuilder();
    const t0 = 1e-4;
    pulseAt(b, t0, Math.PI / 2);
    pulseAt(b, t0 + tau, Math.PI / 2);
    pulseAt(b, t0 + tau + tm, Math.PI / 2);
    sampleAt(b, t0 + 2 * tau + tm);
    const c = simulateReference({ timeline: b.build(), spins: spinsWith(offsets, t1, t2) }).coils[0];
    const expected = 0.5 * Math.exp(-tm / t1) * Math.exp((-2 * tau) / t2);
    expect(Math.abs(magnitude(c?.re[0] ?? 0, c?.im[0] ?? 0) / expected - 1)).toBeLessThan(5e-3);
  });

  for (const [name, shape] of [
    ['sinc', sincPulse],
    ['Gaussian', gaussPulse],
  ] as const)
    it(`a 10° ${name} pulse with slice gradient and rephaser has the Fourier-transform slice profile (2 % of peak)`, () => {
      const flip = (10 * Math.PI) / 180;
      const rf = shape({ flipAngle: flip, duration: 2e-3, timeBandwidth: 4, raster: RF_RASTER });
      const gss = 4e5; // Hz/m: bandwidth 2 kHz over a 5 mm slice
      const limits = { maxGradient: 1e6, maxSlew: 7e9 };
      const flat = trapezoidWithFlat(gss, 2e-3, limits, BUILD_RASTER.gradient);
      const rephaseArea = -(gss * 1e-3 + (gss * flat.fall) / 2);
      const b = new TimelineBuilder();
      b.add({ rf: { ...rf, delay: flat.rise }, gz: trapezoidEvent(flat) });
      b.add({ gz: trapezoidEvent(delayed(trapezoidForArea(rephaseArea, limits, BUILD_RASTER.gradient), 0)) });
      sampleAt(b, b.time + 1e-5);
      const timeline = b.build();
      for (let zMm = -8; zMm <= 8; zMm += 0.5) {
        const z = zMm / 1000;
        const spins = oneSpin({ z });
        const c = simulateReference({ timeline, spins }).coils[0];
        // Small-angle solution: M⊥ = i·2π·Σ b1(t)·exp(i·2π·f·(t − T/2))·Δt with f = γ̄·G·z.
        let re = 0;
        let im = 0;
        rf.times.forEach((t, k) => {
          const a = (rf.amplitude[k] ?? 0) * Math.cos(rf.phase[k] ?? 0) * RF_RASTER * 2 * Math.PI;
          const phase = 2 * Math.PI * gss * z * (t - rf.center);
          re -= a * Math.sin(phase);
          im += a * Math.cos(phase);
        });
        expect(Math.hypot((c?.re[0] ?? 0) - re, (c?.im[0] ?? 0) - im)).toBeLessThan(0.02 * Math.sin(flip));
      }
    });
});
