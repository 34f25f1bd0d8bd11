/**
 * Oblique and double-oblique stacks through the whole chain: the fast engine images the labels of the tilted plane,
 * DICOM and NIfTI place the images on it, and an untilted stack is imaged exactly as before.
 */
import dcmjs from 'dcmjs';
import { describe, expect, it } from 'vitest';
import { labelsOnPlane } from '../anatomy/labelsOnPlane.ts';
import type { AnatomicalModel, LabelVolume } from '../anatomy/types.ts';
import { dicomMrSeries } from '../io/dicom/mrImage.ts';
import { niftiAffine } from '../io/nifti/write.ts';
import { TEST_SCANNER } from '../scanner.testing.ts';
import type { Protocol, SliceGeometry } from '../sequence/protocol.ts';
import type { Vec3 } from '../units.ts';
import { LABEL, testProtocol, testTissueAt } from './fast/phantom.testing.ts';
import { sliceFieldMap, type FieldMap3d } from './fieldMap.ts';
import {
  acquisitionFrame,
  add,
  dot,
  firstPixelCenter,
  scale,
  scanGeometry,
  stackDirections,
  type ImagePlane,
} from './geometry.ts';
import { simulate } from './simulate.ts';

const DEG = Math.PI / 180;
/** A double-oblique axial stack: 30° about its row, then −20° about its column. */
const TILTED: SliceGeometry = {
  orientation: 'axial',
  center: [0.004, -0.006, 0.002],
  tiltAboutRow: 30 * DEG,
  tiltAboutColumn: -20 * DEG,
};
/**
 * Its directions in closed form, written out independently of geometry.ts: for an axial base (the identity) the
 * columns of Rx(a)·Ry(b), a = 30°, b = −20°.
 */
const [ca, sa, cb, sb] = [Math.cos(30 * DEG), Math.sin(30 * DEG), Math.cos(-20 * DEG), Math.sin(-20 * DEG)];
const tilted: Record<'row' | 'column' | 'normal', Vec3> = {
  row: [cb, sa * sb, -ca * sb],
  column: [0, ca, sa],
  normal: [sb, -sa * cb, ca * cb],
};
/** Two CSF balls (radius 25 mm) centred on the tilted plane, off the untilted one, in a white-matter ball. */
const BALLS: Vec3[] = [
  add(TILTED.center, add(scale(tilted.row, 0.05), scale(tilted.column, 0.04))),
  add(TILTED.center, add(scale(tilted.row, -0.045), scale(tilted.column, -0.035))),
];

/** A 2 mm voxel cube of 100³ voxels centred on the isocentre, labelled by `paint(point)`. */
function volume3d(paint: (p: Vec3) => number, size = 100, voxel = 0.002): LabelVolume {
  const labels = new Uint8Array(size ** 3);
  const o = (-(size - 1) / 2) * voxel;
  for (let k = 0; k < size; k++)
    for (let j = 0; j < size; j++)
      for (let i = 0; i < size; i++)
        labels[i + size * (j + size * k)] = paint([o + i * voxel, o + j * voxel, o + k * voxel]);
  return { dims: [size, size, size], voxelSize: [voxel, voxel, voxel], origin: [o, o, o], labels };
}

const distance = (a: Vec3, b: Vec3) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
const model: AnatomicalModel = {
  id: 0,
  name: 'oblique phantom',
  volume: volume3d((p) => {
    if (BALLS.some((b) => distance(p, b) < 0.025)) return LABEL.csf;
    return Math.hypot(...p) < 0.095 ? LABEL.whiteMatter : 0;
  }),
  tissues: ['air', 'whiteMatter', 'greyMatter', 'csf', 'fat'],
  regions: [],
  features: [],
  coils: [],
};

/** T2-weighted SE (CSF bright, no chemical shift): TR 4 s, TE 100 ms, 64², 3 mm. */
const protocolOf = (geometry: SliceGeometry): Protocol =>
  testProtocol({ geometry, repetitionTime: 4, echoTime: 0.1, matrixRead: 64, matrixPhase: 64 });

