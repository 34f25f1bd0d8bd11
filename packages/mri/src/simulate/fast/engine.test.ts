import { describe, expect, it } from 'vitest';
import { tissueSignal } from '../../sequence/signal.ts';
import { seededRandom, unitComplexNoise } from '../noise.ts';
import type { Protocol } from '../../sequence/protocol.ts';
import type { TissueAtField } from '../../tissue/types.ts';
import { firstSliceFrame } from '../geometry.testing.ts';
import { LABEL, testProtocol, testTissues, testVolume } from './phantom.testing.ts';
import { prepareSlice } from './prepare.ts';
import { resampleFractions } from './resample.ts';
import {
  createContrastWorkspace,
  renderContrast,
  type ContrastOptions,
  type RenderedImage,
} from './render.ts';
import { TEST_SCANNER } from '../../scanner.testing.ts';

const tissues = testTissues();

function render(
  volume: ReturnType<typeof testVolume>,
  protocol: Protocol,
  options: Partial<ContrastOptions> = {},
) {
  const prepared = prepareSlice(volume, firstSliceFrame(protocol));
  return renderContrast(prepared, protocol, TEST_SCANNER, { tissues, ...options });
}

/**
 * Centroid along columns (x) and rows (y) [pixels] of the imaginary part: SE magnetisation lies along +y
 * (M⊥ = i·M), and a signed, linear measure is not biased by the magnitude of ringing.
 */
function centroid(image: RenderedImage): [number, number] {
  let sum = 0;
  let sx = 0;
  let sy = 0;
  for (let r = 0; r < image.rows; r++) {
    for (let c = 0; c < image.columns; c++) {
      const m = image.im[r * image.columns + c] ?? 0;
      sum += m;
      sx += m * c;
      sy += m * r;
    }
  }
  return [sx / sum, sy / sum];
}

/** The test tissues with fat given grey matter's relaxation, so that only the chemical shift tells them apart. */
function fatWithGreyMatterRelaxation(): { fat: TissueAtField; shifted: (TissueAtField | undefined)[] } {
  const gm = tissues[LABEL.greyMatter];
  const fat = tissues[LABEL.fat];
  if (!gm || !fat) throw new Error('missing tissues');
  const shifted = [...tissues];
  shifted[LABEL.fat] = { ...gm, chemicalShiftPpm: fat.chemicalShiftPpm, offResonanceHz: fat.offResonanceHz };
  return { fat, shifted };
}

const at = (image: RenderedImage, r: number, c: number): number =>
  image.magnitude[r * image.columns + c] ?? NaN;

