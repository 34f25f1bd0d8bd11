/**
 * `simulate(anatomy, protocol, scanner, options)`: a whole multi-slice scan with the fast engine (session
 * backend cpusim). A function of values (STYLE.md §1): no I/O, no clock, and noise only from the seed it is given.
 * Slices are independent, so `simulateSlice` lets an edge (worker threads, a job queue) run them in parallel and
 * still get exactly the images of the serial `simulate`.
 */
import { coilSensitivityMaps } from '../anatomy/coils.ts';
import type { AnatomicalModel, Coil, LabelVolume } from '../anatomy/types.ts';
import type { PartialFourierMode } from '../recon/partialFourier.ts';
import type { Protocol, Scanner } from '../sequence/protocol.ts';
import type { TissueAtField, TissueKey } from '../tissue/types.ts';
import type { Vec3 } from '../units.ts';
import { acquisitionFrame, scanGeometry, type AcquisitionFrame, type ScanGeometry } from './geometry.ts';
import { validateMotion, type Motion } from './motion.ts';
import { seededRandom, unitComplexNoise, type NoiseLevel } from './noise.ts';
import { sliceFieldMap, susceptibilityFieldMap, type FieldMap3d } from './fieldMap.ts';
import { prepareSlice, type PreparedSlice } from './fast/prepare.ts';
import { foldPrepared, partitionContributions } from './slab.ts';
import { isThreeDimensional } from '../sequence/timing.ts';
import { assertPlayableProtocol } from '../sequence/validate.ts';
import { renderContrast, type RenderedImage } from './fast/render.ts';

export interface SimulateOptions {
  /**
   * Tissue properties at the scanner's field for a tissue key of the model, with the lab's overrides applied
   * (e.g. `(key) => tissueAtField(key, scanner.b0, overrides[key])` from tissue/library.ts).
   */
  tissueAt: (key: TissueKey) => TissueAtField;
  noiseLevel: NoiseLevel;
  /** Seed of the scan's noise (stored with the scan, so the same snapshot gives the same images). */
  seed: number;
  motion?: Motion;
  /**
   * 'array': every element of the scanner's coil receives through its sensitivity map, combined by sum of
   * squares; 'single': one uniform receive channel. Default 'array' when the coil has several elements.
   */
  receive?: 'array' | 'single';
  /**
   * Prescan normalisation of an array image (./prescan.ts): divides out the elements' summed sensitivity so the
   * centre of a head is as bright as its edge. Default true; false shows the raw sum-of-squares shading.
   */
  prescanNormalize?: boolean;
  partialFourierMode?: PartialFourierMode;
  /**
   * The model's susceptibility field map at this B0 (`modelFieldMap`; compute it once per model and field and
   * reuse it): gradient-echo scans then show susceptibility phase and T2* dephasing (./fieldMap.ts).
   */
  fieldMap?: FieldMap3d;
  /**
   * Also give every receive channel's k-space (`simulateSlice`'s coilKSpaces) when the coil has several: the
   * k-space view per coil. Off for a scan's own run (one FFT more per channel).
   */
  keepCoilKSpaces?: boolean;
}

/** The result of a scan: one image and one k-space per slice, and where they lie in the patient. */
export interface ScanResult {
  geometry: ScanGeometry;
  images: RenderedImage[];
  /** Acquired k-space of the first receive channel per slice, centred, [phase][read]. */
  kspace: { re: Float32Array; im: Float32Array }[];
}

/** Tissue properties per model label (index = label; 0, air, stays undefined). */
export function tissuesByLabel(
  anatomy: AnatomicalModel,
  options: SimulateOptions,
): (TissueAtField | undefined)[] {
  return anatomy.tissues.map((key, label) => (label === 0 ? undefined : options.tissueAt(key)));
}

/** The susceptibility field map of a model at the scanner's field (tissue susceptibilities from `tissueAt`). */
export function modelFieldMap(
  anatomy: AnatomicalModel,
  tissueAt: SimulateOptions['tissueAt'],
  b0: number,
): FieldMap3d {
  const susceptibility = anatomy.tissues.map((key, label) =>
    label === 0 ? undefined : tissueAt(key).susceptibilityPpm,
  );
  return susceptibilityFieldMap(anatomy.volume, susceptibility, b0);
}

/** The receive coil of the scanner in this model, if the model has it. */
function receiveCoil(anatomy: AnatomicalModel, scanner: Scanner): Coil | undefined {
  return anatomy.coils.find((c) => c.uniqueName === scanner.coil);
}

