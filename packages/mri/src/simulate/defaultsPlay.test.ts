import { beforeAll, describe, expect, it } from 'vitest';
import { buildModel } from '../anatomy/registry.ts';
import type { AnatomicalModel } from '../anatomy/types.ts';
import { buildTimeline } from '../sequence/build/index.ts';
import { defaultProtocol } from '../sequence/defaults.ts';
import { SEQUENCE_FAMILIES, type Protocol, type SequenceFamily } from '../sequence/protocol.ts';
import { validateProtocol } from '../sequence/validate.ts';
import { adcSampleTimes } from './bloch/plan.ts';
import { emptySignal } from './bloch/scan.ts';
import { runScanPart, type ScanSnapshot } from './snapshot.ts';
import { blochSliceImage } from './snapshotBloch.ts';
import { KNEE_MODEL_ID, testSnapshot } from './snapshot.testing.ts';

/**
 * What validates plays, on both backends (issue 23.4): every family's default protocol, which validation
 * accepts, runs on the fast engine (cpusim) and builds a Bloch timeline (censol) whose readouts fill every
 * acquired phase-encoding line exactly once and reconstruct to an image of the fast engine's size. The Bloch
 * spins are left out (an all-zero signal of the timeline's samples): what failed before was the timeline and
 * the k-space assembly ("line 186 acquired twice", "TE too short"), not the spin physics.
 */
let knee: AnatomicalModel;
beforeAll(() => {
  knee = buildModel(KNEE_MODEL_ID);
});

function snapshotOf(family: SequenceFamily, engine: ScanSnapshot['engine']): ScanSnapshot {
  const base = testSnapshot({ engine });
  const protocol: Protocol = defaultProtocol(family, base.scanner);
  return { ...base, protocol, simulation: { noiseLevel: 0 } };
}

function playsOnBoth(family: SequenceFamily): void {
  const fast = snapshotOf(family, 'cpusim');
  expect(validateProtocol(fast.protocol, fast.scanner)).toEqual([]);
  const fastOut = runScanPart(fast, knee, { kind: 'slice', slice: 0 });
  if (fastOut.kind !== 'slice') throw new Error('expected a slice');

  const bloch = snapshotOf(family, 'censol');
  const timeline = buildTimeline(bloch.protocol, bloch.scanner, { slice: 0 });
  const image = blochSliceImage(bloch, 0, [emptySignal(adcSampleTimes(timeline), 1)]);
  expect([image.rows, image.columns]).toEqual([fastOut.output.rows, fastOut.output.columns]);
}

describe('every default protocol plays on both backends (issue 23.4)', () => {
  it.each(SEQUENCE_FAMILIES)('%s: validation accepts it, cpusim and censol both play it', playsOnBoth);
});
