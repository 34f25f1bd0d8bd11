import { describe, expect, it } from 'vitest';
import type { LabelVolume } from '../../anatomy/types.ts';
import type { Meters } from '../../units.ts';
import { seededRandom } from '../noise.ts';
import { accumulateAlongAxis, type FineRow } from './resampleRows.ts';
import { addLabelLine, createVoxelLabels } from './voxelLabels.ts';

const FINE_READ = 64;
const SUB_SLICES = 4;

/** A 24 × 6 × 4 volume of labels 0…3 in runs (mostly one label through the slice, some voxels mixed). */
function runsVolume(): LabelVolume {
  const random = seededRandom(7);
  const dims = [24, 6, 4] as const;
  const labels = new Uint8Array(dims[0] * dims[1] * dims[2]);
  for (let j = 0; j < dims[1]; j++) {
    let label = 0;
    for (let i = 0; i < dims[0]; i++) {
      if (random() < 0.25) label = Math.floor(random() * 4);
      for (let k = 0; k < dims[2]; k++)
        labels[i + dims[0] * (j + dims[1] * k)] = random() < 0.15 ? Math.floor(random() * 4) : label;
    }
  }
  const size = 0.001 as Meters;
  return { dims, voxelSize: [size, size, size], origin: [0, 0, 0], labels };
}

function fineRow(factors: Float32Array | undefined): FineRow {
  return {
    fractions: [],
    rowsUsed: [],
    fineRead: FINE_READ,
    finePhase: 2,
    folded: 0,
    weight: 1 / SUB_SLICES,
    zeroImage: (size) => new Float32Array(size),
    weights: undefined,
    increment: 1 / SUB_SLICES,
    factors,
  };
}

describe('resampling one fraction image per label, sub-slices read per voxel', () => {
  it.each([
    ['without texture', false],
    ['with texture factors', true],
  ])(
    '%s: the images and used rows are accumulateAlongAxis’s per sub-slice, bit for bit, also for a line reusing the last one’s voxels',
    (_, textured) => {
      const volume = runsVolume();
      const random = seededRandom(11);
      const factors = textured
        ? Float32Array.from({ length: FINE_READ }, () => 0.9 + 0.2 * random())
        : undefined;
      // Rows along x (step 0.4 voxel), each sub-slice on its own z; the read range starts outside the volume.
      const step = 0.4;
      const starts = Array.from({ length: SUB_SLICES }, (_, k): [number, number, number] => [
        -2.3,
        3.5,
        k + 0.5,
      ]);
      const uLo = 6;
      const uHi = FINE_READ - 2;
      const ranges = new Int32Array(2 * SUB_SLICES);
      for (let s = 0; s < SUB_SLICES; s++) ranges.set([uLo, uHi], 2 * s);
      const expected = fineRow(factors);
      const actual = fineRow(factors);
      const lines = createVoxelLabels(volume, FINE_READ, 0, step, SUB_SLICES);
      if (!lines) throw new Error('a fine step under a voxel has voxel labels');
      // Row 0, then row 1 from the same voxels (its labels reused), each on top of what the row holds.
      for (const [row, same] of [
        [0, false],
        [1, true],
        [1, false],
      ] as const) {
        expected.folded = actual.folded = row * FINE_READ;
        for (let s = 0; s < SUB_SLICES; s++)
          accumulateAlongAxis(volume, expected, starts[s] as [number, number, number], 0, step, uLo, uHi);
        addLabelLine(volume, actual, lines, { starts, ranges, axis: 0, step, uLo, uHi, same });
      }
      expect(expected.fractions.filter((image) => image !== undefined).length).toBeGreaterThan(2);
      expect(actual.fractions).toEqual(expected.fractions);
      expect(actual.rowsUsed).toEqual(expected.rowsUsed);
    },
  );
});
