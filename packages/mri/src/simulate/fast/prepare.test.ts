import { describe, expect, it } from 'vitest';
import { acquisitionFrame, scanGeometry } from '../geometry.ts';
import { seededRandom, unitComplexNoise } from '../noise.ts';
import { LABEL, testProtocol, testTissues, testVolume } from './phantom.testing.ts';
import { prepareSlice } from './prepare.ts';
import { resampleFractions } from './resample.ts';
import { renderContrast } from './render.ts';
import { TEST_SCANNER } from '../../scanner.testing.ts';
import { firstSliceFrame } from '../geometry.testing.ts';

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
    const frame = firstSliceFrame(protocol);
    const shifted = testProtocol({ geometry: { orientation: 'axial', center: [0.01, -0.02, 0] } });
    const other = firstSliceFrame(shifted);
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

  it.each([
    ['folded: the 18 cm phantom on a 10 cm FOV, 64 × 64', 64, 0.1, 3],
    ['unfolded: a 20 cm FOV, 128 × 128', 128, 0.2, 20],
  ])(
    'transforms fine lines that repeat the last one (not transformed again) as a plain DFT would, |K| within 1e-5: %s',
    (_, matrix, fov, copiesAtLeast) => {
      // 0.78 mm fine lines on 1 mm voxels.
      const protocol = testProtocol({ fovRead: fov, fovPhase: fov, matrixRead: matrix, matrixPhase: matrix });
      const frame = firstSliceFrame(protocol);
      const fineSize = 2 * matrix;
      const { images, rowCopies } = resampleFractions(volume, frame, fineSize, fineSize);
      expect(rowCopies.filter((c) => c === 1).length).toBeGreaterThanOrEqual(copiesAtLeast);
      const sinc = (x: number) => (x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x));
      const half = matrix / 2;
      const samples = [
        [half, half],
        [half + 1, half + 8],
        [half - 12, 7],
        [half + 18, matrix - 3],
        [5, half - 1],
      ];
      for (const wasmFft of [true, false]) {
        const prepared = prepareSlice(volume, frame, { wasmFft });
        expect(prepared.labels.length).toBe(4);
        prepared.labels.forEach((label, slot) => {
          const fine = images[label] as Float32Array;
          for (const [r, c] of samples as [number, number][]) {
            const kv = r - half;
            const ku = c - half;
            let re = 0;
            let im = 0;
            for (let m = 0; m < fineSize; m++) {
              for (let n = 0; n < fineSize; n++) {
                const f = fine[m * fineSize + n] as number;
                if (f === 0) continue;
                const angle = (-2 * Math.PI * (kv * m + ku * n)) / fineSize;
                re += f * Math.cos(angle);
                im += f * Math.sin(angle);
              }
            }
            // Scale matrix²/fine² and the fine pixels' box, a sinc per axis (prepare.ts).
            const expected = 0.25 * Math.hypot(re, im) * Math.abs(sinc(kv / fineSize) * sinc(ku / fineSize));
            const k = r * matrix + c;
            const got = Math.hypot(prepared.kRe[slot]?.[k] ?? NaN, prepared.kIm[slot]?.[k] ?? NaN);
            expect(Math.abs(got - expected)).toBeLessThan(1e-5 * Math.max(1, expected));
          }
        });
      }
    },
  );
});