/** Coil sensitivities vary slowly: they are evaluated every COIL_MAP_STEP pixels and interpolated bilinearly. */
const COIL_MAP_STEP = 4;

/**
 * Sensitivity maps of the coil's elements on the acquisition grid of a frame ([phase][read]; anatomy/coils.ts,
 * evaluated on a grid COIL_MAP_STEP times coarser whose point i sits on fine pixel COIL_MAP_STEP·i), or
 * undefined for a single channel.
 */
export function frameCoilMaps(coil: Coil | undefined, frame: AcquisitionFrame): Float32Array[] | undefined {
  if (!coil || coil.elements.length < 2) return undefined;
  const nu = frame.readCount;
  const nv = frame.phaseCount;
  const step = COIL_MAP_STEP;
  // Coarse sizes: even, and with a point at or beyond the last fine pixel.
  const cu = 2 * Math.ceil((Math.ceil((nu - 1) / step) + 2) / 2);
  const cv = 2 * Math.ceil((Math.ceil((nv - 1) / step) + 2) / 2);
  // Coarse point i lies at (i − cu/2)·step·Δu from the centre; fine pixel f at (f − nu/2)·Δu. Shift the coarse
  // grid's centre so that point i sits on fine pixel step·i.
  const du = frame.fovRead / nu;
  const dv = frame.fovPhase / nv;
  const offsetU = (cu / 2) * step * du - (nu / 2) * du;
  const offsetV = (cv / 2) * step * dv - (nv / 2) * dv;
  const center = [0, 1, 2].map(
    (a) =>
      (frame.plane.center[a] as number) +
      offsetU * (frame.readDirection[a] as number) +
      offsetV * (frame.phaseDirection[a] as number),
  ) as unknown as Vec3;
  const coarse = coilSensitivityMaps(
    coil,
    { center, row: frame.readDirection, column: frame.phaseDirection, normal: frame.plane.normal },
    { nx: cu, ny: cv, pixelSpacing: [step * du, step * dv], sliceThickness: frame.plane.sliceThickness },
  );
  const grid = { cu, cv, nu, nv, step, ...bilinearColumns(nu, step) };
  return coarse.map((map) => interpolateMap(map, grid));
}

/** Bilinear weights per fine column: left coarse column and the weight of the right one (shared by all maps). */
function bilinearColumns(nu: number, step: number): { col0: Int32Array; colW: Float64Array } {
  const col0 = new Int32Array(nu);
  const colW = new Float64Array(nu);
  for (let u = 0; u < nu; u++) {
    col0[u] = Math.floor(u / step);
    colW[u] = u / step - (col0[u] as number);
  }
  return { col0, colW };
}

/**
 * One coarse map (cu × cv) bilinearly onto the fine grid (nu × nv, fine pixel step·i on coarse point i). Each
 * coarse row is interpolated along read once; fine rows between two coarse rows blend those two.
 */
function interpolateMap(
  map: Float32Array,
  grid: {
    cu: number;
    cv: number;
    nu: number;
    nv: number;
    step: number;
    col0: Int32Array;
    colW: Float64Array;
  },
): Float32Array {
  const { cu, cv, nu, nv, step, col0, colW } = grid;
  const fine = new Float32Array(nu * nv);
  /** Coarse row `row` interpolated along read into `out`. */
  const readRow = (row: number, out: Float64Array): void => {
    const start = row * cu;
    for (let u = 0; u < nu; u++) {
      const i0 = col0[u] as number;
      const i1 = Math.min(cu - 1, i0 + 1);
      const wu = colW[u] as number;
      out[u] = (1 - wu) * (map[start + i0] as number) + wu * (map[start + i1] as number);
    }
  };
  let top = new Float64Array(nu);
  let bottom = new Float64Array(nu);
  let topRow = -1;
  let bottomRow = -1;
  let rowPair = -1;
  for (let v = 0; v < nv; v++) {
    const j = Math.floor(v / step);
    const wv = v / step - j;
    if (j !== rowPair) {
      rowPair = j;
      const row1 = Math.min(cv - 1, j + 1);
      // The last pair's lower row is this pair's upper one: swap instead of recomputing.
      if (bottomRow === j) [top, bottom] = [bottom, top];
      else if (topRow !== j) readRow(j, top);
      topRow = j;
      if (row1 === j) bottom.set(top);
      else readRow(row1, bottom);
      bottomRow = row1;
    }
    const base = v * nu;
    for (let u = 0; u < nu; u++) fine[base + u] = (1 - wv) * (top[u] as number) + wv * (bottom[u] as number);
  }
  return fine;
}

