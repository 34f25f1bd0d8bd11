// The test reads the shipped brain asset from disk, as the build does; product code gets it from the worker.
/* eslint-disable no-restricted-imports */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
/* eslint-enable no-restricted-imports */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnatomicalModel } from '@larmor/mri/anatomy/types';
import { decodeBrainAsset } from '@larmor/mri/anatomy/labelAsset';
import { buildModel } from '@larmor/mri/anatomy/registry';
import { defaultProtocol } from '@larmor/mri/sequence/defaults';
import type { Protocol, Scanner } from '@larmor/mri/sequence/protocol';
import { createPreviewEngine, type PreviewFrame } from './preview-engine.ts';
import { meanAt, pureTissuePixels } from './tissue-pixels.testing.ts';

const scanner: Scanner = { b0: 1.5, maxGradient: 0.045, maxSlewRate: 200, coil: 'body' };
// A path, not new URL(…, import.meta.url): Vite rewrites those into served asset URLs.
const BRAIN_ASSET = resolve(import.meta.dirname, '../../../../../mri/assets/brain/colin27-labels.bin.gz');

let brain: AnatomicalModel;
beforeAll(() => {
  const asset = decodeBrainAsset(new Uint8Array(gunzipSync(readFileSync(BRAIN_ASSET))));
  brain = buildModel(1, { brainAsset: asset });
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
