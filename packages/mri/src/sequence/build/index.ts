import type { Protocol, Scanner } from '../protocol.ts';
import type { SequenceTimeline } from '../timeline.ts';
import { buildContext, type BuildContext, type BuildOptions } from './context.ts';
import { withFovOffset } from './fovOffset.ts';
import { buildEpi } from './epi.ts';
import { buildBssfp, buildMolli, buildMprage, buildSpoiledGre } from './gradientEcho.ts';
import { buildSpinEcho } from './spinEcho.ts';

export type { BuildOptions } from './context.ts';

/**
 * The event timeline of one slice of a protocol, for the Bloch engine and the Pulseq writer. Throws a
 * RangeError naming TE, TR or TI when the protocol's timing cannot be met within the scanner's gradient and
 * slew limits. The slice offset is encoded in the RF frequency offsets, the in-plane offset of the FOV centre
 * (`geometry.center` along the read and phase channels) in the ADC frequency and phase offsets (`withFovOffset`).
 */
export function buildTimeline(
  protocol: Protocol,
  scanner: Scanner,
  options: BuildOptions = {},
): SequenceTimeline {
  const ctx = buildContext(protocol, scanner, options);
  const c = protocol.geometry.center;
  const channel = { gx: 0, gy: 1, gz: 2 } as const;
  const center = { gx: 0, gy: 0, gz: 0 };
  for (const role of ['read', 'phase'] as const) center[ctx.axes[role]] = c[channel[ctx.axes[role]]] ?? 0;
  return withFovOffset(familyTimeline(ctx, options), center);
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
      return buildMprage(ctx);
    case 'MOLLI':
      return buildMolli(ctx);
    case 'GRE-EPI':
    case 'SE-EPI':
    case 'DWI':
      return buildEpi(ctx);
  }
}
