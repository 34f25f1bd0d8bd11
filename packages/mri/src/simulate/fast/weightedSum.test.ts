import { describe, expect, it } from 'vitest';
import type { Protocol } from '../../sequence/protocol.ts';
import { LABEL, testProtocol, testTissues, testVolume } from './phantom.testing.ts';
import { firstSliceFrame } from '../geometry.testing.ts';
import { prepareSlice } from './prepare.ts';
import { compareRendered as compare } from './rendered.testing.ts';
import { createContrastWorkspace, renderContrast } from './render.ts';
import { tissueTerms } from './weights.ts';
import { weightedSum } from './weightedSum.ts';
import type { ShiftedKSpaceCache } from './types.ts';
import { TEST_SCANNER } from '../../scanner.testing.ts';

// White matter, CSF and a fat ring off centre: fat is chemically shifted along the readout.
const volume = testVolume(160, (x, y) => {
  const r = Math.hypot(x - 0.01, y + 0.005);
  return r < 0.03 ? LABEL.whiteMatter : r < 0.04 ? LABEL.csf : r < 0.05 ? LABEL.fat : 0;
});
const tissues = testTissues();
// An echo train: the weights differ from line to line, so the k-space path (weightedSum) renders it.
const tse = (change: Partial<Protocol> = {}): Protocol =>
  testProtocol({ family: 'TSE', echoTrainLength: 8, echoTime: 0.08, repetitionTime: 3, ...change });

describe('fast engine: the weighted sum with the shifted k-spaces kept (the live preview workspace)', () => {
  it('gives the image of the sum without a cache (1e-6 of the peak), on the first render and the next', () => {
    const protocol = tse({ bandwidthPerPixel: 80 });
    const frame = firstSliceFrame(protocol);
    const prepared = prepareSlice(volume, frame);
    const workspace = createContrastWorkspace(frame);
    for (const echoTime of [0.08, 0.1]) {
      const p = { ...protocol, echoTime };
      const plain = renderContrast(prepared, p, TEST_SCANNER, { tissues, noiseLevel: 0 });
      const kept = renderContrast(prepared, p, TEST_SCANNER, { tissues, noiseLevel: 0, workspace });
      const { worst, peak } = compare(plain, kept);
      expect(peak).toBeGreaterThan(0.1);
      expect(worst).toBeLessThan(1e-6 * peak);
    }
  });

  it('forms the shifted k-space again for a new bandwidth and a new slice, never a stale one', () => {
    const protocol = tse({ bandwidthPerPixel: 80 });
    const frame = firstSliceFrame(protocol);
    const workspace = createContrastWorkspace(frame);
    const first = prepareSlice(volume, frame);
    renderContrast(first, protocol, TEST_SCANNER, { tissues, noiseLevel: 0, workspace });
    const moved = firstSliceFrame({ ...protocol, geometry: { orientation: 'axial', center: [0, 0, 0.004] } });
    for (const [prepared, p] of [
      [first, { ...protocol, bandwidthPerPixel: 160 }],
      [prepareSlice(volume, moved), { ...protocol, bandwidthPerPixel: 160 }],
    ] as const) {
      const plain = renderContrast(prepared, p, TEST_SCANNER, { tissues, noiseLevel: 0 });
      const kept = renderContrast(prepared, p, TEST_SCANNER, { tissues, noiseLevel: 0, workspace });
      const { worst, peak } = compare(plain, kept);
      expect(worst).toBeLessThan(1e-6 * peak);
    }
  });

  it('forms a shifted k-space once per slice and shift: a contrast change reuses it', () => {
    const protocol = tse({ bandwidthPerPixel: 80 });
    const frame = firstSliceFrame(protocol);
    const prepared = prepareSlice(volume, frame);
    const n = frame.readCount * frame.phaseCount;
    const [sumRe, sumIm] = [new Float64Array(n), new Float64Array(n)];
    const cache: ShiftedKSpaceCache = { prepared: undefined, bySlot: [] };
    const terms = (p: Protocol) => tissueTerms(prepared, p, TEST_SCANNER, tissues);
    const fatSlot = prepared.labels.indexOf(LABEL.fat);
    expect(terms(protocol).find((t) => t.slot === fatSlot)?.shift).not.toBe(0);
    weightedSum(prepared, terms(protocol), sumRe, sumIm, frame.phaseCount, cache);
    const formed = cache.bySlot[fatSlot];
    weightedSum(prepared, terms({ ...protocol, echoTime: 0.1 }), sumRe, sumIm, frame.phaseCount, cache);
    expect(cache.bySlot[fatSlot]).toBe(formed);
    weightedSum(
      prepared,
      terms({ ...protocol, bandwidthPerPixel: 160 }),
      sumRe,
      sumIm,
      frame.phaseCount,
      cache,
    );
    expect(cache.bySlot[fatSlot]).not.toBe(formed);
    // The only shifted tissue: the water tissues are summed from the prepared k-spaces themselves.
    expect(cache.bySlot.filter((e) => e !== undefined)).toHaveLength(1);
  });
});
