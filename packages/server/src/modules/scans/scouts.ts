/**
 * Scout (localiser) images of a session (simulator.md §7 scout-images/{id}?regionId): @larmor/mri's localiser
 * protocol (`scoutProtocol`: GRE, 256², 300 mm) through the isocenter or the region's centre, run through the scan
 * queue like any scan (fast engine, no noise, one uniform receive channel, seed 0) and kept in the blob store
 * under a key derived from the snapshot, so each scout is computed once per model, condition and field. With it are
 * kept the tissue under each pixel (labelsOnPlane) and the model's tissue keys, for the tissue name on hover.
 */
import crypto from 'node:crypto';
import type { ScoutImageBody } from '@larmor/contracts';
import {
  firstPixelCenter,
  scanGeometry,
  scoutProtocol,
  snapshotModelOptions,
  type ScanSnapshot,
} from '@larmor/mri/simulate';
import { modelInfo, labelsOnPlane } from '@larmor/mri/anatomy';
import { scannerOf, type SliceOrientation } from '@larmor/mri';
import { seriesWindow } from '@larmor/mri/recon';
import { createModelStore, type ModelStore } from '../../anatomy/modelStore.ts';
import { BlobNotFoundError } from '../../blobs/index.ts';
import { invalidField } from '../../plugins/errors.ts';
import { isocentreOf, type SessionContext } from '../sessions/context.ts';
import type { SimulatorRuntime } from '../../plugins/simulator.ts';
import { buildSnapshot } from './snapshot.ts';

/** Field of view of a scout [m]. */
const SCOUT_FOV_M = 0.3;
/** Models kept built for the scouts' tissue labels (a model takes up to a second to build). */
const MODELS_KEPT = 2;
let models: ModelStore | undefined;
const modelStore = (): ModelStore => (models ??= createModelStore({ maxEntries: MODELS_KEPT }));

/** The blob's bytes, or those `make` computes (then stored under `key`). */
async function cached(
  runtime: SimulatorRuntime,
  key: string,
  make: () => Promise<Uint8Array>,
): Promise<Uint8Array> {
  try {
    return await runtime.blobs.get(key);
  } catch (error) {
    if (!(error instanceof BlobNotFoundError)) throw error;
    const bytes = await make();
    await runtime.blobs.put(key, bytes);
    return bytes;
  }
}

/**
 * The scout in plane `orientation` through the region `regionId` (absent: the session's isocentre: its selected
 * region, or its whole-body isocenter; simulator.md §4).
 */
export async function scoutImage(
  runtime: SimulatorRuntime,
  context: SessionContext,
  orientation: SliceOrientation,
  regionId: number | undefined,
): Promise<ScoutImageBody> {
  const regions = modelInfo(context.model.engineModelId)?.regions ?? [];
  const region = regionId === undefined ? undefined : regions.find((r) => r.id === regionId);
  if (regionId !== undefined && !region)
    throw invalidField('regionId', 'region', 'The model has no such region');
  const isocentre = isocentreOf(context);
  const center = region ? [...region.center] : isocentre.center;
  const protocol = scoutProtocol(orientation, center as [number, number, number], SCOUT_FOV_M);
  const base = buildSnapshot(
    { ...context, session: { ...context.session, backend: 'cpusim' } },
    protocol,
    scannerOf(context.configuration),
    [],
    0,
  );
  const snapshot: ScanSnapshot = {
    ...base,
    simulation: { noiseLevel: 0, receive: 'single' },
  };
  const hash = crypto.createHash('sha256').update(JSON.stringify(snapshot)).digest('hex').slice(0, 32);
  const pixelBytes = await cached(runtime, `scouts/${hash}.f32`, async () => {
    const job = await (await runtime.queue()).submit(snapshot);
    const magnitude = (await job.result).slices[0]?.magnitude ?? new Float32Array();
    return new Uint8Array(magnitude.buffer, magnitude.byteOffset, magnitude.byteLength);
  });
  const pixels = new Float32Array(pixelBytes.slice().buffer);
  const plane = scanGeometry(protocol).slices[0];
  if (!plane) throw new Error('a scout has one slice');
  const model = () => modelStore().get(snapshot.model.id, snapshotModelOptions(snapshot));
  const labels = await cached(runtime, `scouts/${hash}.labels.u8`, () =>
    Promise.resolve(labelsOnPlane(model().volume, plane)),
  );
  const tissueBytes = await cached(runtime, `scouts/${hash}.tissues.json`, () =>
    Promise.resolve(new TextEncoder().encode(JSON.stringify(model().tissues))),
  );
  const tissues = JSON.parse(new TextDecoder().decode(tissueBytes)) as string[];
  const window = seriesWindow([pixels]);
  return {
    id: orientation,
    orientation,
    regionId: region?.id ?? isocentre.regionId ?? null,
    rows: plane.rows,
    columns: plane.columns,
    pixelSpacing: [plane.rowSpacing, plane.columnSpacing],
    imagePositionPatient: [...firstPixelCenter(plane)] as [number, number, number],
    imageOrientationPatient: [
      ...plane.rowDirection,
      ...plane.columnDirection,
    ] as ScoutImageBody['imageOrientationPatient'],
    window: { center: window.center, width: window.width },
    pixelFormat: 'float32le',
    pixels: Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength).toString('base64'),
    tissues,
    labels: Buffer.from(labels.buffer, labels.byteOffset, labels.byteLength).toString('base64'),
  };
}
