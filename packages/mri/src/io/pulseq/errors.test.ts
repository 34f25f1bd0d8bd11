import { describe, expect, it } from 'vitest';
import { PulseqParseError } from './errors.ts';
import { readSeq } from './read.ts';
import { seq15, seqFixture } from './fixtures.test-support.ts';

const TRAP_FILE = seq15('[BLOCKS]\n1 100 0 1 0 0 0 0\n\n[TRAP]\n1 1000 20 60 20 0\n');

/** The 1-based line of the first line of `text` equal to `content`. */
const lineOf = (text: string, content: string): number => text.split('\n').indexOf(content) + 1;

/** Expects readSeq to throw a PulseqParseError with exactly this message. */
function expectParseError(text: string, message: string): void {
  let thrown: unknown;
  try {
    readSeq(text);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(PulseqParseError);
  expect((thrown as Error).message).toBe(message);
}

describe('readSeq on malformed files names the line', () => {
  it('counts the numbers of an event entry', () => {
    const text = TRAP_FILE.replace('1 1000 20 60 20 0', '1 1000 20 60 20');
    expectParseError(text, `line ${lineOf(text, '1 1000 20 60 20')}: [TRAP] entry needs 6 numbers, got 5`);
  });

  it('rejects a token that is not a number', () => {
    const text = TRAP_FILE.replace('1 1000 20 60 20 0', '1 1000 20 sixty 20 0');
    expectParseError(
      text,
      `line ${lineOf(text, '1 1000 20 sixty 20 0')}: [TRAP] entry: 'sixty' is not a number`,
    );
  });

  it('checks the column count of the file version', () => {
    const text = seq15('[BLOCKS]\n1 100 0 0 0 0 0\n');
    expectParseError(text, `line ${lineOf(text, '1 100 0 0 0 0 0')}: [BLOCKS] entry needs 8 numbers, got 7`);
  });

  it('reports a [TRAP] id that [GRADIENTS] already uses, since they share ids', () => {
    const text = seq15(
      '[BLOCKS]\n1 10 0 1 0 0 0 0\n\n[GRADIENTS]\n1 100 0 0 1 0 0\n\n[TRAP]\n1 1000 20 60 20 0\n\n[SHAPES]\nshape_id 1\nnum_samples 2\n1\n1\n',
    );
    expectParseError(
      text,
      `line ${lineOf(text, '1 1000 20 60 20 0')}: [TRAP] id 1 is already used in [GRADIENTS] or [TRAP]; they share ids`,
    );
  });

  it('reports a block that refers to an event that is not defined', () => {
    const text = seq15('[BLOCKS]\n1 100 3 0 0 0 0 0\n');
    expectParseError(
      text,
      `line ${lineOf(text, '1 100 3 0 0 0 0 0')}: block 1 refers to RF event 3, which [RF] does not define`,
    );
  });

  it('reports an event that lasts longer than its block', () => {
    const text = TRAP_FILE.replace('1 100 0 1', '1 9 0 1');
    expectParseError(
      text,
      `line ${lineOf(text, '1 9 0 1 0 0 0 0')}: block 1 lasts 0.00009 s but its gx event ends at 0.0001 s`,
    );
  });

  it('reports a shape whose compressed samples do not add up to num_samples', () => {
    const text = seq15(
      '[BLOCKS]\n1 10 1 0 0 0 0 0\n\n[RF]\n1 100 1 0 0 5 0 0 0 0 0 e\n\n[SHAPES]\nshape_id 1\nnum_samples 10\n1\n0\n0\n5\n',
    );
    expectParseError(
      text,
      `line ${lineOf(text, 'shape_id 1')}: shape 1 decompresses to 8 samples but declares 10`,
    );
  });

  it('rejects a file without [VERSION], an unsupported version and an unknown section', () => {
    expectParseError('[BLOCKS]\n1 1 0 0 0 0 0 0\n', 'line 1: the file has no [VERSION] section');
    expectParseError(
      TRAP_FILE.replace('major 1', 'major 2'),
      'line 1: Pulseq version 2.5.1 is not supported (1.2–1.5)',
    );
    const text = `${TRAP_FILE}\n[WHATEVER]\n1 2 3\n`;
    expectParseError(text, `line ${lineOf(text, '[WHATEVER]')}: unknown section [WHATEVER]`);
  });

  it('requires the raster definitions from version 1.4 on', () => {
    expectParseError(
      TRAP_FILE.replace('GradientRasterTime 1e-05\n', ''),
      'line 6: [DEFINITIONS] must define GradientRasterTime (required since 1.4)',
    );
  });
});

describe('readSeq signature check', () => {
  const signed = seqFixture('read-comparison/v15_epi.seq');
  // Change one amplitude digit in [TRAP]: the file still parses but no longer matches its md5.
  const edited = signed.replace(' 1       444444', ' 1       444445');

  it('verifies the md5 of an unedited file', () => {
    const seq = readSeq(signed, { strictSignature: true });
    expect(seq.signature).toEqual({
      type: 'md5',
      expected: '2464a9a35a3b0c14f265d46a5c50279b',
      actual: '2464a9a35a3b0c14f265d46a5c50279b',
      matches: true,
    });
  });

  it('detects an edited file: a warning by default, an error naming [SIGNATURE] when strict', () => {
    expect(edited).not.toBe(signed);
    const seq = readSeq(edited);
    expect(seq.signature?.matches).toBe(false);
    expect(seq.warnings).toEqual([expect.stringMatching(/^signature mismatch: the file declares 2464a9a3/)]);
    expect(() => readSeq(edited, { strictSignature: true })).toThrow(
      new RegExp(`^line ${lineOf(edited, '[SIGNATURE]')}: signature mismatch`),
    );
  });
});
