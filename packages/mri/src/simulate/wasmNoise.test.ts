import { describe, expect, it } from 'vitest';
import { fillUnitComplexNoise, seededRandom, type RandomSource } from './noise.ts';
import { wasmNormals } from './wasmNoise.ts';

const draw = (length: number, random: RandomSource, wasm?: boolean) =>
  fillUnitComplexNoise(
    { re: new Float32Array(length), im: new Float32Array(length) },
    random,
    wasm === undefined ? {} : { wasm },
  );

/** The seeded source without its state handle: fillUnitComplexNoise then draws one call at a time. */
const plain = (seed: number): RandomSource => {
  const random = seededRandom(seed);
  return () => random();
};

describe('unit noise on WebAssembly (wasmNoise.ts)', () => {
  it('is available here (Node has WebAssembly SIMD)', () => {
    expect(
      wasmNormals(8, { kn: new Float64Array(128), wn: new Float64Array(128), fn: new Float64Array(128) }),
    ).toBeDefined();
  });

  // Lengths not a multiple of the 4 lanes, one small, one of a scan slice; the seeds' rare draws fall anywhere.
  it.each([
    [1, 3],
    [7, 5],
    [1023, 11],
    [65_536, 7],
    [65_536, 2_654_435_761],
  ])(
    'gives the same bits as the JavaScript draws (length %i, seed %i) and leaves the same state',
    (n, seed) => {
      const a = seededRandom(seed);
      const b = seededRandom(seed);
      const fromWasm = draw(n, a);
      const fromJs = draw(n, b, false);
      const oneByOne = draw(n, plain(seed));
      expect(Buffer.from(fromWasm.re.buffer).equals(Buffer.from(fromJs.re.buffer))).toBe(true);
      expect(Buffer.from(fromWasm.im.buffer).equals(Buffer.from(fromJs.im.buffer))).toBe(true);
      expect(Buffer.from(fromWasm.re.buffer).equals(Buffer.from(oneByOne.re.buffer))).toBe(true);
      expect(Buffer.from(fromWasm.im.buffer).equals(Buffer.from(oneByOne.im.buffer))).toBe(true);
      expect(a.state[0]).toBe(b.state[0]);
      expect(a()).toBe(b());
    },
  );

  it('draws consecutive buffers from one source as JavaScript does (the elements of a coil array)', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    for (let element = 0; element < 4; element++) {
      const w = draw(4096, a);
      const j = draw(4096, b, false);
      expect(Array.from(w.re)).toEqual(Array.from(j.re));
      expect(Array.from(w.im)).toEqual(Array.from(j.im));
    }
  });

  it('hits the rare branch (so the hand-back to JavaScript is exercised)', () => {
    const { re, im } = draw(65_536, seededRandom(7));
    let tail = 0;
    for (let i = 0; i < re.length; i++)
      if (Math.abs(re[i] as number) > 3.442619855899 || Math.abs(im[i] as number) > 3.442619855899) tail++;
    expect(tail).toBeGreaterThan(0);
  });
});
