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
} from './context.ts';
import { addFatSaturation, fatSaturation } from './fatSat.ts';
import { partialFourierLines } from '../../recon/partialFourier.ts';
import { echoTrainLayout, trainCentreEcho } from '../echo-train.ts';
import { echoSpacingOf, spinEchoTrainSpacing } from '../timing.ts';
import { trapezoidDuration } from './gradients.ts';
import { ceilToRaster } from './raster.ts';
import { TimelineBuilder, type BlockEvents } from './timelineBuilder.ts';

/** Crusher area around each refocusing pulse [1/m]: two cycles across the slice (spoils its FID). */
const crusherArea = (ctx: BuildContext): number => 2 / ctx.protocol.sliceThickness;

/** Block events with the RF pulse's phase advanced by `phase` [rad]. */
function withRfPhase(events: BlockEvents, phase: Radians): BlockEvents {
  const rf = events.rf;
  return rf ? { ...events, rf: { ...rf, phaseOffset: rf.phaseOffset + phase } } : events;
}

/**
 * Spin-echo families (SE, TSE; IR, STIR and FLAIR when `inversion`): 90°ₓ – [180°ᵧ – echo]×ETL (CPMG), slice
 * crushers around every refocusing pulse, one phase-encoding line per echo laid out as the fast engine lays it
 * (echo-train.ts: k-space centre on the echo nearest TE, TE = ESP·(k + 1), never wrapping), partial Fourier
 * reading lines [0, acquired); inversion: a 180° slab twice the slice thickness, spoiled, TI before the 90°.
 * Each repetition is one excitation, RF-spoiled (quadratic phase on its pulses and receiver); `dummyScans`
 * (default 1) repetitions come first without ADC.
 */
