import { checkObjective, type Objective } from '@larmor/mri/grade';
import { simulateSnapshot, type ScanSnapshot } from '@larmor/mri/simulate';
import { describe, expect, it } from 'vitest';
import { createModelStore } from '../../anatomy/modelStore.ts';
import { testProtocol, testScanner } from '@larmor/mri/testing';

/** Building the brain and simulating takes seconds on the loaded 2-core machine. */
const SLOW = 120_000;
const models = createModelStore({ maxEntries: 1 });

/** One axial slice through the lateral ventricles, 128 × 128 over 240 mm, head array at 1.5 T. */
function brainScan(protocol: Partial<ScanSnapshot['protocol']>) {
  const snapshot: ScanSnapshot = {
    engine: 'cpusim',
    model: { id: 1 },
    protocol: testProtocol({
      fovRead: 0.24,
      fovPhase: 0.24,
      sliceThickness: 0.005,
      geometry: { orientation: 'axial', center: [0, 0, 0.01] },
      ...protocol,
    }),
    scanner: testScanner({ coil: 'head16' }),
    simulation: { noiseLevel: 1, receive: 'array' },
    tissueOverrides: {},
    seed: 5,
  };
  const model = models.get(1);
  return { snapshot, model, images: simulateSnapshot(snapshot, model).slices };
}

describe('automatic grading on the brain model (the issue’s example)', () => {
  const csfBright: Objective = {
    kind: 'contrastOrder',
    id: 'csf',
    points: 3,
    brighter: 'csf',
    darker: 'whiteMatter',
  };

  it(
    'a T1-weighted SE fails "CSF brighter than white matter" and says why; a T2-weighted TSE passes',
    () => {
      const t1 = checkObjective(csfBright, brainScan({}));
      expect(t1).toMatchObject({ passed: false, points: 0 });
      expect(t1.value).toBeLessThan(0.7);
      expect(t1.hint).toMatch(/TR 500 ms, TE 15 ms give T1 weighting/);
      const t2 = checkObjective(
        csfBright,
        brainScan({ family: 'TSE', repetitionTime: 4.5, echoTime: 0.1, echoTrainLength: 16 }),
      );
      expect(t2).toMatchObject({ passed: true, points: 3 });
      expect(t2.value).toBeGreaterThan(1.5);
      const weighting: Objective = { kind: 'weighting', id: 'w', points: 1, weighting: 'T1' };
      expect(checkObjective(weighting, brainScan({})).passed).toBe(true);
    },
    SLOW,
  );
});
