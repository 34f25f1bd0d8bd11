/**
 * A constructed series for closed-form grading tests: a block model of two tissues side by side in air, one
 * axial slice on a pixel grid aligned with its voxels, and images written from the model's labels, so every
 * figure a check measures is known exactly. The background is a checkerboard m ± s, balanced on every row of the
 * far background, so its SD is exactly s (imageStats.ts then takes σ = s / 0.655).
 */
import type { AnatomicalModel } from '../anatomy/types.ts';
import type { Protocol } from '../sequence/protocol.ts';
import { scanGeometry } from '../simulate/geometry.ts';
import { testSnapshot } from '../simulate/snapshot.testing.ts';
import type { ScanSnapshot } from '../simulate/snapshot.ts';
import type { TissueKey } from '../tissue/types.ts';
import type { GradedSeries, SeriesImage } from './context.ts';
import { sliceLabels } from './labels.ts';

/** Pixels (and voxels) across the field of view, 1 mm each. */
export const BLOCK_PIXELS = 64;
const VOXEL_M = 0.001;
/** Slab through the block [voxels]. */
const DEPTH = 8;
/** The block's first and last row/column; tissue one fills its left half, tissue two its right. */
const BLOCK_FIRST = 20;
const BLOCK_LAST = 43;
const BLOCK_MIDDLE = 32;

/** A 64 × 64 × 8 mm model: air, `one` (label 1) left of x = 0, `two` (label 2) right of it, in a 24 mm block. */
export function blockModel(one: TissueKey, two: TissueKey): AnatomicalModel {
  const n = BLOCK_PIXELS;
  const labels = new Uint8Array(n * n * DEPTH);
  for (let k = 0; k < DEPTH; k++)
    for (let j = BLOCK_FIRST; j <= BLOCK_LAST; j++)
      for (let i = BLOCK_FIRST; i <= BLOCK_LAST; i++) labels[(k * n + j) * n + i] = i < BLOCK_MIDDLE ? 1 : 2;
  const half = (n / 2) * VOXEL_M;
  return {
    id: 0,
    name: 'Two-tissue block',
    volume: {
      dims: [n, n, DEPTH],
      voxelSize: [VOXEL_M, VOXEL_M, VOXEL_M],
      origin: [-half, -half, (-(DEPTH - 1) / 2) * VOXEL_M],
      labels,
    },
    tissues: ['air', one, two],
    regions: [],
    features: [],
    coils: [],
  };
}

/** What the constructed image holds: each tissue's value, and the background's mean and half-swing. */
export interface BlockValues {
  one: number;
  two: number;
  backgroundMean: number;
  /** The background's SD (checkerboard ± this around its mean). */
  backgroundSd: number;
}

/** One axial slice of 4 mm through the block, 64 × 64 over 64 mm; `protocol` overrides the rest. */
export function blockProtocol(protocol: Partial<Protocol> = {}): Partial<Protocol> {
  return {
    fovRead: BLOCK_PIXELS * VOXEL_M,
    fovPhase: BLOCK_PIXELS * VOXEL_M,
    matrixRead: BLOCK_PIXELS,
    matrixPhase: BLOCK_PIXELS,
    sliceThickness: 0.004,
    sliceGap: 0,
    sliceCount: 1,
    geometry: { orientation: 'axial', center: [0, 0, 0] },
    ...protocol,
  };
}

/**
 * The block's series: images whose pixels mostly of tissue one or two hold `values.one` / `values.two`, the rest
 * the checkerboard background; `adc` [m²/s] per tissue adds an ADC map written the same way (0 in air).
 */
export function blockSeries(
  one: TissueKey,
  two: TissueKey,
  values: BlockValues,
  options: {
    protocol?: Partial<Protocol>;
    snapshot?: Partial<Omit<ScanSnapshot, 'protocol'>>;
    adc?: { one: number; two: number };
  } = {},
): GradedSeries {
  const model = blockModel(one, two);
  const snapshot = testSnapshot({ ...options.snapshot, protocol: blockProtocol(options.protocol) });
  const planes = scanGeometry(snapshot.protocol).slices;
  const fill = (inOne: number, inTwo: number, air: (r: number, c: number) => number): SeriesImage[] =>
    planes.map((plane) => {
      const { rows, columns, fractions } = sliceLabels(model, plane);
      const magnitude = new Float32Array(rows * columns);
      for (let r = 0; r < rows; r++)
        for (let c = 0; c < columns; c++) {
          const p = r * columns + c;
          if ((fractions[1]?.[p] ?? 0) >= 0.5) magnitude[p] = inOne;
          else if ((fractions[2]?.[p] ?? 0) >= 0.5) magnitude[p] = inTwo;
          else magnitude[p] = air(r, c);
        }
      return { rows, columns, magnitude };
    });
  const checker = (r: number, c: number) =>
    values.backgroundMean + ((r + c) % 2 === 0 ? 1 : -1) * values.backgroundSd;
  const images = fill(values.one, values.two, checker);
  const adc = options.adc ? fill(options.adc.one, options.adc.two, () => 0) : undefined;
  return { snapshot, model, images, adc };
}
