import { describe, expect, it } from 'vitest';
import { PulseqParseError } from './errors.ts';
import { readSeq } from './read.ts';
import { writeSeq } from './write.ts';
import { seq15 } from './fixtures.test-support.ts';

const EXTENSIONS = `[EXTENSIONS]
1 1 1 0
2 2 1 1
3 3 1 0
4 4 1 0
5 5 1 3
6 6 1 0

extension LABELSET 1
1 3 LIN

extension LABELINC 2
1 1 SLC

extension TRIGGERS 3
1 2 1 100 2000

extension DELAYS 4
1 0 -7840 2 TE

extension ROTATIONS 5
1 0.70710678 0 0 0.70710678

extension VENDOR_THING 6
1 4.5 fast
`;

const BLOCKS = `[BLOCKS]
1 10 0 0 0 0 0 2
2 10 0 0 0 0 0 3
3 10 0 0 0 0 0 4
4 10 0 1 0 0 0 5
5 10 0 0 0 0 0 6

[TRAP]
1 1000 20 60 20 0
`;

describe('readSeq extensions', () => {
  const seq = readSeq(seq15(`${BLOCKS}\n${EXTENSIONS}`));

  it('follows extension chains and decodes labels, triggers and soft delays into SI units', () => {
    expect(seq.blocks[0]?.extensions).toEqual([
      { type: 'LABELINC', values: [1], text: 'SLC' },
      { type: 'LABELSET', values: [3], text: 'LIN' },
    ]);
    expect(seq.blocks[1]?.extensions).toEqual([{ type: 'TRIGGERS', values: [2, 1, 100e-6, 2000e-6] }]);
    expect(seq.blocks[2]?.extensions).toEqual([{ type: 'DELAYS', values: [0, -7840e-6, 2], text: 'TE' }]);
  });

  it('applies a ROTATIONS quaternion to the gradients: 90° about z turns x into y', () => {
    const block = seq.blocks[3];
    expect(block?.gx).toBeUndefined();
    expect([...(block?.gy?.amplitudes ?? [])].map((a) => Math.round(a))).toEqual([0, 1000, 1000, 0]);
    expect(block?.gz).toBeUndefined();
    expect(block?.extensions).toEqual([{ type: 'TRIGGERS', values: [2, 1, 100e-6, 2000e-6] }]);
  });

  it('keeps an unknown extension as data', () => {
    expect(seq.blocks[4]?.extensions).toEqual([{ type: 'VENDOR_THING', values: [4.5], text: 'fast' }]);
    expect(seq.warnings).toEqual(['extension VENDOR_THING is unknown to Larmor: kept as data, not run']);
  });

  it('writes the extensions back and the rotated gradients in place of ROTATIONS', () => {
    const again = readSeq(writeSeq(seq), { strictSignature: true });
    expect(again.blocks.map((b) => b.extensions)).toEqual(seq.blocks.map((b) => b.extensions));
    const [rotated, back] = [seq.blocks[3]?.gy, again.blocks[3]?.gy];
    expect([...(back?.times ?? [])]).toEqual([...(rotated?.times ?? [])].map((t) => expect.closeTo(t, 12)));
    expect([...(back?.amplitudes ?? [])]).toEqual(
      [...(rotated?.amplitudes ?? [])].map((a) => expect.closeTo(a, 3)),
    );
  });

  it('refuses a file that requires an extension it cannot run, naming the definition line', () => {
    const text = seq15(`${BLOCKS}\n${EXTENSIONS}`, 'RequiredExtensions LABELSET VENDOR_THING');
    expect(() => readSeq(text)).toThrow(PulseqParseError);
    expect(() => readSeq(text)).toThrow(/^line 11: the file requires extension VENDOR_THING/);
  });

  it('names the line of a broken extension chain', () => {
    const text = seq15(`${BLOCKS}\n${EXTENSIONS.replace('2 2 1 1', '2 2 1 9')}`);
    const line = text.split('\n').indexOf('2 2 1 9') + 1;
    expect(() => readSeq(text)).toThrow(
      `line ${line}: extension entry 2 refers to extension entry 9, which is not defined`,
    );
  });
});
