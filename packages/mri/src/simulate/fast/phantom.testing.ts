/**
 * Small synthetic phantoms and protocols for the fast engine's tests: plain data, no model library needed.
 * Tissue values at 1.5 T from Stanisz et al., MRM 2005;54:507 (reference/tissue_properties.md).
 */
import { modelCoils } from '../../anatomy/modelCoils.ts';
import type { AnatomicalModel, LabelVolume } from '../../anatomy/types.ts';
import { FAT_WATER_SHIFT_PPM, GYROMAGNETIC_RATIO_HZ_PER_T } from '../../constants.ts';
import type { TissueAtField } from '../../tissue/types.ts';

export { testProtocol } from '../../sequence/protocol.testing.ts';

function tissue(key: string, pd: number, t1: number, t2: number, shiftPpm = 0, b0 = 1.5): TissueAtField {
  return {
    key,
    pd,
    t1,
    t2,
    t2star: t2 * 0.8,
    chemicalShiftPpm: shiftPpm,
    susceptibilityPpm: -9.05,
    adc: 0.8e-9,
    offResonanceHz: shiftPpm * 1e-6 * GYROMAGNETIC_RATIO_HZ_PER_T * b0,
  };
}

/** Labels 1–4 of the test phantoms. */
export const LABEL = { whiteMatter: 1, greyMatter: 2, csf: 3, fat: 4 } as const;

/** Tissue table indexed by label (0 = air). */
export function testTissues(b0 = 1.5): (TissueAtField | undefined)[] {
  return [
    undefined,
    tissue('whiteMatter', 0.7, 0.884, 0.072, 0, b0),
    tissue('greyMatter', 0.8, 1.124, 0.095, 0, b0),
    tissue('csf', 1, 4.0, 1.8, 0, b0),
    tissue('fat', 0.95, 0.343, 0.058, FAT_WATER_SHIFT_PPM, b0),
  ];
}

/** The test tissue of library key `key` (`testTissues`, 1.5 T), as `SimulateOptions.tissueAt` asks; throws for others. */
export function testTissueAt(key: string): TissueAtField {
  const t = testTissues().find((tissue) => tissue?.key === key);
  if (!t) throw new Error(`no tissue ${key}`);
  return t;
}

/**
 * A volume of 1 mm voxels, `size` × `size` × 8, centred on the isocentre; `paint(x, y)` [m] gives the label of
 * every voxel column (the phantom is uniform along z).
 */
export function testVolume(
  size: number,
  paint: (x: number, y: number) => number,
  voxel = 0.001,
): LabelVolume {
  const nz = 8;
  const labels = new Uint8Array(size * size * nz);
  const o = (-(size - 1) / 2) * voxel;
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      const label = paint(o + i * voxel, o + j * voxel);
      for (let k = 0; k < nz; k++) labels[i + size * (j + size * k)] = label;
    }
  }
  return {
    dims: [size, size, nz],
    voxelSize: [voxel, voxel, voxel],
    origin: [o, o, (-(nz - 1) / 2) * voxel],
    labels,
  };
}

/**
 * A small head for the coil-array tests: white matter in grey matter on a 96³ volume, with the head model's
 * coils (the 16-element head array among them).
 */
export function testHeadModel(id = 0): AnatomicalModel {
  return {
    id,
    name: 'test head',
    volume: testVolume(96, (x, y) =>
      Math.hypot(x, y) < 0.03 ? LABEL.whiteMatter : Math.hypot(x, y) < 0.06 ? LABEL.greyMatter : 0,
    ),
    tissues: ['air', 'whiteMatter', 'greyMatter', 'csf', 'fat'],
    regions: [],
    features: [],
    coils: modelCoils(1),
  };
}