/** Seed of one slice's noise, derived from the scan seed (Knuth's multiplicative hash keeps slices apart). */
export const sliceSeed = (seed: number, slice: number): number =>
  (seed + Math.imul(slice + 1, 2654435761)) >>> 0;

/**
 * The per-tissue k-spaces of partition `index` of a 3D slab: the partition and every excited position beyond the
 * slab that aliases onto it along kz, weighted by the slab profile (./slab.ts).
 */
function preparePartition(
  volume: LabelVolume,
  protocol: Protocol,
  planes: readonly ScanGeometry['slices'][number][],
  index: number,
): PreparedSlice {
  const parts = partitionContributions(planes, index).map(({ plane, weight }) => ({
    prepared: prepareSlice(volume, acquisitionFrame(protocol, plane)),
    weight,
  }));
  return foldPrepared(parts);
}

/** One simulated slice: its image, its first channel's k-space, and how many channels received it. */
export interface SliceSimulation {
  image: RenderedImage;
  /** Acquired k-space of the first receive channel, centred, [phase][read]. */
  kspace: { re: Float32Array; im: Float32Array };
  /** Receive channels that formed the image (1 for a single channel). */
  receiveChannels: number;
  /** Every channel's k-space, in the coil's element order, when asked for and there are several. */
  coilKSpaces?: { re: Float32Array; im: Float32Array }[];
}

/**
 * Simulates slice `index` of the scan (partition `index` of a 3D slab: same image size, its own noise seed; the
 * noise level follows the slab's √N_partitions, ./noise.ts). Throws an InvalidProtocolError
 * (sequence/validate.ts) when the protocol's timing cannot be played on this scanner (`assertPlayableProtocol`): such a protocol
 * is never computed.
 */
export function simulateSlice(
  anatomy: AnatomicalModel,
  protocol: Protocol,
  scanner: Scanner,
  options: SimulateOptions,
  index: number,
  tissues = tissuesByLabel(anatomy, options),
): SliceSimulation {
  assertPlayableProtocol(protocol, scanner);
  const planes = scanGeometry(protocol).slices;
  const plane = planes[index];
  if (!plane) throw new RangeError(`slice ${index} outside 0…${protocol.sliceCount - 1}`);
  if (options.motion) validateMotion(options.motion);
  const frame = acquisitionFrame(protocol, plane);
  const prepared = isThreeDimensional(protocol)
    ? preparePartition(anatomy.volume, protocol, planes, index)
    : prepareSlice(anatomy.volume, frame);
  const coil = receiveCoil(anatomy, scanner);
  const coilMaps = options.receive === 'single' ? undefined : frameCoilMaps(coil, frame);
  const channels = coilMaps?.length ?? 1;
  const samples = frame.readCount * frame.phaseCount;
  const random = seededRandom(sliceSeed(options.seed, index));
  const noise =
    options.noiseLevel > 0
      ? Array.from({ length: channels }, () => unitComplexNoise(samples, random))
      : undefined;
  const image = renderContrast(prepared, protocol, scanner, {
    tissues,
    noiseLevel: options.noiseLevel,
    ...(noise ? { noise } : {}),
    ...(options.motion ? { motion: options.motion } : {}),
    ...(coilMaps ? { coilMaps } : {}),
    ...(options.partialFourierMode ? { partialFourierMode: options.partialFourierMode } : {}),
    ...(options.fieldMap ? { fieldMap: sliceFieldMap(options.fieldMap, frame) } : {}),
    prescanNormalize: options.prescanNormalize !== false,
    keepKSpace: true,
    ...(options.keepCoilKSpaces === true ? { keepCoilKSpaces: true } : {}),
  });
  const { kspace, coilKSpaces, ...rest } = image;
  if (!kspace) throw new Error('renderContrast returned no k-space');
  return { image: rest, kspace, receiveChannels: channels, ...(coilKSpaces ? { coilKSpaces } : {}) };
}

/** Simulates every slice of the scan, in order. */
export function simulate(
  anatomy: AnatomicalModel,
  protocol: Protocol,
  scanner: Scanner,
  options: SimulateOptions,
): ScanResult {
  const tissues = tissuesByLabel(anatomy, options);
  const images: RenderedImage[] = [];
  const kspace: ScanResult['kspace'] = [];
  for (let i = 0; i < protocol.sliceCount; i++) {
    const slice = simulateSlice(anatomy, protocol, scanner, options, i, tissues);
    images.push(slice.image);
    kspace.push(slice.kspace);
  }
  return { geometry: scanGeometry(protocol), images, kspace };
}
