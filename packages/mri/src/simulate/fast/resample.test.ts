import { describe, expect, it } from 'vitest';
import type { LabelVolume } from '../../anatomy/types.ts';
import { buildModel } from '../../anatomy/registry.ts';
import type { SliceGeometry } from '../../sequence/protocol.ts';
import type { AcquisitionFrame } from '../geometry.ts';
import { testProtocol } from './phantom.testing.ts';
import { resampleFractions } from './resample.ts';
import { textureFactor } from '../../anatomy/texture.ts';
import { firstSliceFrame } from '../geometry.testing.ts';

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
  const { texture, ...volume } = buildModel(KNEE_MODEL_ID).volume;
  it.each<[string, SliceGeometry]>([
    ['axial (rows along a voxel axis)', { orientation: 'axial', center: [0.002, -0.004, 0.01] }],
    ['sagittal (rows along a voxel axis)', { orientation: 'sagittal', center: [0.003, 0, -0.02] }],
    ['coronal (rows along a voxel axis)', { orientation: 'coronal', center: [0, 0.005, 0] }],
    ['rotated in plane (oblique rows)', { orientation: 'axial', center: [0, 0, 0.004], rotation: 0.4 }],
  ])('%s: the fraction images equal the plain reference exactly', (_, geometry) => {
    const protocol = testProtocol({ geometry, matrixRead: 64, matrixPhase: 48, fovPhase: 0.15 });
    const frame = firstSliceFrame(protocol);
    const { images } = resampleFractions(volume, frame, 128, 128);
    const reference = referenceFractions(volume, frame, 128, 128);
    expect(reference.size).toBeGreaterThan(1);
    expect(images.filter((image) => image !== undefined)).toHaveLength(reference.size);
    for (const [label, image] of reference) expect(images[label]).toEqual(image);
  });

  // 0.78 mm fine lines on 1 mm voxels: lines repeat the last one's samples (their rows are copied), and the knee
  // (16 cm) folds onto the 10 cm FOV, where rows must be summed, not copied.
  it.each<[string, SliceGeometry]>([
    ['axial', { orientation: 'axial', center: [0.002, -0.004, 0.01] }],
    ['coronal', { orientation: 'coronal', center: [0, 0.005, 0] }],
  ])(
    '%s, fine lines closer than the voxels and folded: equal to the plain reference exactly',
    (_, geometry) => {
      const protocol = testProtocol({
        geometry,
        matrixRead: 64,
        matrixPhase: 64,
        fovRead: 0.2,
        fovPhase: 0.1,
      });
      const frame = firstSliceFrame(protocol);
      const { images, rowCopies } = resampleFractions(volume, frame, 128, 128);
      const reference = referenceFractions(volume, frame, 128, 128);
      expect(reference.size).toBeGreaterThan(1);
      for (const [label, image] of reference) expect(images[label]).toEqual(image);
      // The rows it reports as copies are copies of the row before in the final images (no later line folded on).
      const copies = [...rowCopies.keys()].filter((r) => rowCopies[r] === 1);
      for (const r of copies) {
        for (const image of reference.values())
          expect(image.subarray(r * 128, (r + 1) * 128)).toEqual(image.subarray((r - 1) * 128, r * 128));
      }
    },
  );

  it('with label weights, each slot holds the weighted sum of its labels’ fractions (1e-6: the order of the sums)', () => {
    const protocol = testProtocol({ matrixRead: 64, matrixPhase: 64, fovRead: 0.2, fovPhase: 0.1 });
    const frame = firstSliceFrame(protocol);
    const reference = referenceFractions(volume, frame, 128, 128);
    const labels = [...reference.keys()];
    expect(labels.length).toBeGreaterThan(2);
    // Label l to slot l % 2 with scale 0.5 + l/10; the first label left out (slot −1).
    const slotOf = new Int32Array(256).fill(-1);
    const scale = new Float64Array(256);
    labels.slice(1).forEach((l) => ((slotOf[l] = l % 2), (scale[l] = 0.5 + l / 10)));
    const { images } = resampleFractions(volume, frame, 128, 128, undefined, { slotOf, scale });
    for (const slot of [0, 1]) {
      const expected = new Float64Array(128 * 128);
      for (const l of labels.slice(1).filter((l) => l % 2 === slot)) {
        (reference.get(l) as Float32Array).forEach(
          (f, i) => (expected[i] = (expected[i] as number) + f * (scale[l] as number)),
        );
      }
      const image = images[slot];
      expect(image).toBeDefined();
      expected.forEach((v, i) => expect(Math.abs((image?.[i] ?? NaN) - v)).toBeLessThan(1e-6));
    }
    expect(images.length).toBeLessThanOrEqual(2);
  });

  // 0.78 mm fine samples on 1 mm voxels: the weighted images are summed per voxel (resampleRows.ts VoxelLines),
  // with the lines that repeat the last one's voxels reusing its sums, and the knee folded onto the 10 cm FOV.
  it.each<[string, SliceGeometry, boolean]>([
    ['axial', { orientation: 'axial', center: [0.002, -0.004, 0.01] }, false],
    ['axial, textured', { orientation: 'axial', center: [0.002, -0.004, 0.01] }, true],
    ['coronal, textured', { orientation: 'coronal', center: [0, 0.005, 0] }, true],
    ['sagittal, textured', { orientation: 'sagittal', center: [0.003, 0, -0.02] }, true],
  ])(
    '%s, fine samples closer than the voxels: each weighted slot is Σ scale·fraction of its labels (1e-6)',
    (_, geometry, textured) => {
      const model = textured ? { ...volume, texture } : volume;
      const protocol = testProtocol({
        geometry,
        matrixRead: 128,
        matrixPhase: 64,
        fovRead: 0.2,
        fovPhase: 0.1,
      });
      const frame = firstSliceFrame(protocol);
      // Per label, as the scan prepares them (one sub-slice at a time per sample).
      const perLabel = resampleFractions(model, frame, 256, 128).images;
      const labels = [...perLabel.keys()].filter((l) => perLabel[l] !== undefined);
      expect(labels.length).toBeGreaterThan(2);
      const slotOf = new Int32Array(256).fill(-1);
      const scale = new Float64Array(256);
      labels.slice(1).forEach((l) => ((slotOf[l] = l % 3), (scale[l] = 0.5 + l / 10)));
      const { images, rowsUsed } = resampleFractions(model, frame, 256, 128, undefined, { slotOf, scale });
      for (const slot of [0, 1, 2]) {
        const expected = new Float64Array(256 * 128);
        for (const l of labels.slice(1).filter((l) => l % 3 === slot)) {
          (perLabel[l] as Float32Array).forEach(
            (f, i) => (expected[i] = (expected[i] as number) + f * (scale[l] as number)),
          );
        }
        const image = images[slot];
        if (!expected.some((v) => v !== 0)) continue;
        expect(image).toBeDefined();
        let worst = 0;
        expected.forEach((v, i) => (worst = Math.max(worst, Math.abs((image?.[i] ?? NaN) - v))));
        expect(worst).toBeLessThan(1e-6);
        // Its used rows are those where any of it lies.
        for (let r = 0; r < 128; r++) {
          const any = expected.subarray(r * 256, (r + 1) * 256).some((v) => v !== 0);
          if (any) expect(rowsUsed[slot]?.[r]).toBe(1);
        }
      }
    },
  );

  it('carries the model PD texture: each pixel counts with the texture factor at its centre (±10 % of its amplitude)', () => {
    if (!texture) throw new Error('the knee model has no texture');
    // Phase FOV beyond the knee's 160 mm: nothing folds, so every fine pixel holds one place of the anatomy.
    const geometry: SliceGeometry = { orientation: 'axial', center: [0.002, -0.004, 0.01] };
    const protocol = testProtocol({ geometry, matrixRead: 64, matrixPhase: 64, fovRead: 0.2, fovPhase: 0.2 });
    const frame = firstSliceFrame(protocol);
    const sum = (images: (Float32Array | undefined)[], p: number): number =>
      images.reduce((s, image) => s + (image?.[p] ?? 0), 0);
    const plain = resampleFractions(volume, frame, 128, 128).images;
    const textured = resampleFractions({ ...volume, texture }, frame, 128, 128).images;
    const ratios: number[] = [];
    const step = 0.2 / 128;
    for (let line = 0; line < 128; line++) {
      for (let u = 0; u < 128; u++) {
        const p = line * 128 + u;
        if (sum(plain, p) < 0.999) continue;
        const a = (u - 64) * step;
        const b = (line - 64) * step;
        const at = [0, 1, 2].map(
          (k) =>
            (frame.plane.center[k] as number) +
            a * (frame.readDirection[k] as number) +
            b * (frame.phaseDirection[k] as number),
        ) as [number, number, number];
        const ratio = sum(textured, p) / sum(plain, p);
        expect(Math.abs(ratio - textureFactor(texture, 'pd', ...at))).toBeLessThan(0.1 * texture.amplitude);
        ratios.push(ratio);
      }
    }
    expect(ratios.length).toBeGreaterThan(5000);
    const mean = ratios.reduce((x, y) => x + y, 0) / ratios.length;
    expect(Math.abs(mean - 1)).toBeLessThan(0.005);
    expect(Math.max(...ratios) - Math.min(...ratios)).toBeGreaterThan(texture.amplitude);
    expect(Math.max(...ratios.map((r) => Math.abs(r - 1)))).toBeLessThanOrEqual(texture.amplitude * 1.01);
  });
});
