import type { Radians, Seconds } from '../../units.ts';
import type { SequenceTimeline } from '../timeline.ts';
import {
  area,
  gradients,
  phaseArea,
  readout,
  readoutEvents,
  selectivePulse,
  spoilerArea,
  timingError,
  type BuildContext,
  type BuildOptions,
} from './context.ts';
import { addFatSaturation, fatSaturation } from './fatSat.ts';
import { delayed, trapezoidDuration, trapezoidWithFlat, type Trapezoid } from './gradients.ts';
import { ceilToRaster } from './raster.ts';
import { TimelineBuilder } from './timelineBuilder.ts';
import { excitationDuration, readoutKind } from '../timing.ts';
import { partialFourierLines } from '../../recon/partialFourier.ts';

/**
 * Diffusion lobes of b [s/m²] around a refocusing pulse lasting `gap` [s] (Stejskal & Tanner, J Chem Phys
 * 1965;42:288): b = (2π·γ̄G·δ)²·(Δ − δ/3), G [Hz/m]; δ grows on the gradient raster until b is reached.
 */
export function diffusionLobe(ctx: BuildContext, bValue: number, gap: Seconds): Trapezoid | undefined {
  if (!(bValue > 0)) return undefined;
  const g = ctx.limits.maxGradient;
  for (let delta = ctx.raster.gradient; delta < 0.2; delta += ctx.raster.gradient) {
    const lobe = trapezoidWithFlat(g, delta, ctx.limits, ctx.raster.gradient);
    const d = lobe.flat + lobe.rise;
    const big = trapezoidDuration(lobe) + gap;
    if ((2 * Math.PI * g * d) ** 2 * (big - d / 3) >= bValue) return lobe;
  }
  throw new RangeError(`b = ${bValue} s/m² is out of reach of the gradient system`);
}

/**
 * Repetitions without ADC before a single-shot EPI acquisition, so its excitation finds the steady state that a
 * scan repeated every TR (the slices of a multi-slice run, the volumes of a time series) holds: after a pulse of
 * flip α the longitudinal magnetisation's distance from the steady state shrinks by E1·cos α per TR (E1 ≤ 1), so
 * n repetitions leave at most |cos α|^n of it; n is the smallest with |cos α|^n ≤ 10⁻³ (1 for 90°), at most 10.
 */
export function epiDummyScans(flipAngle: Radians): number {
  const c = Math.abs(Math.cos(flipAngle));
  if (c < 1e-3) return 1;
  return Math.min(10, Math.max(1, Math.ceil(Math.log(1e-3) / Math.log(c))));
}

/**
 * Single-shot EPI: GRE-EPI (excitation then the echo train), SE-EPI and DWI (90° – 180° with slice crushers,
 * Stejskal–Tanner lobes for DWI's largest b-value, train centred on TE). Readouts alternate polarity; a phase
 * blip of 1/FOV rides on each readout's ramp-down; the centre line (matrixPhase/2) is acquired at TE. Partial
 * Fourier reads lines [0, acquired) from the top down (blips of −1/FOV).
 * One excitation per TR, `nex` times, after `dummyScans` repetitions without ADC (default `epiDummyScans`: the
 * steady state of TR, which a first excitation from equilibrium would miss); fat saturation (fatSat.ts) before
 * every excitation when the protocol has it.
 */