/** Pixels whose 5 × 5 neighbourhood on the plane holds one label only (away from edges: no partial volume). */
function interior(labels: Uint8Array, plane: ImagePlane): number[] {
  const out: number[] = [];
  for (let r = 2; r < plane.rows - 2; r++)
    for (let c = 2; c < plane.columns - 2; c++) {
      const own = labels[r * plane.columns + c];
      let uniform = true;
      for (let dr = -2; dr <= 2 && uniform; dr++)
        for (let dc = -2; dc <= 2 && uniform; dc++)
          uniform = labels[(r + dr) * plane.columns + c + dc] === own;
      if (uniform && own !== 0) out.push(r * plane.columns + c);
    }
  return out;
}

describe('a tilted stack images the tilted plane', () => {
  const protocol = protocolOf(TILTED);
  const plane = scanGeometry(protocol).slices[0] as ImagePlane;
  const image = simulate(model, protocol, TEST_SCANNER, { tissueAt: testTissueAt, noiseLevel: 0, seed: 1 })
    .images[0];
  if (!image) throw new Error('no image');

  it('the stack’s plane has the closed-form directions (1e-12)', () => {
    for (const key of ['row', 'column', 'normal'] as const) {
      const got = stackDirections(TILTED)[key];
      tilted[key].forEach((v, i) => expect(got[i]).toBeCloseTo(v, 12));
    }
  });

  it('CSF where the label volume sampled along the tilted plane is CSF, white matter where it is white matter (≥ 99 % of interior pixels)', () => {
    // The truth samples the plane of the closed-form directions, not the engine's own.
    const truth = labelsOnPlane(model.volume, {
      ...plane,
      rowDirection: tilted.row,
      columnDirection: tilted.column,
      normal: tilted.normal,
    });
    const pixels = interior(truth, plane);
    const csf = pixels.filter((p) => truth[p] === LABEL.csf);
    // Both balls cut the tilted plane through their centres: about 2·π·(25 mm)² / (3.125 mm)² ≈ 400 pixels, half of them interior.
    expect(csf.length).toBeGreaterThan(100);
    // Between the tissues' signals: S = PD·(1 − e^(−TR/T1))·e^(−TE/T2), CSF ≈ 0.60, white matter ≈ 0.17.
    const at = (p: number) => image.magnitude[p] as number;
    const csfMean = csf.reduce((s, p) => s + at(p), 0) / csf.length;
    const wm = pixels.filter((p) => truth[p] === LABEL.whiteMatter);
    const wmMean = wm.reduce((s, p) => s + at(p), 0) / wm.length;
    expect(csfMean).toBeGreaterThan(2.5 * wmMean);
    const threshold = (csfMean + wmMean) / 2;
    const agree = pixels.filter((p) => at(p) > threshold === (truth[p] === LABEL.csf)).length;
    expect(agree / pixels.length).toBeGreaterThan(0.99);
  });

  it('the untilted stack through the same centre misses most of the balls (so the comparison can fail)', () => {
    const flat = scanGeometry(protocolOf({ ...TILTED, tiltAboutRow: 0, tiltAboutColumn: 0 })).slices[0];
    if (!flat) throw new Error('no plane');
    const onTilted = labelsOnPlane(model.volume, plane).filter((l) => l === LABEL.csf).length;
    const onFlat = labelsOnPlane(model.volume, flat).filter((l) => l === LABEL.csf).length;
    expect(onFlat).toBeLessThan(onTilted / 2);
  });
});

