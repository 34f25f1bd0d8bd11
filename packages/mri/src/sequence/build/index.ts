import type { Protocol, Scanner } from '../protocol.ts';
import type { SequenceTimeline } from '../timeline.ts';
import { assertPlayableProtocol } from '../validate.ts';
import { buildContext, type BuildContext, type BuildOptions } from './context.ts';
import { withFovOffset } from './fovOffset.ts';
import { buildEpi } from './epi.ts';
import { buildBssfp, buildSpoiledGre } from './gradientEcho.ts';
import { buildMolli, buildMprage } from './prepared.ts';
import { buildSpinEcho } from './spinEcho.ts';

export type { BuildOptions } from './context.ts';

/**
 * The event timeline of one slice of a protocol, for the Bloch engine and the Pulseq writer. Throws an
 * InvalidProtocolError (sequence/validate.ts `assertPlayableProtocol`) when the protocol's timing cannot be
 * played on this scanner, and a RangeError
 * naming TE, TR or TI when the builder's raster timing cannot be met within the gradient and slew limits. The slice offset is encoded in the RF frequency offsets, the in-plane offset of the FOV centre
 * (`geometry.center` along the read and phase channels) in the ADC frequency and phase offsets (`withFovOffset`).
 */
export function buildTimeline(
  protocol: Protocol,
  scanner: Scanner,
  options: BuildOptions = {},
): SequenceTimeline {
  assertPlayableProtocol(protocol, scanner);
  const ctx = buildContext(protocol, scanner, options);
  // The in-plane part of the FOV centre, (c·r)·r + (c·p)·p, per channel (the slice offset is in the RF).
  const c = protocol.geometry.center;
  const { read, phase } = ctx.axes.directions;
  const along = (d: readonly number[]): number =>
    c[0] * (d[0] ?? 0) + c[1] * (d[1] ?? 0) + c[2] * (d[2] ?? 0);
  const [r, q] = [along(read), along(phase)];
  const inPlane = (i: number): number => r * (read[i] ?? 0) + q * (phase[i] ?? 0);
  return withFovOffset(familyTimeline(ctx, options), { gx: inPlane(0), gy: inPlane(1), gz: inPlane(2) });
}

function familyTimeline(ctx: BuildContext, options: BuildOptions): SequenceTimeline {
  const protocol = ctx.protocol;
  switch (protocol.family) {
    case 'SE':
    case 'TSE':
      return buildSpinEcho(ctx, false, options);
    case 'IR':
    case 'STIR':
    case 'FLAIR':
      return buildSpinEcho(ctx, true, options);
    case 'GRE':
    case 'Dixon':
    case 'SWI':
      return buildSpoiledGre(ctx, options);
    case 'bSSFP':
      return buildBssfp(ctx, options);
    case 'MPRAGE':
      return buildMprage(ctx, options);
    case 'MOLLI':
      return buildMolli(ctx);
    case 'GRE-EPI':
    case 'SE-EPI':
    case 'DWI':
      return buildEpi(ctx, options);
  }
}
