import { describe, expect, it } from 'vitest';
import { acquisitionFrame, scanGeometry } from '../geometry.ts';
import { seededRandom, unitComplexNoise } from '../noise.ts';
import { LABEL, testProtocol, testTissues, testVolume } from './phantom.testing.ts';
import { prepareSlice } from './prepare.ts';
import { renderContrast } from './render.ts';
import { TEST_SCANNER } from '../../scanner.testing.ts';

describe('fast engine: prepareSlice on the WebAssembly SIMD FFT', () => {
  // Four tissues (two FFT pairs), one of them chemically shifted, off centre so that rows are partly empty.
  const volume = testVolume(180, (x, y) => {
    const r = Math.hypot(x - 0.012, y + 0.02);
    if (Math.hypot(x + 0.03, y - 0.03) < 0.008) return LABEL.greyMatter;
    return r < 0.03 ? LABEL.whiteMatter : r < 0.04 ? LABEL.csf : r < 0.05 ? LABEL.fat : 0;
  });

  it.each([
    ['128 × 128, axial', {}],
    [
      '64 × 96 (phase 96: Bluestein in the JavaScript engine), phase along rows',
      { matrixPhase: 96, matrixRead: 64, phaseDirection: 'row' as const },
    ],
    ['128 × 128, phase oversampling 50 %', { phaseOversampling: 0.5 }],
  ])('gives the JavaScript FFT path k-spaces bit for bit, and so the same image: %s', (_, change) => {
    const protocol = testProtocol(change);
    const plane = scanGeometry(protocol).slices[0];
    if (!plane) throw new Error('no slice');
    const frame = acquisitionFrame(protocol, plane);
    const simd = prepareSlice(volume, frame);
    const js = prepareSlice(volume, frame, { wasmFft: false });
    expect(simd.labels).toEqual(js.labels);
    expect(simd.labels.length).toBe(4);
    const bits = (a: Float32Array | undefined) =>
      Array.from(new Uint32Array((a ?? new Float32Array()).slice().buffer));
    js.kRe.forEach((kr, t) => {
      expect(bits(simd.kRe[t])).toEqual(bits(kr));
      expect(bits(simd.kIm[t])).toEqual(bits(js.kIm[t]));
    });
    const noise = [unitComplexNoise(frame.readCount * frame.phaseCount, seededRandom(3))];
    const options = { tissues: testTissues(), noiseLevel: 1 as const, noise };
    const a = renderContrast(simd, protocol, TEST_SCANNER, options);
    const b = renderContrast(js, protocol, TEST_SCANNER, options);
    expect(Math.max(...b.magnitude)).toBeGreaterThan(0.1);
    expect(bits(a.magnitude)).toEqual(bits(b.magnitude));
  });

  it('gives the same k-spaces bit for bit when its reused fine images served another slice before', () => {
    const protocol = testProtocol({});
    const frame = acquisitionFrame(protocol, scanGeometry(protocol).slices[0] ?? (undefined as never));
    const shifted = testProtocol({ geometry: { orientation: 'axial', center: [0.01, -0.02, 0] } });
    const other = acquisitionFrame(shifted, scanGeometry(shifted).slices[0] ?? (undefined as never));
    const bits = (a: Float32Array | undefined) =>
      Array.from(new Uint32Array((a ?? new Float32Array()).slice().buffer));
    const first = prepareSlice(volume, frame);
    const between = prepareSlice(volume, other);
    const again = prepareSlice(volume, frame);
    expect(bits(between.kRe[0])).not.toEqual(bits(first.kRe[0]));
    expect(again.labels).toEqual(first.labels);
    first.kRe.forEach((kr, t) => {
      expect(bits(again.kRe[t])).toEqual(bits(kr));
      expect(bits(again.kIm[t])).toEqual(bits(first.kIm[t]));
    });
  });
});
