/**
 * `simulate(anatomy, protocol, scanner, options)`: a whole multi-slice scan with the fast engine (session
 * backend cpusim). A function of values (STYLE.md §1): no I/O, no clock, and noise only from the seed it is given.
 * Slices are independent, so `simulateSlice` lets an edge (worker threads, a job queue) run them in parallel and
 * still get exactly the images of the serial `simulate`.
 */
import { coilSensitivityMaps } from '../anatomy/coils.ts';
import type { AnatomicalModel, Coil } from '../anatomy/types.ts';
import type { PartialFourierMode } from '../recon/partialFourier.ts';
import type { Protocol, Scanner } from '../sequence/protocol.ts';
import type { TissueAtField, TissueKey } from '../tissue/types.ts';
import { acquisitionFrame, scanGeometry, type AcquisitionFrame, type ScanGeometry } from './geometry.ts';
import { validateMotion, type Motion } from './motion.ts';
import { seededRandom, unitComplexNoise, type NoiseLevel } from './noise.ts';
import { sliceFieldMap, susceptibilityFieldMap, type FieldMap3d } from './fieldMap.ts';
import { prepareSlice } from './fast/prepare.ts';
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
  partialFourierMode?: PartialFourierMode;
  /**
   * The model's susceptibility field map at this B0 (`modelFieldMap`; compute it once per model and field and
   * reuse it): gradient-echo scans then show susceptibility phase and T2* dephasing (./fieldMap.ts).
   */
  fieldMap?: FieldMap3d;
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

/** Sensitivity maps of the coil's elements on the acquisition grid of a frame, or undefined for one channel. */
export function frameCoilMaps(coil: Coil | undefined, frame: AcquisitionFrame): Float32Array[] | undefined {
  if (!coil || coil.elements.length < 2) return undefined;
  return coilSensitivityMaps(
    coil,
    {
      center: frame.plane.center,
      row: frame.readDirection,
      column: frame.phaseDirection,
      normal: frame.plane.normal,
    },
    {
      nx: frame.readCount,
      ny: frame.phaseCount,
      pixelSpacing: [frame.fovRead / frame.readCount, frame.fovPhase / frame.phaseCount],
      sliceThickness: frame.plane.sliceThickness,
    },
  );
}

/** Seed of one slice's noise, derived from the scan seed (Knuth's multiplicative hash keeps slices apart). */
export const sliceSeed = (seed: number, slice: number): number =>
  (seed + Math.imul(slice + 1, 2654435761)) >>> 0;

/** Simulates slice `index` of the scan. */
export function simulateSlice(
  anatomy: AnatomicalModel,
  protocol: Protocol,
  scanner: Scanner,
  options: SimulateOptions,
  index: number,
  tissues = tissuesByLabel(anatomy, options),
): { image: RenderedImage; kspace: { re: Float32Array; im: Float32Array } } {
  const plane = scanGeometry(protocol).slices[index];
  if (!plane) throw new RangeError(`slice ${index} outside 0…${protocol.sliceCount - 1}`);
  if (options.motion) validateMotion(options.motion);
  const frame = acquisitionFrame(protocol, plane);
  const prepared = prepareSlice(anatomy.volume, frame);
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
    keepKSpace: true,
  });
  const { kspace, ...rest } = image;
  if (!kspace) throw new Error('renderContrast returned no k-space');
  return { image: rest, kspace };
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
