import { afterAll, describe, expect, it } from 'vitest';
import type { Protocol, Scanner } from '@larmor/mri';
import { modelFieldMap, simulate } from '@larmor/mri/simulate/simulate';
import { tissueAtField } from '@larmor/mri/tissue/library';
import { createModelStore } from '../../anatomy/modelStore.ts';
import { FastSlicePool } from './slicePool.ts';

const KNEE_MODEL_ID = 2;
const scanner: Scanner = { b0: 1.5, maxGradient: 0.045, maxSlewRate: 200, coil: 'knee8' };
const protocol: Protocol = {
  family: 'GRE',
  repetitionTime: 0.1,
  echoTime: 0.01,
  flipAngle: Math.PI / 6,
  echoTrainLength: 1,
  bandwidthPerPixel: 130,
  fovRead: 0.16,
  fovPhase: 0.16,
  matrixRead: 48,
  matrixPhase: 40,
  sliceThickness: 0.004,
  sliceGap: 0.001,
  sliceCount: 5,
  geometry: { orientation: 'sagittal', center: [0, 0, 0] },
  phaseDirection: 'column',
  nex: 1,
  phaseOversampling: 0,
  fatSaturation: false,
  partialFourier: 1,
};

describe('fast slice pool', () => {
  const pool = new FastSlicePool(2);
  afterAll(() => pool.close());

  it('gives exactly the images and k-spaces of the serial engine (shared model and field map, 2 workers)', async () => {
    const model = createModelStore().get(KNEE_MODEL_ID);
    const tissueAt = (key: string) => tissueAtField(key, scanner.b0);
    const serial = simulate(model, protocol, scanner, {
      tissueAt,
      noiseLevel: 2,
      seed: 3,
      receive: 'array',
      fieldMap: modelFieldMap(model, tissueAt, scanner.b0),
    });
    const job = {
      modelId: KNEE_MODEL_ID,
      protocol,
      scanner,
      noiseLevel: 2,
      seed: 3,
      receive: 'array',
    } as const;
    const pooled = await pool.run({ ...job, susceptibility: true });
    expect(pooled).toHaveLength(protocol.sliceCount);
    pooled.forEach((slice, i) => {
      expect(slice.slice).toBe(i);
      expect(slice.magnitude).toEqual(serial.images[i]?.magnitude);
      expect(slice.kspaceRe).toEqual(serial.kspace[i]?.re);
      expect(slice.kspaceIm).toEqual(serial.kspace[i]?.im);
    });
    // A second scan of the same model reuses the pool's shared copy and still matches.
    const again = await pool.run({ ...job, susceptibility: true });
    expect(again[4]?.magnitude).toEqual(serial.images[4]?.magnitude);
  });
});
