/**
 * Automatic grading of a submission (issue 14): the module's objectives against the submitted scan results,
 * with @larmor/mri's pure grading engine (grading/). This edge supplies what the engine may not fetch itself:
 * each scan result's snapshot, its images from the blob store, and the anatomical model the snapshot names.
 */
import type { CheckResult, Objective as ObjectiveBody } from '@larmor/contracts';
import { gradeSubmission, type GradedSeries, type Objective } from '@larmor/mri/grade';
import { snapshotModelOptions, type ScanSnapshot } from '@larmor/mri/simulate';
import { createModelStore, type ModelStore } from '../../anatomy/modelStore.ts';
import type { BlobStore } from '../../blobs/index.ts';
import { ADC_UNIT_M2_PER_S } from '../../jobs/diffusionSeries.ts';
import type { ScanResultRow } from '../scan-results/repository.ts';
import { scanResultImageKey, scanResultSeriesImageKey } from '../scan-results/service.ts';
import type { ScanResultRecord } from '../scans/runner.ts';
import { adviceOf } from './advice.ts';

/** Models kept built between submissions (a model takes seconds to build). */
const MODELS_KEPT = 2;
let models: ModelStore | undefined;
const modelStore = (): ModelStore => (models ??= createModelStore({ maxEntries: MODELS_KEPT }));

/** The contract's objective is the engine's (the same shape; a type test keeps them together). */
const toEngine = (objective: ObjectiveBody): Objective => objective;

/**
 * The diffusion series a DWI scan result is graded on (issue 23.7): its highest b-value's trace, what a
 * diffusion-weighted image is read from; none (the scan itself) for other scans or a single b-value.
 */
export function gradedDiffusionSeries(record: ScanResultRecord): string | undefined {
  let best: { name: string; bValue: number } | undefined;
  for (const s of record.diffusion ?? [])
    if (s.bValue !== null && s.bValue > 0 && (!best || s.bValue > best.bValue))
      best = { name: s.name, bValue: s.bValue };
  return best?.name;
}

/** The name of a DWI scan result's ADC map series (scans/diffusion.ts), if it has one. */
function adcSeriesName(record: ScanResultRecord): string | undefined {
  return record.diffusion?.find((s) => s.bValue === null && s.name === 'adc')?.name;
}

/** A scan result's images for the grader; its ADC map only when an objective reads it (`withAdc`). */
async function seriesOf(blobs: BlobStore, row: ScanResultRow, withAdc: boolean): Promise<GradedSeries> {
  const snapshot = JSON.parse(row.snapshot) as ScanSnapshot;
  const record = JSON.parse(row.result) as ScanResultRecord;
  const weighted = gradedDiffusionSeries(record);
  const slices = async (key: (slice: number) => string, scale = 1) => {
    const images = [];
    for (let slice = 0; slice < record.slices.length; slice++) {
      const bytes = await blobs.get(key(slice));
      const magnitude = new Float32Array(bytes.slice().buffer);
      if (scale !== 1) for (let p = 0; p < magnitude.length; p++) magnitude[p] = (magnitude[p] ?? 0) * scale;
      images.push({ rows: record.rows, columns: record.columns, magnitude });
    }
    return images;
  };
  const images = await slices((slice) =>
    weighted === undefined
      ? scanResultImageKey(row.id, slice)
      : scanResultSeriesImageKey(row.id, weighted, slice),
  );
  // The ADC map is stored in 10⁻⁶ mm²/s (ADC_UNIT_M2_PER_S); the grading engine reads m²/s.
  const adcName = withAdc ? adcSeriesName(record) : undefined;
  const adc =
    adcName === undefined
      ? undefined
      : await slices((slice) => scanResultSeriesImageKey(row.id, adcName, slice), ADC_UNIT_M2_PER_S);
  const model = modelStore().get(snapshot.model.id, snapshotModelOptions(snapshot));
  return { snapshot, model, images, adc };
}

/** Every objective checked against the scan results; each objective's best outcome, in the module's order. */
export async function gradeScanResults(
  blobs: BlobStore,
  objectives: readonly ObjectiveBody[],
  rows: readonly ScanResultRow[],
  answers: Readonly<Record<string, string>>,
): Promise<CheckResult[]> {
  const series: GradedSeries[] = [];
  const withAdc = objectives.some((o) => o.kind === 'adcRange');
  for (const row of rows) series.push(await seriesOf(blobs, row, withAdc));
  return gradeSubmission(objectives.map(toEngine), series, answers).map((r, index) => ({
    objectiveId: r.objectiveId,
    kind: r.kind,
    passed: r.passed,
    measured: r.measured,
    target: r.target,
    value: r.value !== null && Number.isFinite(r.value) ? r.value : null,
    points: r.points,
    maxPoints: r.maxPoints,
    hint: r.hint,
    mustPass: objectives[index]?.mustPass === true,
    scanResultId: r.seriesIndex === null ? null : (rows[r.seriesIndex]?.id ?? null),
    ...adviceOf(
      objectives[index] as ObjectiveBody,
      r,
      r.seriesIndex === null ? undefined : series[r.seriesIndex]?.snapshot.protocol.family,
    ),
  }));
}
