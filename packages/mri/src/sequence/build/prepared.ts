/**
 * Magnetisation-prepared readouts, timed by the rules validation uses (timing.ts `readoutPulses`,
 * `centrePulseIndex`, `protocolTiming`; issue 23.4): MP-RAGE (inversion, then a train of spoiled gradient echoes)
 * and MOLLI (inversions, then single-shot bSSFP images).
 */
import { partialFourierLines } from '../../recon/partialFourier.ts';
import type { Seconds } from '../../units.ts';
import type { SequenceTimeline } from '../timeline.ts';
import { centrePulseIndex, protocolTiming, readoutPulses } from '../timing.ts';
import {
  area,
  gradients,
  selectivePulse,
  spoilerArea,
  timingError,
  type BuildContext,
  type BuildOptions,
} from './context.ts';
import { bssfpTrain, gradientEchoExcitation, pieces, spoiledRepetition } from './gradientEcho.ts';
import { ceilToRaster } from './raster.ts';
import { TimelineBuilder } from './timelineBuilder.ts';

/** R–R interval of the simulated heart [s] (60 beats per minute) for MOLLI. */
export const HEART_RR_S = 1;

/** Inversion slab with its spoiler; returns the inversion centre [s]. */
function invert(ctx: BuildContext, b: TimelineBuilder, start: Seconds): Seconds {
  const inv = selectivePulse(ctx, Math.PI, { use: 'inversion', thicknessScale: 2 });
  b.delay(start - b.time);
  const centre = b.time + inv.centre;
  b.add(inv.events);
  b.add(gradients(ctx.axes, { slice: area(ctx, spoilerArea(ctx)) }));
  return centre;
}

/**
 * Which phase-encoding line each excitation of each MP-RAGE shot reads (−1: none), for `lines` lines and
 * `pulses` excitations per shot of which excitation `centre` reads the k-space centre (line ⌊lines/2⌋):
 * interleaved linear segments, shot s reading at excitation k the line ⌊lines/2⌋ + (k − centre)·shots + s − ⌊shots/2⌋.
 * Adjacent lines are read by the same excitation of neighbouring shots, so the weighting along ky follows the
 * magnetisation's course through the train smoothly (no ghosts), and the centre is read TI after the
 * inversion, as the 3D sequence reads its kz centre. Shots: the fewest that cover every line
 * (⌈lines/pulses⌉, one more when the centred block falls short on one side).
 */
export function mprageShotLines(lines: number, pulses: number, centre: number): number[][] {
  if (!(Number.isInteger(lines) && lines > 0 && Number.isInteger(pulses) && pulses > 0))
    throw new RangeError(`MP-RAGE needs whole positive lines (${lines}) and pulses (${pulses})`);
  if (!(Number.isInteger(centre) && centre >= 0 && centre < pulses))
    throw new RangeError(`MP-RAGE centre excitation ${centre} outside 0…${pulses - 1}`);
  const middle = Math.floor(lines / 2);
  for (let shots = Math.ceil(lines / pulses); ; shots++) {
    const first = middle - centre * shots - Math.floor(shots / 2);
    if (first > 0 || first + pulses * shots - 1 < lines - 1) continue;
    return Array.from({ length: shots }, (_, s) =>
      Array.from({ length: pulses }, (_, k) => {
        const line = middle + (k - centre) * shots + s - Math.floor(shots / 2);
        return line >= 0 && line < lines ? line : -1;
      }),
    );
  }
}

/** Largest fraction of a shot's starting deviation from the steady state that the dummy shots may leave. */
export const MPRAGE_STEADY_STATE_TOLERANCE = 1e-2;
/** Most MP-RAGE dummy shots. */
export const MPRAGE_MAX_DUMMY_SHOTS = 3;

/**
 * Default MP-RAGE dummy shots: a shot maps Mz before its inversion affinely (prepared.ts `mprageSignal`) with
 * slope −cos^n(α)·e^(−TR/T1) for n excitations, so n dummy shots leave at most |cos α|^(n·shots) of the
 * deviation from full magnetisation; the fewest that bring |cos α|^(pulses·shots) to
 * `MPRAGE_STEADY_STATE_TOLERANCE`, at most `MPRAGE_MAX_DUMMY_SHOTS` (default 3D protocol, 128 excitations of
 * 12°: 2, leaving ≤ 0.4 %; T1 recovery over TR shrinks it further).
 */
export function mprageDummyShots(pulses: number, flipAngle: number): number {
  const perShot = Math.abs(Math.cos(flipAngle)) ** pulses;
  if (perShot <= MPRAGE_STEADY_STATE_TOLERANCE) return 1;
  if (perShot >= 1) return MPRAGE_MAX_DUMMY_SHOTS;
  return Math.min(
    MPRAGE_MAX_DUMMY_SHOTS,
    Math.ceil(Math.log(MPRAGE_STEADY_STATE_TOLERANCE) / Math.log(perShot) - 1e-9),
  );
}

