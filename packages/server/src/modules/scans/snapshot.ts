/**
 * The scan snapshot of a run (DESIGN.md §7): protocol and geometry of the pulse sequence, the module's model
 * and the condition the session's configuration names, the scanner, simulation settings, the module's and the
 * session's tissue overrides (SI), and a new noise seed. Stored with the scan, it reproduces its images byte for
 * byte.
 */
import crypto from 'node:crypto';
import { scanSnapshotSchema, type ScanSnapshotBody } from '@larmor/contracts';
import { motionOf, simulatorSettingsOf, type Protocol, type Scanner, msToS } from '@larmor/mri';
import type { ScanSnapshot } from '@larmor/mri/simulate';
import { T2_STAR_ISOCHROMATS } from '@larmor/mri/bloch';
import type { SessionContext } from '../sessions/context.ts';

/** A new noise seed: an unsigned 32-bit integer from the system's random source. */
export const newSeed = (): number => crypto.randomBytes(4).readUInt32LE(0);

/**
 * The contrast agent of the configuration (simulator.md §5) when the model has contrast and it is active: a
 * bolus-timed scan `contrast_scan_delay` [s] after the start of the injection (timing-bolus tool), else the
 * late phase `time_after_contrast` [min] after it. The timing-bolus model (223) has no patient-settings
 * contrast: its only injection is the tool's, given `contrast_scan_delay` [s] before the scan starts (a first
 * pass; none at 0), of the configuration's concentration and volume (the defaults: no preset or change reaches
 * them on this model).
 */
function contrastOf(context: SessionContext): ScanSnapshotBody['simulation']['contrast'] {
  const c = context.configuration;
  const delayS = Number(c.contrast_scan_delay ?? 0);
  if (context.model.timingBolus && !context.model.contrast) {
    if (!(delayS > 0)) return undefined;
    return {
      concentrationMmolPerMl: Number(c.contrast_concentration),
      volumeMl: Number(c.contrast_volume),
      secondsAfterInjection: delayS,
      firstPass: true,
    };
  }
  if (!context.model.contrast || Number(c.activate_contrast) !== 1) return undefined;
  return {
    concentrationMmolPerMl: Number(c.contrast_concentration),
    volumeMl: Number(c.contrast_volume),
    secondsAfterInjection: delayS > 0 ? delayS : Number(c.time_after_contrast) * 60,
    firstPass: delayS > 0,
  };
}

/**
 * The tissue overrides of the module, then of the session, in SI units (ms → s). A session's T1 and T2 replace
 * the module's; the module's proton density stays, its T2* goes with its T2 (the engine then keeps R2′).
 */
export function tissueOverridesOf(
  context: Pick<SessionContext, 'tissueOverrides'>,
  sessionTissues: readonly SessionTissue[],
) {
  const out: Record<string, { t1: number; t2: number; pd?: number; t2star?: number }> = {};
  for (const o of context.tissueOverrides) {
    out[o.tissue] = {
      t1: msToS(o.t1Ms),
      t2: msToS(o.t2Ms),
      ...(o.pd === undefined ? {} : { pd: o.pd }),
      ...(o.t2StarMs === undefined ? {} : { t2star: msToS(o.t2StarMs) }),
    };
  }
  for (const o of sessionTissues) {
    const pd = out[o.tissue]?.pd;
    out[o.tissue] = { t1: msToS(o.t1_ms), t2: msToS(o.t2_ms), ...(pd === undefined ? {} : { pd }) };
  }
  return out;
}

export interface SessionTissue {
  tissue: string;
  t1_ms: number;
  t2_ms: number;
}

/**
 * Isochromats per pixel of a scan: with the T2* setting on the Bloch engine (censol), T2_STAR_ISOCHROMATS, whose
 * intravoxel dephasing follows exp(−t/T2′) within 2 % (docs/physics.md); otherwise none asked (one per pixel).
 */
export function isochromatsOf(
  backend: SessionContext['session']['backend'],
  configuration: Pick<SessionContext['configuration'], 't2Star'>,
): { isochromats?: number } {
  return backend === 'censol' && Number(configuration.t2Star) === 1
    ? { isochromats: T2_STAR_ISOCHROMATS }
    : {};
}

/**
 * Spin chunks per slice of a Bloch (censol) scan run by `threads` workers at once: the threads left idle by the
 * slices (⌊threads / slices⌋, at least 1), so a one-slice scan spreads its spins over every thread. Absent (one
 * chunk) for the fast engine, for a single thread, or where the worker count is unknown (Redis: 0). The chunks'
 * signals sum to the slice's signal (simulate/snapshotBloch.ts), so the images do not depend on the count beyond
 * rounding.
 */
export function blochChunksOf(
  backend: SessionContext['session']['backend'],
  sliceCount: number,
  threads: number,
): { chunksPerSlice?: number } {
  const chunks = Math.min(MAX_CHUNKS_PER_SLICE, Math.floor(threads / Math.max(1, sliceCount)));
  return backend === 'censol' && chunks > 1 ? { chunksPerSlice: chunks } : {};
}

/** The most spin chunks per slice (each chunk's worker builds the slice's phantom, so more cost CPU). */
const MAX_CHUNKS_PER_SLICE = 16;

/**
 * The snapshot of running `protocol` in this session now, with a new seed (checked against its schema);
 * `threads`: the workers that run its parts at once (Bloch spin chunks, `blochChunksOf`; default 1).
 */
export function buildSnapshot(
  context: SessionContext,
  protocol: Protocol,
  scanner: Scanner,
  sessionTissues: readonly SessionTissue[],
  seed = newSeed(),
  threads = 1,
): ScanSnapshot {
  const c = context.configuration;
  const features = new Set(context.model.features);
  const settings = simulatorSettingsOf(c);
  const motion = motionOf(settings.motion, protocol);
  const contrast = contrastOf(context);
  const body: ScanSnapshotBody = {
    engine: context.session.backend,
    model: {
      id: context.model.engineModelId,
      ...(features.has('Brain Condition') ? { brainCondition: c.brainStateMode as 'healthy' } : {}),
      ...(features.has('Heart Condition') ? { heartCondition: c.heartCondition as 'healthy' } : {}),
      ...(features.has('Default cardiac phase') ? { cardiacPhase: settings.patient.cardiacPhase } : {}),
      ...(features.has('Breathing mode') ? { breathingMode: c.breathingMode as 'free_breathing' } : {}),
    },
    protocol,
    scanner,
    simulation: {
      noiseLevel: settings.noiseLevel,
      ...(motion ? { motion } : {}),
      ...(context.session.backend === 'censol' && settings.susceptibility ? { susceptibility: true } : {}),
      ...isochromatsOf(context.session.backend, c),
      ...blochChunksOf(context.session.backend, protocol.sliceCount, threads),
      ...(contrast ? { contrast } : {}),
    },
    tissueOverrides: tissueOverridesOf(context, sessionTissues),
    seed,
  };
  return scanSnapshotSchema.parse(body) as ScanSnapshot;
}
