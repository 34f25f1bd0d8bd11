import { describe, expect, it } from 'vitest';
import { partialFourierLines } from '../recon/partialFourier.ts';
import { defaultProtocol } from './defaults.ts';
import { REFERENCE_SCANNER } from './hardware.ts';
import { phaseEncodingOrder } from './phase-order.ts';
import { SEQUENCE_FAMILIES, type Protocol, type SequenceFamily } from './protocol.ts';
import { echoTimeOfLine } from './signal.ts';

const protocol = (family: SequenceFamily, overrides: Partial<Protocol> = {}): Protocol => ({
  ...defaultProtocol(family, REFERENCE_SCANNER),
  ...overrides,
});
const linesOf = (p: Protocol, n: number) => phaseEncodingOrder(p, n).lines.map((l) => l.line);
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('phaseEncodingOrder', () => {
  it.each(SEQUENCE_FAMILIES)('%s with its defaults reads every acquired line exactly once', (family) => {
    const p = protocol(family);
    const rows = 128;
    const order = phaseEncodingOrder(p, rows);
    const expected = p.partialFourier < 1 ? partialFourierLines(rows, p.partialFourier) : rows;
    expect(order.acquired).toBe(expected);
    expect(sorted(order.lines.map((l) => l.line))).toEqual(range(expected));
  });

  it('a spin echo without a train reads one line per TR, linear from the most negative ky', () => {
    const order = phaseEncodingOrder(protocol('SE', { echoTrainLength: 1, partialFourier: 1 }), 64);
    expect(order.ordering).toBe('linear');
    expect(order.lines.map((l) => l.line)).toEqual(range(64));
    expect(order.lines.map((l) => l.shot)).toEqual(range(64));
    expect(order.shots).toBe(64);
  });

  it('TSE with TE on echo 9 of 16 (the middle): linear segments, each shot one line per echo, the centre line on the TE echo (±1e-12 s)', () => {
    const esp = 0.01;
    const p = protocol('TSE', { echoTime: 0.09, echoTrainLength: 16, echoSpacing: esp, partialFourier: 1 });
    const order = phaseEncodingOrder(p, 256);
    expect(order.ordering).toBe('segmented');
    expect(order.shots).toBe(16);
    for (let shot = 0; shot < order.shots; shot++) {
      const train = order.lines.filter((l) => l.shot === shot);
      expect(train.map((l) => l.echo)).toEqual(range(16));
      // Each echo of the train is read one ESP after the previous one.
      train.forEach((l) => expect(echoTimeOfLine(p, l.line, 256)).toBeCloseTo((l.echo + 1) * esp, 12));
    }
    const centre = order.lines.find((l) => l.line === 128);
    expect(centre?.echo).toBe(8);
  });

  it('TSE with TE = first echo is centric: the first shot starts at the centre and each echo moves outward', () => {
    const esp = 0.012;
    const p = protocol('TSE', { echoTime: esp, echoTrainLength: 8, echoSpacing: esp, partialFourier: 1 });
    const order = phaseEncodingOrder(p, 256);
    expect(order.ordering).toBe('centric');
    expect(order.lines[0]).toEqual({ line: 128, shot: 0, echo: 0, reversed: false });
    const firstShot = order.lines.filter((l) => l.shot === 0).map((l) => Math.abs(l.line - 128));
    expect(firstShot).toEqual(sorted(firstShot));
    // The first echoes of all shots together cover the centre band 128 ± 16.
    const echoZero = order.lines.filter((l) => l.echo === 0).map((l) => l.line);
    expect(Math.max(...echoZero.map((l) => Math.abs(l - 128)))).toBe(16);
  });

  it('single-shot EPI reads bottom to top in one shot, the readout reversing every other line (zig-zag)', () => {
    const p = protocol('GRE-EPI', { echoTrainLength: 64, partialFourier: 1 });
    const order = phaseEncodingOrder(p, 64);
    expect(order.ordering).toBe('epi');
    expect(order.shots).toBe(1);
    expect(order.lines.map((l) => l.line)).toEqual(range(64));
    expect(order.lines.slice(0, 4).map((l) => l.reversed)).toEqual([false, true, false, true]);
  });

  it('4-shot interleaved EPI: shot j reads lines j, j + 4, j + 8, …', () => {
    const p = protocol('SE-EPI', { echoTrainLength: 16, partialFourier: 1 });
    const order = phaseEncodingOrder(p, 64);
    expect(order.shots).toBe(4);
    expect(order.lines.filter((l) => l.shot === 1).map((l) => l.line)).toEqual(
      range(16).map((e) => 1 + 4 * e),
    );
  });

  it('partial Fourier 0.75 reads the negative half, the centre and 16 lines past it of 64, never the rest', () => {
    const p = protocol('DWI', { echoTrainLength: 64, partialFourier: 0.75 });
    const lines = linesOf(p, 64);
    expect(lines).toHaveLength(48);
    expect(Math.max(...lines)).toBe(47);
    expect(lines).toContain(32);
  });

  it('MOLLI reads every acquired line in one single-shot readout', () => {
    const order = phaseEncodingOrder(protocol('MOLLI', { echoTrainLength: 1, partialFourier: 1 }), 32);
    expect(order.shots).toBe(1);
    expect(order.lines.map((l) => l.echo)).toEqual(range(32));
  });

  it('refuses a k-space without rows', () => {
    expect(() => phaseEncodingOrder(protocol('GRE'), 0)).toThrow(RangeError);
  });
});