export function buildEpi(ctx: BuildContext, options: BuildOptions = {}): SequenceTimeline {
  const p = ctx.protocol;
  const spinEcho = p.family !== 'GRE-EPI';
  const ny = p.matrixPhase;
  // The excitation validation's timing counts with (timing.ts `excitationDuration`: 1 ms for GRE-EPI).
  const exc = selectivePulse(ctx, spinEcho ? Math.PI / 2 : p.flipAngle, {
    duration: excitationDuration(readoutKind(p.family)),
  });
  const ref = selectivePulse(ctx, Math.PI, { phaseOffset: Math.PI / 2, use: 'refocusing' });
  const ro = [readout(ctx, 1), readout(ctx, -1)] as const;
  // Partial Fourier reads lines [0, acquired) from the top down, so only acquired − 1 − ny/2 lines precede the
  // centre and TE shortens (timing.ts counts the same lines; sequence/signal.ts times them the same way).
  const acquired = p.partialFourier < 1 ? partialFourierLines(ny, p.partialFourier) : ny;
  const downward = acquired < ny;
  const firstLine = downward ? acquired - 1 : 0;
  const linesBeforeCentre = Math.abs(ny / 2 - firstLine);
  const blipArea = 1 / p.fovPhase;
  const line = ro[0];
  const blip = area(ctx, (downward ? -1 : 1) * blipArea);
  // One line: the readout and the blip on its ramp-down, or the protocol's echo spacing where it is longer
  // (timing.ts and the fast engine, sequence/signal.ts, count with the same spacing).
  const lineLength = ceilToRaster(
    Math.max(
      trapezoidDuration(line.trap),
      line.trap.rise + line.trap.flat + trapezoidDuration(blip),
      p.echoSpacing ?? 0,
    ),
    ctx.raster.block,
  );
  const crush = 2 / p.sliceThickness;
  const bValue = p.family === 'DWI' ? (p.bValues ?? []).reduce((max, b) => Math.max(max, b), 0) : 0;
  const lobe = diffusionLobe(ctx, bValue, ref.centre + ref.tail);
  const prephase = Math.max(
    trapezoidDuration(area(ctx, line.prephaseArea)),
    trapezoidDuration(area(ctx, phaseArea(ctx, 0))),
  );
  const centreEcho = linesBeforeCentre * lineLength + line.echoOffset;
  const fatSat = fatSaturation(ctx, exc);
  const b = new TimelineBuilder(ctx.raster);
  const dummies = options.dummyScans ?? epiDummyScans(spinEcho ? Math.PI / 2 : p.flipAngle);
  const repetitions = dummies + Math.max(1, Math.round(p.nex));
  for (let r = 0; r < repetitions; r++) {
    const acquire = r >= dummies;
    b.delay(r * p.repetitionTime - b.time);
    addFatSaturation(b, fatSat, r);
    const t90 = b.time + exc.centre;
    b.add(exc.events);
    if (spinEcho) {
      b.add(gradients(ctx.axes, { slice: area(ctx, exc.rephaseArea + crush), read: lobe }));
      if (t90 + p.echoTime / 2 - ref.centre < b.time)
        throw timingError('TE', 2 * (b.time + ref.centre - t90));
      b.delay(t90 + p.echoTime / 2 - ref.centre - b.time);
      b.add(ref.events);
      b.add(gradients(ctx.axes, { slice: area(ctx, crush), read: lobe }));
    } else {
      b.add(gradients(ctx.axes, { slice: area(ctx, exc.rephaseArea) }));
    }
    const trainStart = t90 + p.echoTime - centreEcho - prephase;
    if (trainStart < b.time - 1e-12) throw timingError('TE', p.echoTime + b.time - trainStart);
    b.delay(trainStart - b.time);
    b.add(
      gradients(ctx.axes, {
        read: area(ctx, line.prephaseArea),
        phase: area(ctx, phaseArea(ctx, firstLine)),
      }),
      prephase,
    );
    for (let l = 0; l < acquired; l++) {
      const r0 = ro[l % 2] ?? line;
      const events = readoutEvents(ctx, r0);
      if (!acquire) delete events.adc;
      if (l < acquired - 1)
        Object.assign(events, gradients(ctx.axes, { phase: delayed(blip, r0.trap.rise + r0.trap.flat) }));
      b.add(events, lineLength);
    }
    b.add(gradients(ctx.axes, { slice: area(ctx, spoilerArea(ctx)) }));
    // 1 ns of slack: block durations summed in floating point (timing.ts counts the same blocks).
    if (b.time - r * p.repetitionTime > p.repetitionTime + 1e-9 && r + 1 < repetitions)
      throw timingError('TR', b.time - r * p.repetitionTime);
  }
  b.delay(repetitions * p.repetitionTime - b.time);
  return b.build({ Name: `larmor-${p.family}` });
}
