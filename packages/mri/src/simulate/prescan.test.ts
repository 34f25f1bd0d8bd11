import { describe, expect, it } from 'vitest';
import { ringOfElements } from '../anatomy/coils.ts';
import type { AnatomicalModel } from '../anatomy/types.ts';
import type { Protocol } from '../sequence/protocol.ts';
import { LABEL, testProtocol, testTissues, testVolume } from './fast/phantom.testing.ts';
import { prescanGainOfSquares } from './prescan.ts';
import { simulateSlice, type SimulateOptions } from './simulate.ts';
import { TEST_SCANNER } from '../scanner.testing.ts';
import { firstSliceFrame } from './geometry.testing.ts';

/** A uniform white-matter disc of radius 80 mm inside an 8-element ring array of radius 120 mm. */
const RADIUS = 0.08;
const disc: AnatomicalModel = {
  id: 0,
  name: 'disc',
  volume: testVolume(200, (x, y) => (Math.hypot(x, y) < RADIUS ? LABEL.whiteMatter : 0)),
  tissues: ['air', 'whiteMatter'],
  regions: [],
  features: [],
  coils: [
    {
      uniqueName: 'ring8',
      shownName: 'Ring',
      elements: ringOfElements([0, 0, 0], 0.12, 8, 2),
      elementRadius: 0.06,
    },
  ],
};
const tissue = testTissues()[LABEL.whiteMatter];
const options: SimulateOptions = {
  tissueAt: () => {
    if (!tissue) throw new Error('no tissue');
    return tissue;
  },
  noiseLevel: 0,
  seed: 1,
  receive: 'array',
};
const scanner = { ...TEST_SCANNER, coil: 'ring8' };

/** Mean magnitude within 10 mm of the centre and on the ring 60–70 mm out. */
function centreAndEdge(protocol: Protocol, prescanNormalize?: boolean): { centre: number; edge: number } {
  const { image } = simulateSlice(
    disc,
    protocol,
    scanner,
    {
      ...options,
      ...(prescanNormalize === undefined ? {} : { prescanNormalize }),
    },
    0,
  );
  const pixel = protocol.fovRead / protocol.matrixRead;
  const sums = { centre: [0, 0], edge: [0, 0] };
  for (let r = 0; r < image.rows; r++)
    for (let c = 0; c < image.columns; c++) {
      const d = Math.hypot(r - image.rows / 2, c - image.columns / 2) * pixel;
      const band = d < 0.01 ? sums.centre : d > 0.06 && d < 0.07 ? sums.edge : undefined;
      if (!band) continue;
      band[0] = (band[0] as number) + (image.magnitude[r * image.columns + c] as number);
      band[1] = (band[1] as number) + 1;
    }
  const mean = ([sum, count]: number[]): number => (sum ?? NaN) / (count ?? NaN);
  return { centre: mean(sums.centre), edge: mean(sums.edge) };
}

describe('prescan normalisation of a receive array (on by default)', () => {
  const base = testProtocol({ matrixRead: 64, matrixPhase: 64, fovRead: 0.24, fovPhase: 0.24 });
  for (const [name, protocol] of [
    ['phase along columns', base],
    ['phase along rows, 50 % phase oversampling', { ...base, phaseDirection: 'row', phaseOversampling: 0.5 }],
  ] as [string, Protocol][])
    it(`${name}: the centre of a uniform disc is as bright as its edge (2 %), and the single-channel value`, () => {
      const { centre, edge } = centreAndEdge(protocol);
      expect(Math.abs(centre / edge - 1)).toBeLessThan(0.02);
      const { image } = simulateSlice(disc, protocol, scanner, { ...options, receive: 'single' }, 0);
      const middle = image.magnitude[(image.rows / 2) * image.columns + image.columns / 2] as number;
      expect(Math.abs(centre / middle - 1)).toBeLessThan(0.02);
    });

  it('switched off, the raw sum of squares leaves the centre darker than the edge (below 80 %)', () => {
    const { centre, edge } = centreAndEdge(base, false);
    expect(centre / edge).toBeLessThan(0.8);
  });
});

describe('prescan gain into a kept buffer (the live preview reuses one)', () => {
  const protocol = testProtocol({ matrixRead: 32, matrixPhase: 32, phaseOversampling: 0.5 });
  const frame = firstSliceFrame(protocol);
  const squares = Float64Array.from({ length: frame.readCount * frame.phaseCount }, (_, i) => 0.5 + (i % 7));

  it('writes the same values into the buffer it is given and returns that buffer', () => {
    const out = new Float32Array(frame.readCount * frame.phaseMatrix).fill(NaN);
    expect(prescanGainOfSquares(squares, frame, out)).toBe(out);
    expect(out).toEqual(prescanGainOfSquares(squares, frame));
  });

  it('refuses a buffer of the wrong size', () => {
    expect(() => prescanGainOfSquares(squares, frame, new Float32Array(5))).toThrow(/5 values/);
  });
});
