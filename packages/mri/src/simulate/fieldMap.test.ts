import { describe, expect, it } from 'vitest';
import { GYROMAGNETIC_RATIO_HZ_PER_T } from '../constants.ts';
import {
  AIR_SUSCEPTIBILITY_RELATIVE_TO_WATER_PPM,
  sampleFieldMap,
  sliceFieldMap,
  susceptibilityFieldMap,
  type FieldMap3d,
} from './fieldMap.ts';
import { LABEL, testProtocol, testTissues, testVolume } from './fast/phantom.testing.ts';
import { prepareSlice } from './fast/prepare.ts';
import { renderContrast } from './fast/render.ts';
import { TEST_SCANNER } from '../scanner.testing.ts';
import { firstSliceFrame } from './geometry.testing.ts';

describe('susceptibility field map (dipole kernel)', () => {
  // A sphere (radius 6 mm) of water in air, on a 1 mm grid of 40³ voxels.
  const n = 40;
  const radius = 0.006;
  const labels = new Uint8Array(n * n * n);
  const o = (-(n - 1) / 2) * 0.001;
  for (let k = 0; k < n; k++)
    for (let j = 0; j < n; j++)
      for (let i = 0; i < n; i++)
        labels[i + n * (j + n * k)] =
          Math.hypot(o + i * 0.001, o + j * 0.001, o + k * 0.001) < radius ? 1 : 0;
  const volume = {
    dims: [n, n, n] as const,
    voxelSize: [0.001, 0.001, 0.001] as const,
    origin: [o, o, o] as const,
    labels,
  };
  const b0 = 3;
  const map = susceptibilityFieldMap(volume, [undefined, 0], b0, 1);
  // Water relative to air: Δχ = −9.41 ppm. Outside a sphere: Δf = γ̄·B0·Δχ/3·(R/r)³·(3cos²θ − 1).
  const dchi = -AIR_SUSCEPTIBILITY_RELATIVE_TO_WATER_PPM * 1e-6;
  const outside = (r: number, cos2: number): number =>
    ((GYROMAGNETIC_RATIO_HZ_PER_T * b0 * dchi) / 3) * (radius / r) ** 3 * (3 * cos2 - 1);

  it('matches the sphere field outside on the B0 axis at r = 2R (within 15 %)', () => {
    const expected = outside(2 * radius, 1);
    expect(Math.abs(sampleFieldMap(map, [0, 0, 2 * radius]) / expected - 1)).toBeLessThan(0.15);
  });
  it('matches the sphere field on the equator at r = 2R with the opposite sign, half the size (within 15 %)', () => {
    const expected = outside(2 * radius, 0);
    expect(Math.abs(sampleFieldMap(map, [2 * radius, 0, 0]) / expected - 1)).toBeLessThan(0.15);
  });
  it('is nearly uniform inside the sphere (Lorentz-corrected: |Δf| below 10 % of the pole field)', () => {
    expect(Math.abs(sampleFieldMap(map, [0, 0, 0]))).toBeLessThan(0.1 * Math.abs(outside(radius, 1)));
  });
});

describe('field map in the fast engine', () => {
  const volume = testVolume(120, (x, y) => (Math.hypot(x, y) < 0.04 ? LABEL.greyMatter : 0));
  const tissues = testTissues();
  const gre = testProtocol({ family: 'GRE', repetitionTime: 0.05, echoTime: 0.01, flipAngle: 0.5 });
  const frame = firstSliceFrame(gre);
  const prepared = prepareSlice(volume, frame);
  const n = frame.readCount * frame.phaseCount;
  const uniform = (hz: number) => ({
    hz: new Float32Array(n).fill(hz),
    gradRead: new Float32Array(n),
    gradPhase: new Float32Array(n),
    gradSlice: new Float32Array(n),
  });
  const centre = (frame.phaseCount / 2) * frame.readCount + frame.readCount / 2;
  const phaseAt = (image: { re: Float32Array; im: Float32Array }): number =>
    Math.atan2(image.im[centre] ?? NaN, image.re[centre] ?? NaN);

  it('adds the phase −2π·Δf·TE to a gradient echo (clockwise precession), within 1e-5 rad', () => {
    const plain = renderContrast(prepared, gre, TEST_SCANNER, { tissues });
    const shifted = renderContrast(prepared, gre, TEST_SCANNER, { tissues, fieldMap: uniform(5) });
    const expected = -2 * Math.PI * 5 * gre.echoTime;
    expect(Math.abs(phaseAt(shifted) - phaseAt(plain) - expected)).toBeLessThan(1e-5);
  });
  it('leaves a spin echo unchanged (refocused)', () => {
    const se = testProtocol();
    const plain = renderContrast(prepared, se, TEST_SCANNER, { tissues });
    const withField = renderContrast(prepared, se, TEST_SCANNER, { tissues, fieldMap: uniform(5) });
    expect(withField.magnitude).toEqual(plain.magnitude);
  });
  it('attenuates by |sinc(g·w·TE)| for a field gradient g across the voxel (within 1e-4)', () => {
    const map = uniform(0);
    const g = 2000; // [Hz/m] through the slice
    map.gradSlice.fill(g);
    const plain = renderContrast(prepared, gre, TEST_SCANNER, { tissues });
    const dephased = renderContrast(prepared, gre, TEST_SCANNER, { tissues, fieldMap: map });
    const x = g * gre.sliceThickness * gre.echoTime;
    const expected = Math.abs(Math.sin(Math.PI * x) / (Math.PI * x));
    const ratio = (dephased.magnitude[centre] ?? NaN) / (plain.magnitude[centre] ?? NaN);
    expect(Math.abs(ratio - expected)).toBeLessThan(1e-4);
  });
});

describe('field slope across a voxel where the field curves (sliceFieldMap)', () => {
  // A field symmetric about the slice's centre plane, Δf = c·z², as at the equator of a dipole whose field is
  // negative there and positive above and below: the central difference through the slab is 0, but the slab
  // spans c·(d/2)² hertz, which must dephase it. 1 mm grid, axial 4 mm slice at z = 0, samples at z = ±2 mm.
  const c = 4e6; // [Hz/m²]: 16 Hz at z = ±2 mm
  const n = 9;
  const hz = new Float32Array(n ** 3);
  for (let k = 0; k < n; k++) hz.fill(c * ((k - 4) * 0.001) ** 2, k * n * n, (k + 1) * n * n);
  const map: FieldMap3d = {
    dims: [n, n, n],
    voxelSize: [0.001, 0.001, 0.001],
    origin: [-0.004, -0.004, -0.004],
    hz,
  };
  const protocol = testProtocol({
    sliceThickness: 0.004,
    fovRead: 0.004,
    fovPhase: 0.004,
    matrixRead: 4,
    matrixPhase: 4,
  });
  const frame = firstSliceFrame(protocol);

  it('keeps the spread through the slab: |slope| · thickness = c·(d/2)² (within 1e-3 Hz)', () => {
    const slice = sliceFieldMap(map, frame);
    const p = 2 * frame.readCount + 2;
    expect(Math.abs(Math.abs(slice.gradSlice[p] ?? NaN) * 0.004 - c * 0.002 ** 2)).toBeLessThan(1e-3);
    // In plane the field is uniform: no slope.
    expect(slice.gradRead[p]).toBe(0);
  });
});