export function buildSpinEcho(
  ctx: BuildContext,
  inversion: boolean,
  options: BuildOptions = {},
): SequenceTimeline {
  const p = ctx.protocol;
  const raster = ctx.raster.block;
  const etl = Math.max(1, Math.round(p.echoTrainLength));
  const ny = p.matrixPhase;
  const dummies = options.dummyScans ?? 1;

  const exc = selectivePulse(ctx, p.flipAngle);
  const ref = selectivePulse(ctx, Math.PI, { phaseOffset: Math.PI / 2, use: 'refocusing' });
  const inv = selectivePulse(ctx, Math.PI, { use: 'inversion', thicknessScale: 2 });
  const ro = readout(ctx);
  const crush = crusherArea(ctx);
  const maxPhase = Math.max(Math.abs(phaseArea(ctx, 0)), Math.abs(phaseArea(ctx, ny - 1)));
  // Blocks around the refocusing pulses (durations are those of the largest phase-encoding step).
  const before = gradients(ctx.axes, {
    slice: area(ctx, exc.rephaseArea + crush),
    read: area(ctx, -ro.prephaseArea),
  });
  const preDuration = Math.max(
    trapezoidDuration(area(ctx, exc.rephaseArea + crush)),
    trapezoidDuration(area(ctx, -ro.prephaseArea)),
  );
  const afterDuration = Math.max(trapezoidDuration(area(ctx, crush)), trapezoidDuration(area(ctx, maxPhase)));
  // Residual read area so that every interval between refocusing pulses has twice the first one's moment.
  const readResidual = 2 * -ro.prephaseArea - ro.area;
  const rewindDuration = Math.max(afterDuration, trapezoidDuration(area(ctx, readResidual)));
  const roDuration = trapezoidDuration(ro.trap);

  const half0 = exc.tail + ceilToRaster(preDuration, raster) + ref.centre;
  const half1 = ref.tail + ceilToRaster(afterDuration, raster) + ro.echoOffset;
  const half2 = roDuration - ro.echoOffset + ceilToRaster(rewindDuration, raster) + ref.centre;
  const minHalf = Math.max(half0, half1, half2);
  let esp: Seconds;
  let centreEcho: number;
  if (etl === 1) {
    if (p.echoTime / 2 < minHalf) throw timingError('TE', 2 * minHalf);
    esp = p.echoTime;
    centreEcho = 0;
  } else {
    // The spacing the fast engine weights its lines with (timing.ts echoSpacingOf: TE on an echo of the train,
    // on the reference scanner), unless this scanner needs a longer one; then its own, again with TE on an echo.
    const minEsp = 2 * ceilToRaster(minHalf, raster);
    const reference = echoSpacingOf(p);
    const played = reference >= minEsp ? reference : spinEchoTrainSpacing(p.echoTime, minEsp, etl);
    esp = 2 * ceilToRaster(played / 2 - 1e-12, raster);
    centreEcho = trainCentreEcho(p.echoTime, esp, etl);
  }
  const fatSat = fatSaturation(ctx, exc);
  const fatSatLength = fatSat?.duration ?? 0;
  // Which line each echo of each shot reads: the layout the fast engine weights its lines with (echo-train.ts),
  // so both engines put the same echo on the same line; -1 where an echo reads no line (its ADC is left out).
  // Without a train, one line per excitation from the most negative ky up (phase-order.ts).
  const acquired = p.partialFourier < 1 ? partialFourierLines(ny, p.partialFourier) : ny;
  const layout = etl > 1 ? echoTrainLayout(etl, centreEcho, ny, acquired) : undefined;
  const shots = layout ? layout.shots : acquired;
  const lineOf = new Int32Array(shots * etl).fill(-1);
  if (layout) {
    layout.echoOfLine.forEach((echo, line) => {
      const shot = layout.shotOfLine[line] ?? -1;
      if (echo >= 0 && shot >= 0) lineOf[shot * etl + echo] = line;
    });
  } else {
    lineOf.forEach((_, shot) => (lineOf[shot] = shot));
  }
  const invLead = inversion ? inv.centre : fatSatLength;
  const ti = p.inversionTime ?? 0;
  const minTi = inv.tail + trapezoidDuration(area(ctx, spoilerArea(ctx))) + fatSatLength + exc.centre;
  if (inversion && ti < minTi) throw timingError('TI', minTi);
  const shotLength =
    invLead + ti + esp * etl + (roDuration - ro.echoOffset) + trapezoidDuration(area(ctx, spoilerArea(ctx)));
  if (p.repetitionTime < shotLength) throw timingError('TR', shotLength);

  const b = new TimelineBuilder(ctx.raster);
  const startAt = (t: Seconds): void => b.delay(t - b.time);
  for (let shot = -dummies; shot < shots; shot++) {
    const shotStart = (shot + dummies) * p.repetitionTime;
    startAt(shotStart);
    if (inversion) {
      b.add(inv.events);
      b.add(gradients(ctx.axes, { slice: area(ctx, spoilerArea(ctx)) }));
      startAt(shotStart + inv.centre + ti - exc.centre - fatSatLength);
    }
    addFatSaturation(b, fatSat, shot + dummies);
    // RF spoiling (Zur et al., MRM 1991;21:251): the excitation, its refocusing pulses (CPMG, +90°) and the
    // receiver advance by the quadratic phase of repetition n, so echo pathways that span repetitions
    // (stimulated echoes of transverse magnetisation the spoilers leave, imperfect 180° edges of the slice
    // profile) add with varying phase and average out, while the spin echo of this repetition keeps its phase.
    const spoilPhase = rfSpoilPhase(shot + dummies);
    const t90 = b.time + exc.centre;
    b.add(withRfPhase(exc.events, spoilPhase));
    b.add(before);
    for (let echo = 0; echo < etl; echo++) {
      const t180 = t90 + esp / 2 + echo * esp;
      startAt(t180 - ref.centre);
      b.add(withRfPhase(ref.events, spoilPhase));
      const line = shot >= 0 ? (lineOf[shot * etl + echo] ?? -1) : -1;
      const pe = line >= 0 ? phaseArea(ctx, line) : 0;
      b.add(gradients(ctx.axes, { slice: area(ctx, crush), phase: area(ctx, pe) }), afterDuration);
      startAt(t180 + esp / 2 - ro.echoOffset);
      const events = readoutEvents(ctx, ro, spoilPhase);
      if (line < 0) delete events.adc;
      b.add(events);
      const last = echo === etl - 1;
      b.add(
        gradients(ctx.axes, {
          phase: area(ctx, -pe),
          slice: last ? area(ctx, spoilerArea(ctx)) : area(ctx, crush),
          read: last ? undefined : area(ctx, readResidual),
        }),
        rewindDuration,
      );
    }
  }
  startAt(dummies * p.repetitionTime + shots * p.repetitionTime);
  return b.build({ Name: `larmor-${p.family}` });
}
