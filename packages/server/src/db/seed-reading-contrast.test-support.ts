/**
 * The prepared series of the reading module "Reading: which sequence shows the lesions?" (seed-reading.ts) as
 * its session runs them (sequences/prepared.ts → scans/service.ts): each starting protocol through
 * `startingProtocolOf` on the session's configuration with the module's presets, its snapshot by `buildSnapshot`
 * on the fast engine, and the images' mean signal over the model's labels on each slice's own pixel grid
 * (grading/labels.ts): the lesion's pixels, white matter's and CSF's.
 */
import { scannerOf, type AnatomicalModel, type Protocol } from '@larmor/mri';
import { fractionOf, labelsOf, PURE_PIXEL_FRACTION, sliceLabels } from '@larmor/mri/grade';
import {
  simulateSnapshot,
  snapshotModelOptions,
  type ScanSnapshot,
  type SnapshotResult,
} from '@larmor/mri/simulate';
import type { LabPresets, StartingProtocol } from '@larmor/contracts';
import { createModelStore } from '../anatomy/modelStore.ts';
import { anatomicalModelOf } from '../modules/content/labs/model-catalogue.ts';
import { buildSnapshot } from '../modules/scans/snapshot.ts';
import { startingProtocolOf } from '../modules/sequences/service.ts';
import { defaultConfiguration, presetValues } from '../modules/sessions/configuration.ts';
import type { SessionContext } from '../modules/sessions/context.ts';
import type { SeedModule } from './seed-content-kit.ts';

/** A lesion pixel: at least this fraction of its slab is lesion (a slab often cuts a plaque only in part). */
export const LESION_PIXEL_FRACTION = 0.5;

export interface SeriesContrast {
  sequenceType: number;
  /** Mean magnitude of lesion pixels, pure white matter and pure CSF over the whole stack (arbitrary units). */
  lesion: number;
  whiteMatter: number;
  csf: number;
  /** Lesion pixels on each slice of the stack. */
  lesionPixels: number[];
  /** Lesion area on each slice [mm²]: its pixels times a pixel's area. */
  lesionAreaMm2: number[];
  /** The protocol the session runs (a refused starting protocol falls back to the type's defaults). */
  protocol: Protocol;
  result: SnapshotResult;
}

/** A pixel's area [mm²]: (FOV_read / N_read) · (FOV_phase / N_phase), FOVs in metres. */
const pixelAreaMm2 = (p: Protocol): number =>
  (p.fovRead / p.matrixRead) * 1000 * (p.fovPhase / p.matrixPhase) * 1000;

/** The session context of a new session of `lab` (defaults, then the module's presets), fast engine. */
function contextOf(lab: SeedModule['lab']): SessionContext {
  const model = anatomicalModelOf(lab.anatomicalModelId);
  if (!model) throw new Error(`no model ${lab.anatomicalModelId}`);
  return {
    model,
    configuration: { ...defaultConfiguration(model), ...presetValues(lab.presets as LabPresets) },
    session: { backend: 'cpusim' },
    tissueOverrides: [],
    startingProtocols: lab.startingProtocols as StartingProtocol[],
    freePlan: false,
  } as unknown as SessionContext;
}

function meanOver(result: SnapshotResult, model: AnatomicalModel, key: string, min: number) {
  const labels = labelsOf(model, key);
  let sum = 0;
  let n = 0;
  const perSlice: number[] = [];
  result.slices.forEach((slice, i) => {
    const plane = result.geometry.slices[i];
    if (!plane) return;
    const f = fractionOf(sliceLabels(model, plane), labels);
    let here = 0;
    for (let p = 0; p < f.length; p++) {
      if ((f[p] ?? 0) < min) continue;
      sum += slice.magnitude[p] ?? 0;
      n++;
      here++;
    }
    perSlice.push(here);
  });
  return { mean: n > 0 ? sum / n : 0, perSlice };
}

/**
 * Runs each prepared series of `lab` as its session would, `resize` over each starting protocol (a smaller
 * matrix in a test: the contrast does not depend on it), noise as the session's default, and measures it.
 */
export function preparedSeriesContrast(
  lab: SeedModule['lab'],
  resize: Partial<StartingProtocol['parameters']> = {},
): SeriesContrast[] {
  const resized = {
    ...lab,
    startingProtocols: (lab.startingProtocols as StartingProtocol[]).map((s) => ({
      ...s,
      parameters: { ...s.parameters, ...resize },
    })),
  };
  const context = contextOf(resized);
  const scanner = scannerOf(context.configuration);
  const store = createModelStore({ maxEntries: 1 });
  return context.startingProtocols.map((starting) => {
    const protocol = startingProtocolOf(context, starting.sequenceType, scanner);
    const snapshot: ScanSnapshot = buildSnapshot(context, protocol, scanner, [], 1);
    const model = store.get(snapshot.model.id, snapshotModelOptions(snapshot));
    const result = simulateSnapshot(snapshot, model);
    const lesion = meanOver(result, model, 'msLesion', LESION_PIXEL_FRACTION);
    return {
      sequenceType: starting.sequenceType,
      lesion: lesion.mean,
      whiteMatter: meanOver(result, model, 'whiteMatter', PURE_PIXEL_FRACTION).mean,
      csf: meanOver(result, model, 'csf', PURE_PIXEL_FRACTION).mean,
      lesionPixels: lesion.perSlice,
      lesionAreaMm2: lesion.perSlice.map((n) => n * pixelAreaMm2(protocol)),
      protocol,
      result,
    };
  });
}