/**
 * 2D MP-RAGE, segmented as validation times it (Mugler & Brookeman, MRM 1990;15:152): each shot is an inversion,
 * then `readoutPulses` spoiled gradient echoes (one per partition of the 3D protocol, or the ETL) every
 * echo spacing (the protocol's, else validation's shortest on this scanner) at the protocol's TE, the `centrePulseIndex`-th TI after the inversion; shots repeat every TR
 * (inversion to inversion) and read lines `mprageShotLines`; `dummyScans` shots first (default
 * `mprageDummyShots`), without ADC. Excitations that read no line play without phase encoding or ADC.
 */
export function buildMprage(ctx: BuildContext, options: BuildOptions = {}): SequenceTimeline {
  const p = ctx.protocol;
  const parts = pieces(ctx);
  const { exc } = parts;
  const pulses = readoutPulses(p);
  const centre = centrePulseIndex(p);
  const ti = p.inversionTime ?? 0;
  const echoes = [p.echoTime];
  const needed = spoiledRepetition(ctx, parts, undefined, 0, 0, 0, echoes, true);
  // The protocol's echo spacing, else (as validation) the shortest on this scanner.
  const spacing = p.echoSpacing ?? Math.max(protocolTiming(p, ctx.scanner).minEchoSpacing, needed);
  if (spacing < needed - 1e-9) throw timingError('echo spacing', needed);
  const shots = mprageShotLines(p.matrixPhase, pulses, centre);
  const dummies = options.dummyScans ?? mprageDummyShots(pulses, p.flipAngle);
  const b = new TimelineBuilder(ctx.raster);
  let n = 0;
  for (let shot = 0; shot < dummies + shots.length; shot++) {
    const shotStart = shot * p.repetitionTime;
    const tInv = invert(ctx, b, shotStart);
    const first = tInv + ti - centre * spacing - exc.centre;
    if (first < b.time - 1e-9) throw timingError('TI', b.time - first + ti);
    const lines = shot < dummies ? undefined : shots[shot - dummies];
    for (let k = 0; k < pulses; k++) {
      const line = lines?.[k] ?? -1;
      const start = ceilToRaster(first + k * spacing, ctx.raster.block);
      const pe = line >= 0 ? line : p.matrixPhase / 2;
      spoiledRepetition(ctx, parts, b, pe, n++, start, echoes, line >= 0);
    }
    if (b.time > shotStart + p.repetitionTime + 1e-9) throw timingError('TR', b.time - shotStart);
  }
  b.delay((dummies + shots.length) * p.repetitionTime - b.time);
  return b.build({ Name: 'larmor-MPRAGE' });
}

/**
 * MOLLI 5(3)3 (Messroghli et al., MRM 2004;52:141): an inversion, single-shot bSSFP images in 5 heartbeats,
 * 3 beats of recovery, a second inversion TI + 80 ms before the next image, 3 more images. Each image reads
 * lines [0, acquired) (partial Fourier, recon/partialFourier.ts) from the top down, so that acquired − 1 − N/2
 * lines precede the centre (timing.ts `centrePulseIndex` counts one more) and the centre line is read at the
 * image's trigger time. Only the first image, the one the session serves (the fast engine's `molliSignal` at
 * TI), carries an ADC; the others keep the scheme's magnetisation history (and a Pulseq file's timing) without
 * filling k-space twice.
 */
export function buildMolli(ctx: BuildContext): SequenceTimeline {
  const p = ctx.protocol;
  const ti = p.inversionTime ?? 0.1;
  const b = new TimelineBuilder(ctx.raster);
  const n = p.matrixPhase;
  const acquired = p.partialFourier < 1 ? partialFourierLines(n, p.partialFourier) : n;
  const order = Array.from({ length: acquired }, (_, i) => acquired - 1 - i);
  const beforeCentre = acquired - 1 - n / 2;
  const prepCentre = gradientEchoExcitation(ctx, p.flipAngle / 2).centre;
  let images = 0;
  const image = (centreTime: Seconds): void => {
    const first = centreTime - beforeCentre * p.repetitionTime;
    const prepStart = first - p.repetitionTime / 2 - prepCentre;
    if (prepStart < b.time - 1e-9) throw timingError('TI', b.time - prepStart + ti);
    bssfpTrain(ctx, b, prepStart, p.repetitionTime, images++ === 0 ? order : order.map(() => NaN));
  };
  const inv1 = invert(ctx, b, 0);
  for (let k = 0; k < 5; k++) image(inv1 + ti + k * HEART_RR_S);
  const inv2 = invert(
    ctx,
    b,
    Math.ceil((inv1 + 8 * HEART_RR_S - ti - 0.08) / ctx.raster.block) * ctx.raster.block,
  );
  for (let k = 0; k < 3; k++) image(inv2 + ti + 0.08 + k * HEART_RR_S);
  return b.build({ Name: 'larmor-MOLLI' });
}
