import { describe, expect, it } from 'vitest';
import type { Protocol } from '../../sequence/protocol.ts';
import { testScanner } from '../../scanner.testing.ts';
import { tissueAtField } from '../../tissue/library.ts';
import { testHeadModel, testProtocol } from '../fast/phantom.testing.ts';
import { scanGeometry } from '../geometry.ts';
import { modelFieldMap, simulateSlice } from '../simulate.ts';
import { createPreviewEngine, type PreviewFrame, type PreviewResult } from './engine.ts';

const head = testHeadModel();
const headArray = testScanner({ coil: 'head16' });

function frameOf(result: PreviewResult): PreviewFrame {
  if (!result.ok) throw new Error(result.message);
  return result.frame;
}

/** An SE of the small head at height z [m] (one phase for every tissue: a slice moved needs no tissue split). */
const se = (z: number, change: Partial<Protocol> = {}): Protocol =>
  testProtocol({
    fovRead: 0.16,
    fovPhase: 0.16,
    matrixRead: 128,
    matrixPhase: 128,
    repetitionTime: 0.5,
    echoTime: 0.015,
    geometry: { orientation: 'axial', center: [0, 0, z] },
    ...change,
  });

/** Largest magnitude difference relative to the peak of `b`. */
function relativeWorst(a: Float32Array, b: Float32Array): number {
  let worst = 0;
  let peak = 0;
  b.forEach((v, i) => {
    worst = Math.max(worst, Math.abs((a[i] as number) - v));
    peak = Math.max(peak, v);
  });
  expect(peak).toBeGreaterThan(0);
  return worst / peak;
}

