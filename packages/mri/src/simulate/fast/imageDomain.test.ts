import { describe, expect, it } from 'vitest';
import type { Protocol } from '../../sequence/protocol.ts';
import type { SliceFieldMap } from '../fieldMap.ts';
import { createFft2d } from '../../recon/fftnd.ts';
import { seededRandom, unitComplexNoise } from '../noise.ts';
import { LABEL, testProtocol, testTissues, testVolume } from './phantom.testing.ts';
import { testCoilArray } from './coilArray.testing.ts';
import { firstSliceFrame } from '../geometry.testing.ts';
import { prepareSlice } from './prepare.ts';
import { compareRendered as compare } from './rendered.testing.ts';
import { createContrastWorkspace, renderContrast, type ContrastOptions } from './render.ts';
import { TEST_SCANNER } from '../../scanner.testing.ts';

// White matter, CSF and fat rings off centre: three tissues, one of them chemically shifted.
const volume = testVolume(160, (x, y) => {
  const r = Math.hypot(x - 0.01, y + 0.005);
  return r < 0.03 ? LABEL.whiteMatter : r < 0.04 ? LABEL.csf : r < 0.05 ? LABEL.fat : 0;
});
const tissues = testTissues();

function setUp(protocol: Protocol) {
  const frame = firstSliceFrame(protocol);
  const n = frame.readCount * frame.phaseCount;
  return { frame, prepared: prepareSlice(volume, frame), ...testCoilArray(frame), n };
}

describe('fast engine: one blocked pass of a new contrast (image domain, coil array included)', () => {
  it.each([
    ['SE (weights of one phase: the real-only sum)', {}],
    ['GRE at 80 Hz/px', { family: 'GRE' as const, repetitionTime: 0.05, echoTime: 0.005, flipAngle: 0.5 }],
    ['bSSFP', { family: 'bSSFP' as const, repetitionTime: 0.006, echoTime: 0.003, flipAngle: 0.8 }],
    ['IR', { family: 'IR' as const, repetitionTime: 2, inversionTime: 0.4 }],
    ['SE, phase oversampling 50 % (cropped lines)', { phaseOversampling: 0.5 }],
    ['SE, phase along rows (transposed display)', { phaseDirection: 'row' as const }],
  ])(
    'gives the k-space path image, one channel and three coils with noise (1e-6 of the peak): %s',
    (_, change) => {
      const protocol = testProtocol({ bandwidthPerPixel: 80, ...change });
      const { frame, prepared, maps, noise } = setUp(protocol);
      for (const receive of [
        { noise: [noise[0] as (typeof noise)[number]] },
        { noise, coilMaps: maps },
      ] as const) {
        const options: ContrastOptions = { tissues, noiseLevel: 2, ...receive };
        const viaKSpace = renderContrast(prepared, protocol, TEST_SCANNER, options);
        const workspace = createContrastWorkspace(frame);
        // Twice: the second render reuses the cached tissue images and coil sums.
        renderContrast(prepared, protocol, TEST_SCANNER, { ...options, workspace });
        const fused = renderContrast(prepared, protocol, TEST_SCANNER, { ...options, workspace });
        const { worst, peak } = compare(viaKSpace, fused);
        expect(peak).toBeGreaterThan(0.1);
        expect(worst).toBeLessThan(1e-6 * peak);
      }
    },
  );

  it('follows new coil maps and noise given to the same workspace (the coil sums are not stale)', () => {
    const protocol = testProtocol();
    const { frame, prepared, maps, noise, n } = setUp(protocol);
    const workspace = createContrastWorkspace(frame);
    const base = { tissues, noiseLevel: 2 as const, workspace };
    renderContrast(prepared, protocol, TEST_SCANNER, { ...base, noise, coilMaps: maps });
    const random = seededRandom(77);
    const otherNoise = maps.map(() => unitComplexNoise(n, random));
    const otherMaps = maps.map((m) => m.map((s) => 1.5 * s));
    const options = { tissues, noiseLevel: 2 as const, noise: otherNoise, coilMaps: otherMaps };
    const { worst, peak } = compare(
      renderContrast(prepared, protocol, TEST_SCANNER, options),
      renderContrast(prepared, protocol, TEST_SCANNER, { ...options, workspace }),
    );
    expect(worst).toBeLessThan(1e-6 * peak);
  });

  it('with a field map or the k-space kept, the coil array on a workspace still gives the k-space path image (1e-6)', () => {
    const protocol = testProtocol({ family: 'GRE', repetitionTime: 0.05, echoTime: 0.01, flipAngle: 0.5 });
    const { frame, prepared, maps, noise, n } = setUp(protocol);
    const fieldMap: SliceFieldMap = {
      hz: Float32Array.from({ length: n }, (_, i) => 20 * Math.sin(i / 500)),
      gradRead: new Float32Array(n).fill(50),
      gradPhase: new Float32Array(n).fill(-30),
      gradSlice: new Float32Array(n).fill(10),
    };
    for (const extra of [{ fieldMap }, { keepKSpace: true }]) {
      const options: ContrastOptions = { tissues, noiseLevel: 2, noise, coilMaps: maps, ...extra };
      const viaKSpace = renderContrast(prepared, protocol, TEST_SCANNER, options);
      const workspace = createContrastWorkspace(frame);
      const viaImages = renderContrast(prepared, protocol, TEST_SCANNER, { ...options, workspace });
      const { worst, peak } = compare(viaKSpace, viaImages);
      expect(worst).toBeLessThan(1e-6 * peak);
      if (viaKSpace.kspace) {
        const k = viaImages.kspace;
        expect(k).toBeDefined();
        let kWorst = 0;
        viaKSpace.kspace.re.forEach((v, i) => (kWorst = Math.max(kWorst, Math.abs(v - (k?.re[i] ?? NaN)))));
        expect(kWorst).toBeLessThan(1e-6 * Math.max(...viaKSpace.kspace.re.map(Math.abs)));
      }
    }
  });
});

describe('fast engine: tissue images formed in the WebAssembly FFT module', () => {
  it.each([
    ['three tissues, fat shifted (GRE at 80 Hz/px)', { family: 'GRE' as const, echoTime: 0.005 }],
    ['SE, phase along rows', { phaseDirection: 'row' as const }],
  ])('give the JavaScript path image bit for bit: %s', (_, overrides) => {
    const protocol = testProtocol({ repetitionTime: 0.5, echoTime: 0.015, ...overrides });
    const { frame, prepared } = setUp(protocol);
    const onWasm = createContrastWorkspace(frame);
    expect(onWasm.fft.wasm).toBe(true);
    const inJs = {
      ...createContrastWorkspace(frame),
      fft: createFft2d(frame.phaseCount, frame.readCount, false),
    };
    const options = { tissues, noiseLevel: 0 } as const;
    const a = renderContrast(prepared, protocol, TEST_SCANNER, { ...options, workspace: onWasm });
    const b = renderContrast(prepared, protocol, TEST_SCANNER, { ...options, workspace: inJs });
    expect(prepared.labels.length % 2).toBe(1); // one pair and one tissue alone
    expect(Buffer.from(a.magnitude.buffer).equals(Buffer.from(b.magnitude.buffer))).toBe(true);
    expect(Buffer.from(a.re.buffer).equals(Buffer.from(b.re.buffer))).toBe(true);
    expect(Buffer.from(a.im.buffer).equals(Buffer.from(b.im.buffer))).toBe(true);
  });
});
