/**
 * A coil array given by its sums (./coilSums.ts, a scan slice's receive, issue 26 item 5) renders the same bytes
 * as the same array given by its maps and noise: image, complex combination and first-coil k-space; with noise
 * and without, with prescan normalisation and without, phase along rows with oversampling, on the k-space path
 * (a scan's) and on the image-domain path (a workspace's). Where it cannot (partial Fourier, every coil's
 * k-space), it is refused with a clear error instead of giving another image.
 */
import { describe, expect, it } from 'vitest';
import { modelCoils } from '../../anatomy/modelCoils.ts';
import { frameCoilMapSource, frameCoilMaps } from '../coilMaps.ts';
import { acquisitionFrame, scanGeometry } from '../geometry.ts';
import { fillUnitComplexNoise, seededRandom, unitComplexNoise } from '../noise.ts';
import { prescanGainOfSquares, prescanNormalisationGain } from '../prescan.ts';
import { coilSumsOf, createCoilSumsBuffers, streamCoilSums } from './coilSums.ts';
import { LABEL, testProtocol, testTissues, testVolume } from './phantom.testing.ts';
import { prepareSlice } from './prepare.ts';
import { createContrastWorkspace, renderContrast, type RenderedImage } from './render.ts';
import type { Protocol } from '../../sequence/protocol.ts';
import { TEST_SCANNER } from '../../scanner.testing.ts';
import { firstSliceFrame } from '../geometry.testing.ts';

const HEAD = modelCoils(1).find((c) => c.uniqueName === 'head16');
const volume = testVolume(96, (x, y) =>
  Math.hypot(x, y) < 0.03 ? LABEL.csf : Math.hypot(x, y) < 0.06 ? LABEL.greyMatter : 0,
);
const tissues = testTissues();

/** The slice of `protocol` with the head array, given as maps and noise and as sums. */
function bothWays(protocol: Protocol, noiseLevel: 0 | 1, prescanNormalize: boolean, workspace = false) {
  const plane = scanGeometry(protocol).slices[0];
  if (!plane || !HEAD) throw new Error('no slice or no head array');
  const frame = acquisitionFrame(protocol, plane);
  const prepared = prepareSlice(volume, frame);
  const n = frame.readCount * frame.phaseCount;
  const maps = frameCoilMaps(HEAD, frame) ?? [];
  const random = seededRandom(11);
  const noise = noiseLevel > 0 ? maps.map(() => unitComplexNoise(n, random)) : undefined;
  const source = frameCoilMapSource(HEAD, frame);
  if (!source) throw new Error('no map source');
  const common = { tissues, noiseLevel, prescanNormalize, keepKSpace: !workspace };
  const ws = () => (workspace ? { workspace: createContrastWorkspace(frame) } : {});
  const fromMaps = renderContrast(prepared, protocol, TEST_SCANNER, {
    ...common,
    ...ws(),
    coilMaps: maps,
    ...(noise ? { noise } : {}),
  });
  const coilSums = streamCoilSums(source, frame, noiseLevel > 0 ? seededRandom(11) : undefined);
  const fromSums = renderContrast(prepared, protocol, TEST_SCANNER, { ...common, ...ws(), coilSums });
  return { fromMaps, fromSums, maps, frame };
}

function expectSameBytes(a: RenderedImage, b: RenderedImage): void {
  expect(b.rows).toBe(a.rows);
  expect(b.columns).toBe(a.columns);
  expect(Buffer.from(b.magnitude.buffer).equals(Buffer.from(a.magnitude.buffer))).toBe(true);
  expect(Buffer.from(b.re.buffer).equals(Buffer.from(a.re.buffer))).toBe(true);
  expect(Buffer.from(b.im.buffer).equals(Buffer.from(a.im.buffer))).toBe(true);
  expect(b.kspace === undefined).toBe(a.kspace === undefined);
  if (a.kspace && b.kspace) {
    expect(Buffer.from(b.kspace.re.buffer).equals(Buffer.from(a.kspace.re.buffer))).toBe(true);
    expect(Buffer.from(b.kspace.im.buffer).equals(Buffer.from(a.kspace.im.buffer))).toBe(true);
  }
}

