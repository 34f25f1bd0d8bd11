/**
 * A scan slice on a coil array (simulateSlice, the fast engine's part of a scan; issue 26 item 5) gives the bytes
 * of its definition: every element's map on the slice's frame (frameCoilMaps), one unit noise per element drawn
 * from the slice's seed in element order, rendered with its first coil's k-space. The scan now forms the array's
 * sums one element at a time (fast/coilSums.ts); this pins that the images and k-spaces it stores did not change.
 */
import { describe, expect, it } from 'vitest';
import type { AnatomicalModel } from '../anatomy/types.ts';
import { testHeadModel, testProtocol, testTissueAt } from './fast/phantom.testing.ts';
import { prepareSlice } from './fast/prepare.ts';
import { renderContrast } from './fast/render.ts';
import { acquisitionFrame, scanGeometry } from './geometry.ts';
import { seededRandom, unitComplexNoise } from './noise.ts';
import { frameCoilMaps, simulateSlice, sliceSeed, tissuesByLabel, type SimulateOptions } from './simulate.ts';
import { TEST_SCANNER } from '../scanner.testing.ts';

const head: AnatomicalModel = testHeadModel();
const options: SimulateOptions = {
  tissueAt: testTissueAt,
  noiseLevel: 1,
  seed: 42,
};
const scanner = { ...TEST_SCANNER, coil: 'head16' };
const same = (a: Float32Array, b: Float32Array): boolean =>
  Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));

describe('a scan slice on the 16-element head array', () => {
  it.each([
    ['phase along columns', testProtocol({ sliceCount: 3, sliceGap: 0.002 })],
    [
      'phase along rows, oversampled',
      testProtocol({ sliceCount: 3, phaseDirection: 'row', phaseOversampling: 0.5 }),
    ],
  ])('is its elements’ maps and noise rendered, byte for byte (%s)', (_, protocol) => {
    const index = 2;
    const got = simulateSlice(head, protocol, scanner, options, index);
    const frame = acquisitionFrame(protocol, scanGeometry(protocol).slices[index] ?? (undefined as never));
    const coilMaps = frameCoilMaps(head.coils[0], frame) ?? [];
    const random = seededRandom(sliceSeed(options.seed, index));
    const noise = coilMaps.map(() => unitComplexNoise(frame.readCount * frame.phaseCount, random));
    const expected = renderContrast(prepareSlice(head.volume, frame), protocol, scanner, {
      tissues: tissuesByLabel(head, options),
      noiseLevel: 1,
      noise,
      coilMaps,
      prescanNormalize: true,
      keepKSpace: true,
    });
    expect(got.receiveChannels).toBe(16);
    expect(same(got.image.magnitude, expected.magnitude)).toBe(true);
    expect(same(got.image.re, expected.re)).toBe(true);
    expect(same(got.image.im, expected.im)).toBe(true);
    expect(expected.kspace).toBeDefined();
    expect(same(got.kspace.re, expected.kspace?.re ?? new Float32Array())).toBe(true);
    expect(same(got.kspace.im, expected.kspace?.im ?? new Float32Array())).toBe(true);
  });
});
