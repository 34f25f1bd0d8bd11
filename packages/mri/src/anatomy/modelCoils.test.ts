import { describe, expect, it } from 'vitest';
import { coilSnrFactor } from './coils.ts';
import { BODY_COIL, modelCoilSnrFactor, modelCoils } from './modelCoils.ts';
import { listModels } from './registry.ts';

describe('model coils and their SNR gain (the console SNR coil factor)', () => {
  it('the registry lists the same coils as modelCoils, for every model', () => {
    for (const model of listModels()) expect(model.coils).toEqual(modelCoils(model.id));
  });

  it('is 1 for the body coil at the isocentre and √Σ s_c² relative to it elsewhere (±1e-12)', () => {
    expect(modelCoilSnrFactor(1, 'body', [0, 0, 0])).toBeCloseTo(1, 12);
    const [head] = modelCoils(1);
    if (!head) throw new Error('the brain model has a head coil');
    const point = [0.03, -0.02, 0.01] as const;
    expect(modelCoilSnrFactor(1, 'head16', point)).toBeCloseTo(
      coilSnrFactor(head, point) / coilSnrFactor(BODY_COIL, [0, 0, 0]),
      12,
    );
  });

  it('a one-element coil is one unit channel: gain 1', () => {
    expect(
      coilSnrFactor(
        { uniqueName: 'loop', shownName: 'Loop', elements: [[0, 0, 0.5]], elementRadius: 0.05 },
        [0, 0, 0],
      ),
    ).toBe(1);
  });
});