describe('preview engine: a slice moved renders its one contrast, a second render splits it into tissues', () => {
  it.each([0, 2] as const)(
    'the first render of a geometry (contrast slice) equals the per-tissue render of the same protocol within 1e-5, noise level %i, head array',
    (noiseLevel) => {
      const engine = createPreviewEngine(head);
      const first = frameOf(engine.render(se(0.001), headArray, noiseLevel)).magnitude.slice();
      // The same geometry again: now every tissue’s k-space.
      const again = frameOf(engine.render(se(0.001), headArray, noiseLevel));
      expect(again.receiveChannels).toBe(16);
      expect(relativeWorst(first, again.magnitude)).toBeLessThan(1e-5);
    },
  );

  it('a tilt is a new geometry: tilting renders what a fresh engine renders of the tilted stack, not the stale image', () => {
    const tilted = (degrees: number) =>
      se(0.001, {
        geometry: { orientation: 'axial', center: [0, 0, 0.001], tiltAboutRow: (degrees * Math.PI) / 180 },
      });
    const engine = createPreviewEngine(head);
    const flat = frameOf(engine.render(tilted(0), headArray, 0)).magnitude.slice();
    const turned = frameOf(engine.render(tilted(30), headArray, 0)).magnitude.slice();
    expect(relativeWorst(turned, flat)).toBeGreaterThan(0.05);
    const fresh = frameOf(createPreviewEngine(head).render(tilted(30), headArray, 0)).magnitude;
    expect(relativeWorst(turned, fresh)).toBeLessThan(1e-5);
  });

  it('moves, then a TE change, give what a fresh engine gives (reused k-space arrays are filled again, not stale)', () => {
    const engine = createPreviewEngine(head);
    for (const z of [0.001, 0.002, 0.003]) frameOf(engine.render(se(z), headArray, 1));
    const teChange = frameOf(engine.render(se(0.003, { echoTime: 0.03 }), headArray, 1)).magnitude.slice();
    const moveBack = frameOf(engine.render(se(0.001, { echoTime: 0.03 }), headArray, 1)).magnitude.slice();
    const fresh = (z: number) => {
      const other = createPreviewEngine(head);
      frameOf(other.render(se(z), headArray, 1));
      return frameOf(other.render(se(z, { echoTime: 0.03 }), headArray, 1)).magnitude;
    };
    expect(teChange).toEqual(fresh(0.003));
    expect(relativeWorst(moveBack, fresh(0.001))).toBeLessThan(1e-5);
  });

  it.each([
    ['SE', {}],
    ['spoiled GRE (fat its own phase)', { family: 'GRE' as const, echoTime: 0.006, flipAngle: 0.5 }],
    [
      'double-oblique SE (tilted 17° about the row, −11° about the column)',
      {
        geometry: {
          orientation: 'axial' as const,
          center: [0, 0, 0.002] as const,
          tiltAboutRow: (17 * Math.PI) / 180,
          tiltAboutColumn: (-11 * Math.PI) / 180,
        },
      },
    ],
  ])(
    'without noise, a moved slice of a 3-slice %s is the centre slice of the scan within 2 % NRMSE',
    (_, change) => {
      const protocol = se(0.002, { sliceCount: 3, ...change });
      const preview = frameOf(createPreviewEngine(head).render(protocol, headArray, 0)).magnitude;
      const centre = Math.floor(scanGeometry(protocol).slices.length / 2);
      const tissueAt = (key: string) => tissueAtField(key, headArray.b0);
      const scan = simulateSlice(head, protocol, headArray, { tissueAt, noiseLevel: 0, seed: 5 }, centre);
      let diff = 0;
      let norm = 0;
      scan.image.magnitude.forEach((v, i) => {
        diff += ((preview[i] as number) - v) ** 2;
        norm += v * v;
      });
      expect(Math.sqrt(diff / norm)).toBeLessThan(0.02);
    },
  );

  it('with susceptibility, a GRE is the scan with the field map within 2 % NRMSE, and differs from one without', () => {
    const protocol = se(0.002, { family: 'GRE', echoTime: 0.03, flipAngle: 0.5 });
    const engine = createPreviewEngine(head);
    const plain = frameOf(engine.render(protocol, headArray, 0)).magnitude.slice();
    const preview = frameOf(engine.render(protocol, headArray, 0, { susceptibility: true })).magnitude;
    const tissueAt = (key: string) => tissueAtField(key, headArray.b0);
    const fieldMap = modelFieldMap(head, tissueAt, headArray.b0);
    const scan = simulateSlice(head, protocol, headArray, { tissueAt, noiseLevel: 0, seed: 5, fieldMap }, 0);
    const nrmse = (a: Float32Array, b: Float32Array): number => {
      let diff = 0;
      let norm = 0;
      b.forEach((v, i) => {
        diff += ((a[i] as number) - v) ** 2;
        norm += v * v;
      });
      return Math.sqrt(diff / norm);
    };
    expect(nrmse(preview, scan.image.magnitude)).toBeLessThan(0.02);
    expect(nrmse(plain, scan.image.magnitude)).toBeGreaterThan(0.05);
  });

  it('prepareTissues after a move prepares the tissues once (the next TE change needs none) and gives the same images', () => {
    const engine = createPreviewEngine(head, { now: () => performance.now() });
    const first = frameOf(engine.render(se(0.002), headArray, 1)).magnitude.slice();
    expect(engine.prepareTissues()).toBe(true);
    expect(engine.prepareTissues()).toBe(false);
    const same = frameOf(engine.render(se(0.002), headArray, 1));
    expect(relativeWorst(first, same.magnitude)).toBeLessThan(1e-5);
    const teChange = frameOf(engine.render(se(0.002, { echoTime: 0.03 }), headArray, 1));
    const fresh = createPreviewEngine(head);
    frameOf(fresh.render(se(0.002), headArray, 1));
    expect(teChange.magnitude).toEqual(
      frameOf(fresh.render(se(0.002, { echoTime: 0.03 }), headArray, 1)).magnitude,
    );
    // A TSE's first render prepared every tissue already: nothing left to do.
    const tse = se(0.004, { family: 'TSE', repetitionTime: 3, echoTime: 0.09, echoTrainLength: 8 });
    frameOf(engine.render(tse, headArray, 1));
    expect(engine.prepareTissues()).toBe(false);
  });

  it('a contrast it cannot render without tissues (TSE) is prepared per tissue at once, as before', () => {
    const tse = se(0.001, { family: 'TSE', repetitionTime: 3, echoTime: 0.09, echoTrainLength: 8 });
    const engine = createPreviewEngine(head);
    const first = frameOf(engine.render(tse, headArray, 1)).magnitude.slice();
    expect(frameOf(engine.render(tse, headArray, 1)).magnitude).toEqual(first);
  });
});
