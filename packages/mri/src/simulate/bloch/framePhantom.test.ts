import { describe, expect, it } from 'vitest';
import { buildModel } from '../../anatomy/registry.ts';
import { resampleSlice } from '../../anatomy/resample.ts';
import type { Protocol } from '../../sequence/protocol.ts';
import { tissueAtField } from '../../tissue/library.ts';
import { acquisitionFrame, scanGeometry } from '../geometry.ts';
import { testProtocol } from '../fast/phantom.testing.ts';
import { framePhantom } from './framePhantom.ts';

const N = 32;
const THICKNESS = 0.005;
const protocol: Protocol = testProtocol({
  echoTime: 0.02,
  bandwidthPerPixel: 250,
  fovRead: 0.18,
  fovPhase: 0.18,
  matrixRead: N,
  matrixPhase: N,
  sliceThickness: THICKNESS,
  geometry: { orientation: 'sagittal', center: [0.01, 0, 0] },
});

describe('framePhantom', () => {
  const knee = buildModel(2);
  const tissues = knee.tissues.map((key, label) => (label === 0 ? undefined : tissueAtField(key, 1.5)));
  const plane = scanGeometry(protocol).slices[0];
  if (!plane) throw new Error('no slice');
  const frame = acquisitionFrame(protocol, plane);

  it('holds the fraction-weighted PD of the slab (resampleSlice on the frame grid) within 1 %, with 3×3 spins per pixel and 4 sub-slabs', () => {
    const spins = framePhantom(knee, frame, tissues, { subpixels: 3, depthSamples: 4 });
    const { fractions } = resampleSlice(
      knee,
      { center: plane.center, row: frame.readDirection, column: frame.phaseDirection, normal: plane.normal },
      { nx: N, ny: N, pixelSpacing: [0.18 / N, 0.18 / N], sliceThickness: THICKNESS },
    );
    let expected = 0;
    fractions.forEach((f, label) => {
      for (const x of f) expected += x * (tissues[label]?.pd ?? 0);
    });
    const total = spins.rho.reduce((a, b) => a + b, 0);
    expect(expected).toBeGreaterThan(100);
    expect(Math.abs(total / expected - 1)).toBeLessThan(0.01);
  });

  it('places every spin within half the layer of the slice plane and inside the pixel boxes of the grid', () => {
    const layer = THICKNESS / 4;
    const spins = framePhantom(knee, frame, tissues, { subpixels: 2, depthSamples: 4, layer });
    expect(spins.count).toBeGreaterThan(0);
    for (let i = 0; i < spins.count; i++) {
      const d = [
        (spins.x[i] ?? 0) - plane.center[0],
        (spins.y[i] ?? 0) - plane.center[1],
        (spins.z[i] ?? 0) - plane.center[2],
      ];
      const along = (v: readonly number[]): number => d.reduce((sum, x, a) => sum + x * (v[a] ?? 0), 0);
      expect(Math.abs(along(plane.normal))).toBeLessThanOrEqual(layer / 2 + 1e-7);
      expect(Math.abs(along(frame.readDirection))).toBeLessThanOrEqual(0.09 + 0.18 / N / 2); // pixel 0 spans from −FOV/2 − Δ/2
      expect(Math.abs(along(frame.phaseDirection))).toBeLessThanOrEqual(0.09 + 0.18 / N / 2); // pixel 0 spans from −FOV/2 − Δ/2
    }
  });
});
