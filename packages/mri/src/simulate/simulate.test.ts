import { describe, expect, it } from 'vitest';
import type { AnatomicalModel } from '../anatomy/types.ts';
import type { Protocol } from '../sequence/protocol.ts';
import { scanGeometry } from './geometry.ts';
import { LABEL, testProtocol, testTissueAt, testTissues, testVolume } from './fast/phantom.testing.ts';
import { prepareSlice } from './fast/prepare.ts';
import { renderContrast, type RenderedImage } from './fast/render.ts';
import { scoutImages, scoutProtocol } from './scout.ts';
import { coilSensitivityMaps } from '../anatomy/coils.ts';
import { frameCoilMaps, simulate, simulateSlice, type SimulateOptions } from './simulate.ts';
import { TEST_SCANNER } from '../scanner.testing.ts';
import { firstSliceFrame } from './geometry.testing.ts';

/** Concentric "head": white matter core, grey matter, CSF, then a fat (scalp) ring [m]. */
const RADII = { whiteMatter: 0.03, greyMatter: 0.045, csf: 0.055, fat: 0.065 };
const head: AnatomicalModel = {
  id: 0,
  name: 'test head',
  volume: testVolume(160, (x, y) => {
    const r = Math.hypot(x, y);
    if (r < RADII.whiteMatter) return LABEL.whiteMatter;
    if (r < RADII.greyMatter) return LABEL.greyMatter;
    if (r < RADII.csf) return LABEL.csf;
    if (r < RADII.fat) return LABEL.fat;
    return 0;
  }),
  tissues: ['air', 'whiteMatter', 'greyMatter', 'csf', 'fat'],
  regions: [],
  features: [],
  coils: [],
};
const options: SimulateOptions = {
  tissueAt: testTissueAt,
  noiseLevel: 0,
  seed: 42,
};

/** Mean magnitude on a ring at radius r [m] (8 points), in an image of the test head. */
function ringMean(image: RenderedImage, protocol: Protocol, r: number): number {
  const pixel = protocol.fovRead / protocol.matrixRead;
  let sum = 0;
  for (let a = 0; a < 8; a++) {
    const c = Math.round(image.columns / 2 + (r * Math.cos((a * Math.PI) / 4)) / pixel);
    const row = Math.round(image.rows / 2 + (r * Math.sin((a * Math.PI) / 4)) / pixel);
    sum += image.magnitude[row * image.columns + c] ?? NaN;
  }
  return sum / 8;
}

function contrast(protocol: Protocol) {
  const image = simulate(head, protocol, TEST_SCANNER, options).images[0];
  if (!image) throw new Error('no image');
  return {
    wm: ringMean(image, protocol, 0.015),
    gm: ringMean(image, protocol, 0.0375),
    csf: ringMean(image, protocol, 0.05),
    fat: ringMean(image, protocol, 0.06),
  };
}

/**
 * `contrast` of an inversion-recovery `family` at TR `tr` and TE `te` [s] whose TI nulls a tissue of T1 `t1` [s]:
 * TI = T1·ln(2/(1+e^(−TR/T1))).
 */
function nulledContrast(family: 'FLAIR' | 'STIR', t1: number, tr: number, te: number) {
  const ti = t1 * Math.log(2 / (1 + Math.exp(-tr / t1)));
  return contrast(testProtocol({ family, repetitionTime: tr, inversionTime: ti, echoTime: te }));
}

describe('contrast of the synthetic head', () => {
  it('T1-weighted SE (TR 0.5 s, TE 15 ms): white matter > grey matter > CSF', () => {
    const s = contrast(testProtocol({ repetitionTime: 0.5, echoTime: 0.015 }));
    expect(s.wm).toBeGreaterThan(s.gm);
    expect(s.gm).toBeGreaterThan(2 * s.csf);
  });
  it('T2-weighted SE (TR 4 s, TE 100 ms): CSF brightest', () => {
    const s = contrast(testProtocol({ repetitionTime: 4, echoTime: 0.1 }));
    expect(s.csf).toBeGreaterThan(2 * s.gm);
    expect(s.gm).toBeGreaterThan(s.wm);
  });
  it('FLAIR with TI at the CSF null T1·ln(2/(1+e^(−TR/T1))): CSF below 10 % of grey matter', () => {
    const s = nulledContrast('FLAIR', 4.0, 9, 0.1);
    expect(s.csf).toBeLessThan(0.1 * s.gm);
  });
  it('STIR with TI at the fat null: fat below 10 % of white matter', () => {
    const s = nulledContrast('STIR', 0.343, 4, 0.03);
    expect(s.fat).toBeLessThan(0.1 * s.wm);
  });
});

