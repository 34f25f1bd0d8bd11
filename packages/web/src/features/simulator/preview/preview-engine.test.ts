import { beforeAll, describe, expect, it } from 'vitest';
import { type AnatomicalModel, buildModel } from '@larmor/mri/anatomy';
import { defaultProtocol } from '@larmor/mri/sequence';
import type { Protocol, Scanner } from '@larmor/mri';
import { scanGeometry, simulateSlice } from '@larmor/mri/simulate';
import { tissueAtField } from '@larmor/mri/tissue';
import { createPreviewEngine, type PreviewFrame } from '@larmor/mri/preview';
import { readBrainAsset } from '#lib/brain-asset.testing.ts';
import { meanAt, pureTissuePixels } from './tissue-pixels.testing.ts';
import { testScanner } from '@larmor/mri/testing';

const scanner: Scanner = testScanner();

let brain: AnatomicalModel;
beforeAll(() => {
  brain = buildModel(1, { brainAsset: readBrainAsset() });
});

function t2Tse(): Protocol {
  return { ...defaultProtocol('TSE', scanner), matrixRead: 128, matrixPhase: 128 };
}

function frameOf(result: ReturnType<ReturnType<typeof createPreviewEngine>['render']>): PreviewFrame {
  if (!result.ok) throw new Error(result.message);
  return result.frame;
}

describe('preview engine', () => {
  it('on a T2-weighted TSE at TE 100 ms, CSF is brighter than white matter; at TE 15 ms it is not', () => {
    const engine = createPreviewEngine(brain);
    const long = { ...t2Tse(), echoTime: 0.1 };
    const csf = pureTissuePixels(brain, long, 'csf');
    const wm = pureTissuePixels(brain, long, 'whiteMatter');
    expect(csf.length).toBeGreaterThan(10);
    expect(wm.length).toBeGreaterThan(10);
    const t2 = frameOf(engine.render(long, scanner, 0));
    expect(meanAt(t2.magnitude, csf)).toBeGreaterThan(1.5 * meanAt(t2.magnitude, wm));
    expect(meanAt(t2.grey, csf)).toBeGreaterThan(meanAt(t2.grey, wm));
    // Short TE and TR: T1 weighting, CSF dark.
    const t1 = frameOf(
      engine.render({ ...long, echoTime: 0.015, repetitionTime: 0.5, echoTrainLength: 3 }, scanner, 0),
    );
    expect(meanAt(t1.magnitude, csf)).toBeLessThan(meanAt(t1.magnitude, wm));
  });

  it('a contrast change reuses the prepared slice and gives the same image as a fresh engine', () => {
    const engine = createPreviewEngine(brain);
    const a = t2Tse();
    const b = { ...a, echoTime: 0.12 };
    frameOf(engine.render(a, scanner, 2));
    const cached = frameOf(engine.render(b, scanner, 2));
    const fresh = frameOf(createPreviewEngine(brain).render(b, scanner, 2));
    expect(cached.magnitude).toEqual(fresh.magnitude);
  });

  it('noise makes the image differ, and the same noise level gives the same grain', () => {
    const engine = createPreviewEngine(brain);
    const quiet = frameOf(engine.render(t2Tse(), scanner, 0)).magnitude.slice();
    const noisy = frameOf(engine.render(t2Tse(), scanner, 3)).magnitude.slice();
    expect(noisy).not.toEqual(quiet);
    expect(frameOf(engine.render(t2Tse(), scanner, 3)).magnitude).toEqual(noisy);
  });

  it('a protocol the scanner cannot play is refused with the reason, not rendered', () => {
    const result = createPreviewEngine(brain).render({ ...t2Tse(), echoTime: 0.001 }, scanner, 0);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/TE/);
  });
});

/** ‖a − b‖ / ‖b‖ over the pixels (the normalised RMS error of a against b). */
function nrmse(a: Float32Array, b: Float32Array): number {
  let diff = 0;
  let norm = 0;
  for (let i = 0; i < b.length; i++) {
    diff += ((a[i] as number) - (b[i] as number)) ** 2;
    norm += (b[i] as number) ** 2;
  }
  return Math.sqrt(diff / norm);
}

/** The image of the scan the preview previews: its centre slice, as a scan part computes it (noise level 0). */
function scanCentre(protocol: Protocol, at: Scanner, noiseLevel: 0 | 3 = 0) {
  const centre = Math.floor(scanGeometry(protocol).slices.length / 2);
  const tissueAt = (key: string) => tissueAtField(key, at.b0);
  return simulateSlice(brain, protocol, at, { tissueAt, noiseLevel, seed: 5 }, centre);
}

describe('preview equals the scan (issue 26.3)', () => {
  const headArray: Scanner = { ...scanner, coil: 'head16' };
  const stack = (): Protocol => ({ ...t2Tse(), sliceCount: 5, echoTime: 0.09 });

  it('without noise, the preview with the head array is the centre slice of the scan within 2 % NRMSE', () => {
    const preview = frameOf(createPreviewEngine(brain).render(stack(), headArray, 0));
    const scan = scanCentre(stack(), headArray);
    expect(preview.receiveChannels).toBe(16);
    expect(scan.receiveChannels).toBe(16);
    expect(nrmse(preview.magnitude, scan.image.magnitude)).toBeLessThan(0.02);
  });

  it('at 3 T with the body array, too, and a new field or coil is rendered at once, not from the old one', () => {
    const engine = createPreviewEngine(brain);
    frameOf(engine.render(stack(), headArray, 0));
    const at3T: Scanner = { ...scanner, b0: 3, coil: 'body' };
    const preview = frameOf(engine.render(stack(), at3T, 0));
    expect(preview.receiveChannels).toBe(8);
    expect(nrmse(preview.magnitude, scanCentre(stack(), at3T).image.magnitude)).toBeLessThan(0.02);
  });

  it('a slice moved on the head array renders what a fresh engine renders there (buffers reused, caches not)', () => {
    const engine = createPreviewEngine(brain);
    frameOf(engine.render(stack(), headArray, 2));
    const moved: Protocol = { ...stack(), geometry: { ...stack().geometry, center: [0, 0, 0.02] } };
    const after = frameOf(engine.render(moved, headArray, 2));
    expect(after.magnitude).toEqual(
      frameOf(createPreviewEngine(brain).render(moved, headArray, 2)).magnitude,
    );
  });

  it('with noise, its noise is that of the array, amplified where the coils are weak, as in the scan (RMS within 15 %)', () => {
    const engine = createPreviewEngine(brain);
    const quiet = frameOf(engine.render(stack(), headArray, 0)).magnitude.slice();
    const noisy = frameOf(engine.render(stack(), headArray, 3)).magnitude;
    const scanQuiet = scanCentre(stack(), headArray).image.magnitude;
    const scanNoisy = scanCentre(stack(), headArray, 3).image.magnitude;
    const rms = (a: Float32Array, b: Float32Array) => (nrmse(a, b) * Math.hypot(...b)) / Math.sqrt(b.length);
    const previewNoise = rms(noisy, quiet);
    const scanNoise = rms(scanNoisy, scanQuiet);
    expect(previewNoise / scanNoise).toBeGreaterThan(0.85);
    expect(previewNoise / scanNoise).toBeLessThan(1.15);
  });
});
