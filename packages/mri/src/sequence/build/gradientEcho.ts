import { FAT_WATER_SHIFT_PPM, GYROMAGNETIC_RATIO_HZ_PER_T } from '../../constants.ts';
import type { Radians, Seconds } from '../../units.ts';
import type { SequenceTimeline } from '../timeline.ts';
import {
  area,
  gradients,
  phaseArea,
  readout,
  readoutEvents,
  rfSpoilPhase,
  selectivePulse,
  spoilerArea,
  timingError,
  type BuildContext,
  type BuildOptions,
  type Readout,
} from './context.ts';
import { addFatSaturation, fatSaturation, type FatSaturation } from './fatSat.ts';
import { excitationDuration, isThreeDimensional, readoutKind } from '../timing.ts';
import { trapezoidDuration } from './gradients.ts';
import { TimelineBuilder } from './timelineBuilder.ts';

/**
 * Echo times of a multi-echo family [s]: the protocol's `echoTimes`, else for Dixon the earliest opposed-phase
 * echo (n + ½)/|Δf| not before `minTe` and the next in-phase echo m/|Δf| at least `minSpacing` later
 * (Δf = −3.4 ppm·γ̄·B0; reference/analytic_formulas.md §5), else [TE].
 */
export function echoTimesOf(ctx: BuildContext, minTe: Seconds, minSpacing: Seconds): Seconds[] {
  const p = ctx.protocol;
  if (p.echoTimes && p.echoTimes.length > 0) return [...p.echoTimes];
  if (p.family === 'Dixon') {
    const period = 1 / Math.abs(FAT_WATER_SHIFT_PPM * 1e-6 * GYROMAGNETIC_RATIO_HZ_PER_T * ctx.scanner.b0);
    const opposed = (Math.ceil(minTe / period - 0.5 - 1e-9) + 0.5) * period;
    const inPhase = Math.ceil((opposed + minSpacing) / period - 1e-9) * period;
    return [opposed, inPhase];
  }
  return [p.echoTime];
}

/**
 * The excitation of the gradient-echo families as validation times it (timing.ts `protocolTiming`; hardware.ts):
 * `excitationDuration` long (1 ms), over the slice, or for a 3D protocol (MP-RAGE, 3D SWI) over the whole slab
 * (slice thickness × count, centred on the stack), whose slice-select gradient fits a 1 ms pulse where a 1.2 mm
 * slice needs 1.93 ms. The 2D Bloch slice of a 3D protocol is one partition of that slab (no kz encoding).
 */
export function gradientEchoExcitation(
  ctx: BuildContext,
  flip: Radians,
  phaseOffset: Radians = 0,
): ReturnType<typeof selectivePulse> {
  const p = ctx.protocol;
  const duration = excitationDuration(readoutKind(p.family));
  if (!isThreeDimensional(p)) return selectivePulse(ctx, flip, { phaseOffset, duration });
  const slab = (p.sliceCount * (p.sliceThickness + p.sliceGap)) / p.sliceThickness;
  return selectivePulse(ctx, flip, { phaseOffset, duration, thicknessScale: slab, center: ctx.slabCenter });
}

/** One gradient-echo repetition's pieces, shared by GRE, Dixon, SWI, MPRAGE (spoiled) and bSSFP, MOLLI (balanced). */
export function pieces(ctx: BuildContext) {
  const exc = gradientEchoExcitation(ctx, ctx.protocol.flipAngle);
  const ro = readout(ctx);
  const maxPhase = Math.abs(phaseArea(ctx, 0));
  const prephase = Math.max(
    trapezoidDuration(area(ctx, ro.prephaseArea)),
    trapezoidDuration(area(ctx, maxPhase)),
    trapezoidDuration(area(ctx, exc.rephaseArea)),
  );
  const roDuration = trapezoidDuration(ro.trap);
  return { exc, ro, prephase, roDuration };
}

/**
 * The excitation pulse with RF phase `phase` [rad], then in `prephase` [s] the read prephaser, phase encoding of
 * area `pe` [1/m] and slice rephaser: the start of every gradient-echo repetition.
 */
function excite(
  ctx: BuildContext,
  b: TimelineBuilder,
  { exc, ro, prephase }: ReturnType<typeof pieces>,
  phase: Radians,
  pe: number,
): void {
  b.add({ ...exc.events, rf: { ...exc.rf, delay: exc.events.rf?.delay ?? 0, phaseOffset: phase } });
  b.add(
    gradients(ctx.axes, {
      read: area(ctx, ro.prephaseArea),
      phase: area(ctx, pe),
      slice: area(ctx, exc.rephaseArea),
    }),
    prephase,
  );
}

