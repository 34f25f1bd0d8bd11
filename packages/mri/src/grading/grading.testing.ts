/** Real scans for grading tests: the fast engine on the knee and spine models (built once per test file). */
import { buildModel } from '../anatomy/registry.ts';
import type { AnatomicalModel } from '../anatomy/types.ts';
import { testProtocol } from '../simulate/fast/phantom.testing.ts';
import { simulateSnapshot, type ScanSnapshot } from '../simulate/snapshot.ts';
import type { Protocol } from '../sequence/protocol.ts';
import type { GradedSeries } from './context.ts';
import { testScanner } from '../scanner.testing.ts';

export const KNEE_ID = 2;
export const SPINE_ID = 4;
const models = new Map<number, AnatomicalModel>();
export function model(id: number): AnatomicalModel {
  let m = models.get(id);
  if (!m) {
    m = buildModel(id);
    models.set(id, m);
  }
  return m;
}

/** A T1-weighted spin echo (TR 500 ms, TE 15 ms); the other weightings override TR, TE, family and ETL. */
export const T1_SE: Partial<Protocol> = { family: 'SE', repetitionTime: 0.5, echoTime: 0.015 };
export const T2_TSE: Partial<Protocol> = {
  family: 'TSE',
  repetitionTime: 4.5,
  echoTime: 0.1,
  echoTrainLength: 16,
};

/** A scan of `modelId` on the fast engine at 1.5 T (array coil of the model), with protocol overrides. */
export function scan(
  modelId: number,
  protocol: Partial<Protocol>,
  rest: Partial<Omit<ScanSnapshot, 'protocol'>> = {},
): GradedSeries {
  const m = model(modelId);
  const coil = m.coils[0]?.uniqueName ?? 'body';
  const snapshot: ScanSnapshot = {
    engine: 'cpusim',
    model: { id: modelId },
    protocol: testProtocol({ matrixRead: 96, matrixPhase: 96, sliceThickness: 0.005, ...protocol }),
    scanner: testScanner({ coil }),
    simulation: { noiseLevel: 1, receive: 'array' },
    tissueOverrides: {},
    seed: 7,
    ...rest,
  };
  const result = simulateSnapshot(snapshot, m);
  return { snapshot, model: m, images: result.slices };
}