describe('fast engine: prepareSlice + renderContrast', () => {
  it('a voxel full of one tissue reads tissueSignal·PD = i·|S| (within 1 %) away from edges', () => {
    const volume = testVolume(220, (x, y) => (Math.hypot(x, y) < 0.08 ? LABEL.greyMatter : 0));
    const protocol = testProtocol();
    const image = render(volume, protocol);
    const gm = tissues[LABEL.greyMatter];
    if (!gm) throw new Error('no grey matter');
    const s = tissueSignal(protocol, gm, TEST_SCANNER);
    const expected = Math.hypot(s.re, s.im) * gm.pd;
    expect(at(image, 64, 64) / expected).toBeCloseTo(1, 2);
    // Phase-0 excitation puts M along +y: the image is i·M (docs/conventions.md), real part ≈ 0.
    expect((image.im[64 * image.columns + 64] ?? NaN) / expected).toBeCloseTo(1, 2);
    expect(Math.abs(image.re[64 * image.columns + 64] ?? NaN) / expected).toBeLessThan(1e-3);
    expect(at(image, 5, 5)).toBeLessThan(0.01 * expected);
  });

  it('shifts fat along the readout by Δf/(BW/Nx) pixels towards −read: exactly 2 px at BW = |Δf|/2 (1e-6)', () => {
    const { fat, shifted } = fatWithGreyMatterRelaxation();
    const protocol = testProtocol({ bandwidthPerPixel: Math.abs(fat.offResonanceHz) / 2 });
    const square = (label: number) => (x: number, y: number) =>
      Math.abs(x) < 0.02 && Math.abs(y) < 0.02 ? label : 0;
    const water = render(testVolume(200, square(LABEL.greyMatter)), protocol, { tissues: shifted });
    const fatImage = render(testVolume(200, square(LABEL.fat)), protocol, { tissues: shifted });
    let worst = 0;
    for (let r = 0; r < water.rows; r++) {
      for (let c = 0; c < water.columns; c++) {
        const expected = water.im[r * water.columns + ((c + 2) % water.columns)] ?? NaN;
        worst = Math.max(worst, Math.abs((fatImage.im[r * water.columns + c] ?? NaN) - expected));
      }
    }
    expect(worst).toBeLessThan(1e-6 * Math.max(...water.magnitude));
  });

  it('shifts fat by a fractional Δf/(BW/Nx) = −2.17 px at 100 Hz/px (centroid within 0.05 px)', () => {
    const { fat, shifted } = fatWithGreyMatterRelaxation();
    const protocol = testProtocol({ bandwidthPerPixel: 100 });
    const disc = (label: number) => (x: number, y: number) => (Math.hypot(x, y) < 0.03 ? label : 0);
    const water = centroid(render(testVolume(200, disc(LABEL.greyMatter)), protocol, { tissues: shifted }));
    const fatAt = centroid(render(testVolume(200, disc(LABEL.fat)), protocol, { tissues: shifted }));
    const expected = fat.offResonanceHz / protocol.bandwidthPerPixel;
    expect(Math.abs(fatAt[0] - water[0] - expected)).toBeLessThan(0.05);
    expect(Math.abs(fatAt[1] - water[1])).toBeLessThan(0.05);
  });

  it('wraps an object outside the phase FOV to y − FOV·round(y/FOV) and clips it along the readout', () => {
    const fov = 0.2;
    const y0 = 0.14; // beyond FOV/2: appears at 0.14 − 0.2 = −0.06 m
    const volume = testVolume(400, (x, y) => (Math.hypot(x, y - y0) < 0.01 ? LABEL.csf : 0));
    const protocol = testProtocol({ fovRead: fov, fovPhase: fov, echoTime: 0.1, repetitionTime: 4 });
    const image = render(volume, protocol);
    const pixel = fov / protocol.matrixPhase;
    const [, row] = centroid(image);
    // Within half a pixel (the disc is drawn on a 1 mm voxel grid).
    expect(Math.abs((row - image.rows / 2) * pixel - (y0 - fov * Math.round(y0 / fov)))).toBeLessThan(
      pixel / 2,
    );
    const alongRead = render(
      testVolume(400, (x, y) => (Math.hypot(x - y0, y) < 0.01 ? LABEL.csf : 0)),
      protocol,
    );
    expect(Math.max(...alongRead.magnitude)).toBeLessThan(0.02 * Math.max(...image.magnitude));
  });

  it('rings at a sharp edge with the Gibbs overshoot of ≈ 9 % of the step (8.5–10 %)', () => {
    const volume = testVolume(240, (x) => (x < 0 ? LABEL.csf : 0));
    const protocol = testProtocol({ echoTime: 0.1, repetitionTime: 6 });
    const image = render(volume, protocol, { keepKSpace: true });
    const k = image.kspace;
    if (!k) throw new Error('no k-space');
    // The central phase line is the readout profile of the projection; evaluate its band-limited image
    // between the pixels (8× finer), where the overshoot peak lies: x(u) = Σ_κ K(κ)·exp(+i2πκu/N).
    const n = protocol.matrixRead;
    const line = (protocol.matrixPhase / 2) * n;
    const profile = (u: number): number => {
      let sum = 0;
      for (let c = 0; c < n; c++) {
        const angle = (2 * Math.PI * (c - n / 2) * u) / n;
        sum += (k.re[line + c] ?? 0) * Math.sin(angle) + (k.im[line + c] ?? 0) * Math.cos(angle);
      }
      return sum;
    };
    const plateau = profile(-n / 4);
    let peak = -Infinity;
    for (let u = -8; u <= 0; u += 1 / 8) peak = Math.max(peak, profile(u));
    expect(peak / plateau - 1).toBeGreaterThan(0.085);
    expect(peak / plateau - 1).toBeLessThan(0.1);
  });
});

describe('fast engine: noise follows voxel volume × √(N·NEX/BW)', () => {
  const volume = testVolume(120, (x, y) => (Math.hypot(x, y) < 0.03 ? LABEL.whiteMatter : 0));
  /** Standard deviation of the real part in the air region of the image's top rows (noise only). */
  function backgroundSigma(protocol: Protocol, seed: number): number {
    const n = protocol.matrixRead * protocol.matrixPhase;
    const noise = [unitComplexNoise(n, seededRandom(seed))];
    const image = render(volume, protocol, { noiseLevel: 2, noise });
    const values: number[] = [];
    for (let r = 0; r < 24; r++)
      for (let c = 0; c < image.columns; c++) values.push(image.re[r * image.columns + c] ?? 0);
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    return Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / (values.length - 1));
  }
  const base = backgroundSigma(testProtocol(), 1);

  // ~3000 samples per estimate: relative standard error ≈ 1.3 %, so 5 % tolerance.
  it('NEX 4 halves the noise (±5 %)', () => {
    expect(backgroundSigma(testProtocol({ nex: 4 }), 2) / base).toBeCloseTo(0.5, 1);
    expect(Math.abs(backgroundSigma(testProtocol({ nex: 4 }), 2) / base - 0.5)).toBeLessThan(0.025);
  });
  it('doubling the bandwidth raises the noise by √2 (±5 %)', () => {
    expect(
      Math.abs(backgroundSigma(testProtocol({ bandwidthPerPixel: 260 }), 3) / base / Math.SQRT2 - 1),
    ).toBeLessThan(0.05);
  });
  it('halving the slice thickness doubles the noise relative to signal (±5 %)', () => {
    expect(
      Math.abs(backgroundSigma(testProtocol({ sliceThickness: 0.0015 }), 4) / base / 2 - 1),
    ).toBeLessThan(0.05);
  });
  it('the same seed gives the same image, sample for sample', () => {
    expect(backgroundSigma(testProtocol(), 1)).toBe(base);
  });
});