/**
 * Time [s] from the start of echo k's readout trapezoid (0-based) to its k-space centre. Multi-echo readouts are
 * bipolar, as validation times them (timing.ts: echo spacing = readout + two ramps, no flyback; Bernstein et
 * al. 2004, §16.3): even echoes play `ro` (centre at `echoOffset`); odd echoes its negative, which starts at
 * the k that `ro` ends on and crosses k = 0 at rise + flat − (N/2 + ½)·dwell, every sample on the grid up to the
 * flat top's raster excess (bloch/recon.ts regrids it).
 */
function echoCentre(ro: Readout, k: number): Seconds {
  if (k % 2 === 0) return ro.echoOffset;
  return ro.trap.rise + ro.trap.flat - (ro.samples / 2 + 0.5) * ro.dwell;
}

/**
 * One spoiled-GRE repetition starting at `start` [s] (fat saturation first when given) with echoes `echoes` (the
 * earliest when empty), phase-encoding line `line`, RF-spoiling index `n`; without a builder, only its length [s].
 */
export function spoiledRepetition(
  ctx: BuildContext,
  parts: ReturnType<typeof pieces>,
  b: TimelineBuilder | undefined,
  line: number,
  n: number,
  start: Seconds,
  echoes: readonly Seconds[],
  acquire: boolean,
  fatSat?: FatSaturation,
): Seconds {
  const { exc, ro, prephase, roDuration } = parts;
  const minTe = exc.tail + prephase + ro.echoOffset;
  const tes = echoes.length > 0 ? echoes : [minTe];
  if ((tes[0] ?? 0) < minTe - 1e-9) throw timingError('TE', minTe);
  const pe = phaseArea(ctx, line);
  const phase: Radians = rfSpoilPhase(n);
  const spoil = Math.max(
    trapezoidDuration(area(ctx, spoilerArea(ctx))),
    trapezoidDuration(area(ctx, Math.abs(pe))),
  );
  const lead = fatSat?.duration ?? 0;
  const last = tes.length - 1;
  const end = start + lead + exc.centre + (tes[last] ?? 0) + roDuration - echoCentre(ro, last) + spoil;
  if (!b) return end - start;
  b.delay(start - b.time);
  addFatSaturation(b, fatSat, n);
  const tc = b.time + exc.centre;
  excite(ctx, b, parts, phase, pe);
  const reversed = readout(ctx, -1);
  tes.forEach((te, k) => {
    const readoutStart = tc + te - echoCentre(ro, k);
    if (readoutStart < b.time - 1e-9)
      throw timingError(`echo time ${k + 1}`, b.time - tc + echoCentre(ro, k));
    b.delay(readoutStart - b.time);
    const events = readoutEvents(ctx, k % 2 === 0 ? ro : reversed, phase);
    if (!acquire) delete events.adc;
    b.add(events);
  });
  b.add(gradients(ctx.axes, { phase: area(ctx, -pe), slice: area(ctx, spoilerArea(ctx)) }));
  return b.time - start;
}

/**
 * Spoiled gradient echo (GRE/FLASH; Dixon and SWI as multi-echo GRE with bipolar readouts): per repetition one
 * phase-encoding line, quadratic RF spoiling, phase rewinder and slice spoiler, fat saturation (fatSat.ts) before
 * each excitation when the protocol has it; `dummyScans` (default 20) first.
 */
export function buildSpoiledGre(ctx: BuildContext, options: BuildOptions = {}): SequenceTimeline {
  const p = ctx.protocol;
  const parts = pieces(ctx);
  const { exc, ro, prephase, roDuration } = parts;
  const echoes = echoTimesOf(
    ctx,
    exc.tail + prephase + ro.echoOffset,
    roDuration - ro.echoOffset + echoCentre(ro, 1) + ctx.raster.block,
  );
  const dummies = options.dummyScans ?? 20;
  const b = new TimelineBuilder(ctx.raster);
  const fatSat = fatSaturation(ctx, exc);
  const needed = spoiledRepetition(ctx, parts, undefined, 0, 0, 0, echoes, true, fatSat);
  if (p.repetitionTime < needed) throw timingError('TR', needed);
  for (let n = 0; n < dummies + p.matrixPhase; n++) {
    const line = n < dummies ? p.matrixPhase / 2 : n - dummies;
    spoiledRepetition(ctx, parts, b, line, n, n * p.repetitionTime, echoes, n >= dummies, fatSat);
  }
  b.delay((dummies + p.matrixPhase) * p.repetitionTime - b.time);
  return b.build({ Name: `larmor-${p.family}` });
}

/**
 * A balanced SSFP train starting at `start` [s]: α/2 preparation TR/2 before the first α, RF phase alternating
 * 0/π (ADC phase following), all gradient moments rewound each TR, echo at TE = TR/2. Lines in `lines`
 * (NaN: no ADC). Returns the time of the first α's centre.
 */