describe('simulate: scan structure', () => {
  const protocol = testProtocol({ sliceCount: 3, sliceThickness: 0.002, sliceGap: 0.0005 });
  it('slice by slice equals the whole scan, noise included (so workers may split slices)', () => {
    const noisy = { ...options, noiseLevel: 2 as const };
    const whole = simulate(head, protocol, TEST_SCANNER, noisy);
    const second = simulateSlice(head, protocol, TEST_SCANNER, noisy, 1);
    expect(second.image.magnitude).toEqual(whole.images[1]?.magnitude);
    expect(whole.images[0]?.magnitude).not.toEqual(whole.images[1]?.magnitude);
  });
  it('places slices thickness + gap apart along the normal', () => {
    const { slices, spacingBetweenSlices } = scanGeometry(protocol);
    expect(spacingBetweenSlices).toBeCloseTo(0.0025, 12);
    expect((slices[2]?.center[2] ?? NaN) - (slices[0]?.center[2] ?? NaN)).toBeCloseTo(0.005, 12);
  });
  it('scouts come in three planes with the head visible in each', () => {
    const scouts = scoutImages(head, TEST_SCANNER, options, [0, 0, 0], 0.2);
    expect(scouts.map((s) => s.orientation)).toEqual(['axial', 'sagittal', 'coronal']);
    for (const s of scouts) expect(Math.max(...s.image.magnitude)).toBeGreaterThan(0.05);
  });
  it('scouts encode phase across the body (A-P axial and sagittal, R-L coronal), so the long axis cannot wrap', () => {
    const directions = (['axial', 'sagittal', 'coronal'] as const).map(
      (o) => scoutProtocol(o, [0, 0, 0], 0.3).phaseDirection,
    );
    expect(directions).toEqual(['column', 'row', 'row']);
  });
});

describe('receive chain and partial Fourier', () => {
  const volume = head.volume;
  const tissues = testTissues();
  const protocol = testProtocol();
  const frame = firstSliceFrame(protocol);
  const prepared = prepareSlice(volume, frame);
  const full = renderContrast(prepared, protocol, TEST_SCANNER, { tissues });
  const peak = Math.max(...full.magnitude);

  it('sum of squares of coils with sensitivities 1 and ½ gives √1.25 × the single-coil image (1e-9)', () => {
    const n = frame.readCount * frame.phaseCount;
    const coilMaps = [new Float32Array(n).fill(1), new Float32Array(n).fill(0.5)];
    const sos = renderContrast(prepared, protocol, TEST_SCANNER, { tissues, coilMaps });
    let worst = 0;
    for (let i = 0; i < n; i++) {
      worst = Math.max(
        worst,
        Math.abs((sos.magnitude[i] ?? NaN) - Math.sqrt(1.25) * (full.magnitude[i] ?? NaN)),
      );
    }
    expect(worst).toBeLessThan(1e-6 * peak);
  });

  it.each(['homodyne', 'zeroFill'] as const)(
    '5/8 partial Fourier with %s stays within 6 % RMS of the full image (of the peak)',
    (mode) => {
      const partial = renderContrast(prepared, { ...protocol, partialFourier: 5 / 8 }, TEST_SCANNER, {
        tissues,
        partialFourierMode: mode,
      });
      let sq = 0;
      for (let i = 0; i < full.magnitude.length; i++) {
        sq += ((partial.magnitude[i] ?? NaN) - (full.magnitude[i] ?? NaN)) ** 2;
      }
      expect(Math.sqrt(sq / full.magnitude.length) / peak).toBeLessThan(0.06);
    },
  );

  it('translational motion along phase spreads ghosts outside the head', () => {
    const outside = (image: RenderedImage): number => {
      let sum = 0;
      for (let r = 0; r < 10; r++)
        for (let c = 0; c < image.columns; c++) sum += image.magnitude[r * image.columns + c] ?? 0;
      return sum;
    };
    const moved = renderContrast(prepared, protocol, TEST_SCANNER, {
      tissues,
      motion: { kind: 'translation', amplitude: 0.005, frequency: 1.3, direction: [0, 1, 0] },
    });
    expect(outside(moved)).toBeGreaterThan(10 * outside(full));
  });

  it('in-plane rotation motion blurs the head (image differs from static by more than 5 % RMS)', () => {
    const rotated = renderContrast(prepared, protocol, TEST_SCANNER, {
      tissues,
      motion: { kind: 'rotation', amplitude: (10 * Math.PI) / 180, frequency: 1.3 },
    });
    let sq = 0;
    for (let i = 0; i < full.magnitude.length; i++)
      sq += ((rotated.magnitude[i] ?? 0) - (full.magnitude[i] ?? 0)) ** 2;
    expect(Math.sqrt(sq / full.magnitude.length) / peak).toBeGreaterThan(0.05);
  });
});

describe('coil sensitivity maps on the acquisition grid', () => {
  it('interpolated from a coarse grid, stay within 0.5 % of the exact maps', () => {
    const protocol = testProtocol({ matrixRead: 128, matrixPhase: 96, fovPhase: 0.15 });
    const frame = firstSliceFrame(protocol);
    const coil = {
      uniqueName: 'test',
      shownName: 'Test',
      elements: [
        [0.12, 0, 0],
        [0, -0.12, 0.01],
      ] as const,
      elementRadius: 0.08,
    };
    const fast = frameCoilMaps(coil, frame);
    const exact = coilSensitivityMaps(
      coil,
      {
        center: frame.plane.center,
        row: frame.readDirection,
        column: frame.phaseDirection,
        normal: frame.plane.normal,
      },
      {
        nx: frame.readCount,
        ny: frame.phaseCount,
        pixelSpacing: [frame.fovRead / frame.readCount, frame.fovPhase / frame.phaseCount],
        sliceThickness: frame.plane.sliceThickness,
      },
    );
    expect(fast).toHaveLength(2);
    fast?.forEach((map, e) => {
      let worst = 0;
      map.forEach((v, i) => (worst = Math.max(worst, Math.abs(v - (exact[e]?.[i] ?? NaN)))));
      expect(worst).toBeLessThan(0.005);
    });
  });
});