describe('export of a tilted stack', () => {
  const protocol = testProtocol({ geometry: TILTED, matrixRead: 4, matrixPhase: 4, sliceCount: 2 });
  const geometry = scanGeometry(protocol);
  const images = geometry.slices.map((p) => ({
    rows: p.rows,
    columns: p.columns,
    magnitude: Float32Array.from({ length: p.rows * p.columns }, (_, i) => i),
  }));

  it('DICOM ImageOrientationPatient is the tilted row and column directions, ImagePositionPatient the first pixel (1e-6)', () => {
    const files = dicomMrSeries({
      images,
      geometry,
      protocol,
      scanner: TEST_SCANNER,
      scanKey: 'oblique',
      date: '20261128',
      time: '120000',
    });
    files.forEach((file, s) => {
      const buffer = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer;
      const dict = dcmjs.data.DicomMessage.readFile(buffer);
      const data = dcmjs.data.DicomMetaDictionary.naturalizeDataset(dict.dict) as Record<string, unknown>;
      const orientation = (data['ImageOrientationPatient'] as number[]).map(Number);
      [...tilted.row, ...tilted.column].forEach((v, i) => expect(orientation[i]).toBeCloseTo(v, 6));
      const position = (data['ImagePositionPatient'] as number[]).map(Number);
      const first = firstPixelCenter(geometry.slices[s] as ImagePlane);
      first.forEach((v, i) => expect(position[i]).toBeCloseTo(v * 1000, 4));
    });
  });

  it('the NIfTI affine’s columns are the tilted row, column and normal in RAS, scaled by the spacings (1e-9 mm)', () => {
    const affine = niftiAffine(geometry);
    const first = geometry.slices[0] as ImagePlane;
    const ras = (v: Vec3): Vec3 => [-v[0], -v[1], v[2]];
    const columns: [Vec3, number][] = [
      [tilted.row, first.columnSpacing],
      [tilted.column, first.rowSpacing],
      [tilted.normal, geometry.spacingBetweenSlices],
    ];
    columns.forEach(([direction, spacing], c) =>
      ras(direction).forEach((v, r) => expect(affine[r]?.[c]).toBeCloseTo(v * spacing * 1000, 9)),
    );
  });
});

describe('the susceptibility field map on a tilted slice', () => {
  it('a linear field G·r sampled on the tilted frame: offset G·r at each pixel, gradients G·read, G·phase, G·normal (5e-4 Hz, 5e-4 Hz/m)', () => {
    // Trilinear interpolation and central differences are exact on a linear field: 40 mm voxels over ±0.2 m.
    const g: Vec3 = [120, -80, 200]; // [Hz/m]
    const n = 11;
    const hz = new Float32Array(n ** 3);
    const origin: Vec3 = [-0.2, -0.2, -0.2];
    for (let k = 0; k < n; k++)
      for (let j = 0; j < n; j++)
        for (let i = 0; i < n; i++)
          hz[i + n * (j + n * k)] = dot(g, [-0.2 + 0.04 * i, -0.2 + 0.04 * j, -0.2 + 0.04 * k]);
    const map: FieldMap3d = { dims: [n, n, n], voxelSize: [0.04, 0.04, 0.04], origin, hz };
    const protocol = testProtocol({
      geometry: TILTED,
      matrixRead: 16,
      matrixPhase: 16,
      fovRead: 0.2,
      fovPhase: 0.2,
    });
    const plane = scanGeometry(protocol).slices[0] as ImagePlane;
    const frame = acquisitionFrame(protocol, plane);
    const slice = sliceFieldMap(map, frame);
    const [line, sample] = [5, 9];
    const p = line * frame.readCount + sample;
    const at = add(
      plane.center,
      add(
        scale(tilted.row, (sample - frame.readCount / 2) * (frame.fovRead / frame.readCount)),
        scale(tilted.column, (line - frame.phaseCount / 2) * (frame.fovPhase / frame.phaseCount)),
      ),
    );
    // Float32 storage: about 1e-5 relative of tens of Hz.
    expect(slice.hz[p]).toBeCloseTo(dot(g, at), 3);
    expect(slice.gradRead[p]).toBeCloseTo(dot(g, tilted.row), 3);
    expect(slice.gradPhase[p]).toBeCloseTo(dot(g, tilted.column), 3);
    expect(slice.gradSlice[p]).toBeCloseTo(dot(g, tilted.normal), 3);
  });
});