export function bssfpTrain(
  ctx: BuildContext,
  b: TimelineBuilder,
  start: Seconds,
  tr: Seconds,
  lines: readonly number[],
): Seconds {
  const parts = pieces(ctx);
  const { exc, ro, prephase, roDuration } = parts;
  const rewind = (pe: number) =>
    gradients(ctx.axes, {
      read: area(ctx, -(ro.area + ro.prephaseArea)),
      phase: area(ctx, -pe),
      slice: area(ctx, exc.rephaseArea),
    });
  const half = exc.tail + prephase + ro.echoOffset;
  const otherHalf = roDuration - ro.echoOffset + prephase + exc.centre;
  if (tr / 2 < Math.max(half, otherHalf)) throw timingError('TR', 2 * Math.max(half, otherHalf));
  const prep = gradientEchoExcitation(ctx, ctx.protocol.flipAngle / 2, Math.PI);
  b.delay(start - b.time);
  const tPrep = b.time + prep.centre;
  b.add(prep.events);
  b.add(gradients(ctx.axes, { slice: area(ctx, prep.rephaseArea) }));
  const first = tPrep + tr / 2;
  lines.forEach((line, n) => {
    const phase = n % 2 === 0 ? 0 : Math.PI;
    const tc = first + n * tr;
    b.delay(tc - exc.centre - b.time);
    const pe = Number.isNaN(line) ? 0 : phaseArea(ctx, line);
    excite(ctx, b, parts, phase, pe);
    b.delay(tc + tr / 2 - ro.echoOffset - b.time);
    const events = readoutEvents(ctx, ro, phase);
    if (Number.isNaN(line)) delete events.adc;
    b.add(events);
    b.add(rewind(pe), prephase);
  });
  return first;
}

/** Tissue whose approach to the bSSFP steady state sets the default dummy count: T1, T2 [s] (muscle at 1.5 T). */
export const BSSFP_REFERENCE_TISSUE = { t1: 1, t2: 0.05 } as const;
/** Relative distance from the steady state at which the default bSSFP train starts acquiring. */
export const BSSFP_STEADY_STATE_TOLERANCE = 0.02;
/** Longest default run of bSSFP dummy repetitions [s]. */
export const BSSFP_MAX_DUMMY_S = 3;

/**
 * Default bSSFP dummy repetitions: after the α/2 – TR/2 catalysation the on-resonance signal starts at
 * M0·sin(α/2) and relaxes to the steady state Mss = sinα(1−E1)/(1−(E1−E2)cosα−E1E2)
 * (reference/analytic_formulas.md §4) geometrically, by λ = E1·cos²(α/2) + E2·sin²(α/2) per TR (Scheffler,
 * MRM 2003;49:781). The count is the smallest n with |sin(α/2)/Mss − 1|·λⁿ ≤ `BSSFP_STEADY_STATE_TOLERANCE` for
 * `BSSFP_REFERENCE_TISSUE`, so the first acquired line is within 2 % of its steady state; tissues with longer
 * T1 and T2 (blood, fluid) are not: +26 % at TR 12 ms. At most `BSSFP_MAX_DUMMY_S` of repetitions.
 * TR 12 ms, 60°: 86 (1.0 s); TR 5 ms: 200 (1.0 s) at 60°, 422 (2.1 s) at 20°.
 */
export function bssfpDummyScans(tr: Seconds, alpha: Radians): number {
  const { t1, t2 } = BSSFP_REFERENCE_TISSUE;
  const [e1, e2] = [Math.exp(-tr / t1), Math.exp(-tr / t2)];
  const mss = (Math.sin(alpha) * (1 - e1)) / (1 - (e1 - e2) * Math.cos(alpha) - e1 * e2);
  const deviation = Math.abs(Math.sin(alpha / 2) / mss - 1);
  const lambda = e1 * Math.cos(alpha / 2) ** 2 + e2 * Math.sin(alpha / 2) ** 2;
  if (!(deviation > BSSFP_STEADY_STATE_TOLERANCE) || !(lambda > 0)) return 0;
  const n = Math.ceil(Math.log(BSSFP_STEADY_STATE_TOLERANCE / deviation) / Math.log(lambda));
  return Math.min(n, Math.floor(BSSFP_MAX_DUMMY_S / tr));
}

/**
 * bSSFP: `dummyScans` (default `bssfpDummyScans`) repetitions without ADC after the α/2 preparation, then one
 * line per TR.
 */
export function buildBssfp(ctx: BuildContext, options: BuildOptions = {}): SequenceTimeline {
  const p = ctx.protocol;
  const dummies = options.dummyScans ?? bssfpDummyScans(p.repetitionTime, p.flipAngle);
  const lines = [
    ...Array.from({ length: dummies }, () => NaN),
    ...Array.from({ length: p.matrixPhase }, (_, i) => i),
  ];
  const b = new TimelineBuilder(ctx.raster);
  bssfpTrain(ctx, b, 0, p.repetitionTime, lines);
  return b.build({ Name: `larmor-${p.family}` });
}
