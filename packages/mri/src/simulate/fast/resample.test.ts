import { describe, expect, it } from 'vitest';
import type { LabelVolume } from '../../anatomy/types.ts';
import { buildModel } from '../../anatomy/registry.ts';
import type { SliceGeometry } from '../../sequence/protocol.ts';
import { acquisitionFrame, scanGeometry, type AcquisitionFrame } from '../geometry.ts';
import { testProtocol } from './phantom.testing.ts';
import { resampleFractions } from './resample.ts';

const KNEE_MODEL_ID = 2;

/**
 * The plain reference of resampleFractions: every read sample of every fine line and sub-slice, its voxel looked
 * up with a bounds check, the same arithmetic for the continuous voxel index, no ray clipping, no per-axis path.
 */
function referenceFractions(
  volume: LabelVolume,
  frame: AcquisitionFrame,
  fineRead: number,
  finePhase: number,
) {
  const { plane, readDirection, phaseDirection } = frame;
  const [nx, ny, nz] = volume.dims;
  const [dx, dy, dz] = volume.voxelSize;
  const readStep = frame.fovRead / fineRead;
  const phaseStep = frame.fovPhase / finePhase;
  const subCount = Math.min(4, Math.max(1, Math.round(plane.sliceThickness / Math.min(dx, dy, dz))));
  const images = new Map<number, Float32Array>();
  const steps = [0, 1, 2].map(
    (a) => ((readDirection[a] as number) * readStep) / (volume.voxelSize[a] as number),
  );
  // Lines far beyond the model fold onto the grid: 4 FOVs each way covers every model here.
  for (let line = -2 * finePhase; line < 3 * finePhase; line++) {
    for (let sub = 0; sub < subCount; sub++) {
      const through = ((sub + 0.5) / subCount - 0.5) * plane.sliceThickness;
      const folded = (((line % finePhase) + finePhase) % finePhase) * fineRead;
      const v = (line - finePhase / 2) * phaseStep;
      const u0 = (-fineRead / 2) * readStep;
      const f0 = [0, 1, 2].map(
        (a) =>
          ((plane.center[a] as number) +
            u0 * (readDirection[a] as number) +
            v * (phaseDirection[a] as number) +
            through * (plane.normal[a] as number) -
            (volume.origin[a] as number)) /
            (volume.voxelSize[a] as number) +
          0.5,
      );
      for (let u = 0; u < fineRead; u++) {
        const f = f0.map((x, a) => x + u * (steps[a] as number));
        if (f.some((x) => x < 0)) continue;
        const [i, j, k] = f.map((x) => x | 0) as [number, number, number];
        if (i >= nx || j >= ny || k >= nz) continue;
        const label = volume.labels[i + nx * (j + ny * k)] as number;
        if (label === 0) continue;
        let image = images.get(label);
        if (!image) images.set(label, (image = new Float32Array(fineRead * finePhase)));
        image[folded + u] = (image[folded + u] as number) + 1 / subCount;
      }
    }
  }
  return images;
}

describe('resampling onto the fine grid', () => {
  const volume = buildModel(KNEE_MODEL_ID).volume;
  it.each<[string, SliceGeometry]>([
    ['axial (rows along a voxel axis)', { orientation: 'axial', center: [0.002, -0.004, 0.01] }],
    ['sagittal (rows along a voxel axis)', { orientation: 'sagittal', center: [0.003, 0, -0.02] }],
    ['coronal (rows along a voxel axis)', { orientation: 'coronal', center: [0, 0.005, 0] }],
    ['rotated in plane (oblique rows)', { orientation: 'axial', center: [0, 0, 0.004], rotation: 0.4 }],
  ])('%s: the fraction images equal the plain reference exactly', (_, geometry) => {
    const protocol = testProtocol({ geometry, matrixRead: 64, matrixPhase: 48, fovPhase: 0.15 });
    const frame = acquisitionFrame(protocol, scanGeometry(protocol).slices[0] ?? (undefined as never));
    const { images } = resampleFractions(volume, frame, 128, 128);
    const reference = referenceFractions(volume, frame, 128, 128);
    expect(reference.size).toBeGreaterThan(1);
    expect(images.filter((image) => image !== undefined)).toHaveLength(reference.size);
    for (const [label, image] of reference) expect(images[label]).toEqual(image);
  });
});