describe('a coil array given by its sums', () => {
  it.each([
    ['noise, prescan normalisation', 1, true],
    ['noise, raw sum of squares', 1, false],
    ['no noise, prescan normalisation', 0, true],
  ] as const)('gives the bytes of its maps and noise on the k-space path (%s)', (_, level, prescan) => {
    const { fromMaps, fromSums } = bothWays(testProtocol(), level, prescan);
    expect(fromMaps.kspace).toBeDefined();
    expectSameBytes(fromMaps, fromSums);
  });

  it('gives the same bytes with phase along rows and phase oversampling (crop and transpose)', () => {
    const { fromMaps, fromSums } = bothWays(
      testProtocol({ phaseDirection: 'row', phaseOversampling: 0.5 }),
      1,
      true,
    );
    expectSameBytes(fromMaps, fromSums);
  });

  it('gives the same bytes on the image-domain path of a workspace', () => {
    const { fromMaps, fromSums } = bothWays(testProtocol(), 1, true, true);
    expectSameBytes(fromMaps, fromSums);
  });

  it('gives the prescan gain of the maps, value for value', () => {
    const { maps, frame } = bothWays(testProtocol({ phaseOversampling: 0.25 }), 0, true);
    const squares = new Float64Array(frame.readCount * frame.phaseCount);
    for (const map of maps)
      for (let i = 0; i < squares.length; i++) squares[i] = (squares[i] as number) + (map[i] as number) ** 2;
    expect(Array.from(prescanGainOfSquares(squares, frame))).toEqual(
      Array.from(prescanNormalisationGain(maps, frame)),
    );
  });

  it('is refused for partial Fourier and for every coil k-space, which need the maps', () => {
    const protocol = testProtocol({ partialFourier: 0.75 });
    expect(() => bothWays(protocol, 1, true)).toThrow(/coil sums serve full-Fourier/);
    const plain = testProtocol();
    const frame = firstSliceFrame(plain);
    const source = frameCoilMapSource(HEAD, frame);
    if (!source) throw new Error('no map source');
    const coilSums = streamCoilSums(source, frame, seededRandom(1));
    expect(() =>
      renderContrast(prepareSlice(volume, frame), plain, TEST_SCANNER, {
        tissues,
        noiseLevel: 1,
        coilSums,
        keepCoilKSpaces: true,
      }),
    ).toThrow(/every coil k-space needs the coil maps/);
  });
});

describe('unit noise drawn into a buffer', () => {
  it('is the same draws as a fresh array, and advances the source the same', () => {
    const a = seededRandom(3);
    const b = seededRandom(3);
    const fresh = [unitComplexNoise(5000, a), unitComplexNoise(5000, a)];
    const buffer = { re: new Float32Array(5000), im: new Float32Array(5000) };
    for (const expected of fresh) {
      fillUnitComplexNoise(buffer, b);
      expect(Array.from(buffer.re)).toEqual(Array.from(expected.re));
      expect(Array.from(buffer.im)).toEqual(Array.from(expected.im));
    }
    expect(a()).toBe(b());
  });
});

describe('coil sums from kept noise, block by block (the live preview, issue 26)', () => {
  it('are the numbers streamCoilSums adds for the same noise, and reused buffers are zeroed first', () => {
    const protocol = testProtocol({ phaseDirection: 'row', phaseOversampling: 0.5 });
    const plane = scanGeometry(protocol).slices[0];
    if (!plane || !HEAD) throw new Error('no slice or no head array');
    const frame = acquisitionFrame(protocol, plane);
    const source = frameCoilMapSource(HEAD, frame);
    if (!source) throw new Error('no map source');
    const n = frame.readCount * frame.phaseCount;
    const random = seededRandom(5);
    const noise = Array.from({ length: source.count }, () => unitComplexNoise(n, random));
    const streamed = streamCoilSums(source, frame, seededRandom(5));
    const expected = [streamed.stats.s2, streamed.stats.aRe, streamed.stats.aIm, streamed.stats.n2].map((a) =>
      Float64Array.from(a),
    );
    const buffers = createCoilSumsBuffers(n);
    buffers.s2.fill(7);
    const sums = coilSumsOf(source, frame, noise, buffers);
    const got = [sums.stats.s2, sums.stats.aRe, sums.stats.aIm, sums.stats.n2];
    got.forEach((values, i) => expect(Array.from(values)).toEqual(Array.from(expected[i] as Float64Array)));
    expect(Array.from(sums.gain)).toEqual(Array.from(streamed.gain));
    expect(Array.from(sums.firstMap)).toEqual(Array.from(streamed.firstMap));
    expect(sums.firstNoise).toBe(noise[0]);
  });
});
