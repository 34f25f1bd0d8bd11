/**
 * `simulate(anatomy, protocol, scanner, options)`: a whole multi-slice scan with the fast engine (session
 * backend cpusim). A function of values (STYLE.md §1): no I/O, no clock, and noise only from the seed it is given.
 * Slices are independent, so `simulateSlice` lets an edge (worker threads, a job queue) run them in parallel and
 * still get exactly the images of the serial `simulate`.
 */
import type { AnatomicalModel, Coil, LabelVolume } from '../anatomy/types.ts';
import { partialFourierLines, type PartialFourierMode } from '../recon/partialFourier.ts';
import type { Protocol, Scanner } from '../sequence/protocol.ts';
import type { TissueAtField, TissueKey } from '../tissue/types.ts';
import { acquisitionFrame, scanGeometry, type AcquisitionFrame, type ScanGeometry } from './geometry.ts';
import { validateMotion, type Motion } from './motion.ts';
import { seededRandom, unitComplexNoise, type NoiseLevel, type RandomSource } from './noise.ts';
import { FIELD_MAP_STEP, sliceFieldMap, susceptibilityFieldMap, type FieldMap3d } from './fieldMap.ts';
import { fineFieldLabels } from './fieldMapDetail.ts';
import { prepareSlice, type PreparedSlice } from './fast/prepare.ts';
import { foldPrepared, partitionContributions } from './slab.ts';
import { isThreeDimensional } from '../sequence/timing.ts';
import { assertPlayableProtocol } from '../sequence/validate.ts';
import { renderContrast, type ContrastOptions, type RenderedImage } from './fast/render.ts';
import { streamCoilSums } from './fast/coilSums.ts';
import { frameCoilMapSource, frameCoilMaps } from './coilMaps.ts';
import type { SliceCache } from './sliceCache.ts';

export { frameCoilMaps } from './coilMaps.ts';

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
   * reuse it): gradient-echo scans then show susceptibility phase and T2* dephasing (./fieldMap.ts), EPI scans
   * the displacement along phase (./epiDistortion.ts).
   */
  fieldMap?: FieldMap3d;
  /**
   * Also give every receive channel's k-space (`simulateSlice`'s coilKSpaces) when the coil has several: the
   * k-space view per coil. Off for a scan's own run (one FFT more per channel).
   */
  keepCoilKSpaces?: boolean;
  /**
   * Keeps what a slice computes from its geometry alone (per-tissue k-spaces, coil map sources) for the next
   * slices of the same geometry (./sliceCache.ts; a worker thread keeps one): the same images, less work.
   */
  sliceCache?: SliceCache;
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

/**
 * The susceptibility field map of a model at the scanner's field (tissue susceptibilities from `tissueAt`), with
 * the fine near field of its focal sources (./fieldMapDetail.ts: a haemorrhage).
 */
export function modelFieldMap(
  anatomy: AnatomicalModel,
  tissueAt: SimulateOptions['tissueAt'],
  b0: number,
): FieldMap3d {
  const susceptibility = anatomy.tissues.map((key, label) =>
    label === 0 ? undefined : tissueAt(key).susceptibilityPpm,
  );
  return susceptibilityFieldMap(
    anatomy.volume,
    susceptibility,
    b0,
    FIELD_MAP_STEP,
    fineFieldLabels(anatomy.tissues),
  );
}

/** The receive coil of the scanner in this model, if the model has it. */
function receiveCoil(anatomy: AnatomicalModel, scanner: Scanner): Coil | undefined {
  return anatomy.coils.find((c) => c.uniqueName === scanner.coil);
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
    : options.sliceCache
      ? options.sliceCache.prepared(anatomy, frame, () => prepareSlice(anatomy.volume, frame))
      : prepareSlice(anatomy.volume, frame);
  const coil = options.receive === 'single' ? undefined : receiveCoil(anatomy, scanner);
  const random = seededRandom(sliceSeed(options.seed, index));
  const receive = sliceReceive(anatomy, frame, protocol, coil, options, random);
  const image = renderContrast(prepared, protocol, scanner, {
    tissues,
    noiseLevel: options.noiseLevel,
    ...receive.options,
    ...(options.motion ? { motion: options.motion } : {}),
    ...(options.partialFourierMode ? { partialFourierMode: options.partialFourierMode } : {}),
    ...(options.fieldMap ? { fieldMap: sliceFieldMap(options.fieldMap, frame) } : {}),
    prescanNormalize: options.prescanNormalize !== false,
    keepKSpace: true,
    ...(options.keepCoilKSpaces === true ? { keepCoilKSpaces: true } : {}),
  });
  const { kspace, coilKSpaces, ...rest } = image;
  if (!kspace) throw new Error('renderContrast returned no k-space');
  return {
    image: rest,
    kspace,
    receiveChannels: receive.channels,
    ...(coilKSpaces ? { coilKSpaces } : {}),
  };
}

/**
 * A slice's receive channels and their unit noise (drawn from `random` in element order, when there is noise):
 * a coil array as its per-pixel sums (fast/coilSums.ts: one element's map and noise in memory at a time, the
 * same image) where the render needs no more, i.e. full Fourier without rotation and without every coil's
 * k-space; else every element's map and noise.
 */
function sliceReceive(
  anatomy: AnatomicalModel,
  frame: AcquisitionFrame,
  protocol: Protocol,
  coil: Coil | undefined,
  options: SimulateOptions,
  random: RandomSource,
): { channels: number; options: Pick<ContrastOptions, 'noise' | 'coilMaps' | 'coilSums'> } {
  const { sliceCache } = options;
  const source =
    sliceCache && coil
      ? sliceCache.coilSource(anatomy, coil.uniqueName, frame, () => frameCoilMapSource(coil, frame))
      : frameCoilMapSource(coil, frame);
  const noisy = options.noiseLevel > 0;
  const fullFourier =
    protocol.partialFourier >= 1 ||
    partialFourierLines(frame.phaseCount, protocol.partialFourier) === frame.phaseCount;
  if (source && fullFourier && options.motion?.kind !== 'rotation' && options.keepCoilKSpaces !== true) {
    const coilSums = streamCoilSums(source, frame, noisy ? random : undefined);
    return { channels: source.count, options: { coilSums } };
  }
  const coilMaps = frameCoilMaps(coil, frame);
  const channels = coilMaps?.length ?? 1;
  const samples = frame.readCount * frame.phaseCount;
  const noise = noisy ? Array.from({ length: channels }, () => unitComplexNoise(samples, random)) : undefined;
  return { channels, options: { ...(noise ? { noise } : {}), ...(coilMaps ? { coilMaps } : {}) } };
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