describe('fast engine: the image-domain path', () => {
  const volume = testVolume(160, (x, y) => {
    const r = Math.hypot(x, y);
    return r < 0.03 ? LABEL.whiteMatter : r < 0.04 ? LABEL.csf : r < 0.05 ? LABEL.fat : 0;
  });
  const protocol = testProtocol();
  const frame = firstSliceFrame(protocol);
  const prepared = prepareSlice(volume, frame);
  const noise = [unitComplexNoise(frame.readCount * frame.phaseCount, seededRandom(9))];
  const workspace = createContrastWorkspace(frame);

  it.each([
    ['SE, 130 Hz/px', { echoTime: 0.02 }],
    ['SE, 80 Hz/px (new fat shift)', { bandwidthPerPixel: 80 }],
    ['GRE', { family: 'GRE' as const, repetitionTime: 0.05, echoTime: 0.005, flipAngle: 0.5 }],
  ])('gives the k-space path image (within 1e-5 of the peak), noise included: %s', (_, change) => {
    const p = { ...protocol, ...change };
    const options = { tissues, noiseLevel: 2 as const, noise };
    const viaKSpace = renderContrast(prepared, p, TEST_SCANNER, options);
    const viaImages = renderContrast(prepared, p, TEST_SCANNER, { ...options, workspace });
    const peak = Math.max(...viaKSpace.magnitude);
    let worst = 0;
    viaKSpace.re.forEach((v, i) => (worst = Math.max(worst, Math.abs(v - (viaImages.re[i] ?? NaN)))));
    viaKSpace.im.forEach((v, i) => (worst = Math.max(worst, Math.abs(v - (viaImages.im[i] ?? NaN)))));
    expect(worst).toBeLessThan(1e-5 * peak);
  });
});

describe('fast engine: echo trains', () => {
  it('EPI shifts fat along phase by Δf·N_pe·ESP pixels (analytic_formulas.md §9): exactly −4 rows (1e-6)', () => {
    const gm = tissues[LABEL.greyMatter];
    const fat = tissues[LABEL.fat];
    if (!gm || !fat) throw new Error('missing tissues');
    // Long T2* so that only the off-resonance phase differs between the two images.
    const water = { ...gm, t2: 1, t2star: 1 };
    const shifted = [...tissues];
    shifted[LABEL.greyMatter] = water;
    shifted[LABEL.fat] = {
      ...water,
      chemicalShiftPpm: fat.chemicalShiftPpm,
      offResonanceHz: fat.offResonanceHz,
    };
    const n = 64;
    const rows = 4;
    const protocol = testProtocol({
      family: 'GRE-EPI',
      repetitionTime: 2,
      echoTime: 0.03,
      matrixRead: n,
      matrixPhase: n,
      echoTrainLength: n,
      echoSpacing: rows / (Math.abs(fat.offResonanceHz) * n),
      bandwidthPerPixel: 1e9, // no readout shift: isolate the phase-direction shift
    });
    const disc = (label: number) => (x: number, y: number) => (Math.hypot(x, y) < 0.04 ? label : 0);
    const waterImage = render(testVolume(200, disc(LABEL.greyMatter)), protocol, { tissues: shifted });
    const fatImage = render(testVolume(200, disc(LABEL.fat)), protocol, { tissues: shifted });
    let worst = 0;
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const expected = waterImage.magnitude[((r + rows) % n) * n + c] ?? NaN;
        worst = Math.max(worst, Math.abs((fatImage.magnitude[r * n + c] ?? NaN) - expected));
      }
    }
    expect(worst).toBeLessThan(1e-6 * Math.max(...waterImage.magnitude));
  });
});

describe('fast engine: resampling', () => {
  it('an in-plane rotated (oblique) slice of a centred disc holds the same tissue area (within 1 %)', () => {
    const volume = testVolume(160, (x, y) => (Math.hypot(x, y) < 0.05 ? LABEL.whiteMatter : 0));
    const area = (rotation: number): number => {
      const protocol = testProtocol({ geometry: { orientation: 'axial', center: [0, 0, 0], rotation } });
      const { images } = resampleFractions(volume, firstSliceFrame(protocol), 256, 256);
      return (images[LABEL.whiteMatter] ?? new Float32Array()).reduce((s, v) => s + v, 0);
    };
    const straight = area(0);
    expect(straight).toBeGreaterThan(0);
    expect(Math.abs(area(Math.PI / 6) / straight - 1)).toBeLessThan(0.01);
  });
});
