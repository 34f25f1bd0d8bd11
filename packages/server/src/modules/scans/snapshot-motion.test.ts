import { scannerOf } from '@larmor/mri';
import { describe, expect, it } from 'vitest';
import { anatomicalModelOf } from '../content/labs/model-catalogue.ts';
import { defaultConfiguration } from '../sessions/configuration.ts';
import type { SessionContext } from '../sessions/context.ts';
import { defaultSchemeProtocol } from '../sequences/protocol.ts';
import { buildSnapshot } from './snapshot.ts';

/** A brain session context on the fast engine with translational motion along `axis` (1 readout, 2 phase). */
function contextOf(axis: 1 | 2): SessionContext {
  const model = anatomicalModelOf(1);
  if (!model) throw new Error('no model 1');
  return {
    model,
    configuration: { ...defaultConfiguration(model), motion: 'translational', motion_trans_axis: axis },
    session: { backend: 'cpusim' },
    tissueOverrides: [],
  } as unknown as SessionContext;
}

/** The translation direction the snapshot records for an axial stack rotated by `rotation` [rad]. */
function directionOf(axis: 1 | 2, rotation: number): readonly number[] {
  const context = contextOf(axis);
  const scanner = scannerOf(context.configuration);
  const base = defaultSchemeProtocol('SE', scanner, false);
  const protocol = {
    ...base,
    phaseDirection: 'column' as const,
    geometry: { orientation: 'axial' as const, center: [0, 0, 0] as [number, number, number], rotation },
  };
  const motion = buildSnapshot(context, protocol, scanner, [], 1).simulation.motion;
  if (motion?.kind !== 'translation') throw new Error('no translation in the snapshot');
  return motion.direction;
}

const expectDirection = (actual: readonly number[], expected: readonly number[]) => {
  expect(actual).toHaveLength(3);
  expected.forEach((e, i) => expect(actual[i]).toBeCloseTo(e, 12));
};

describe('Translational motion follows the stack’s in-plane rotation (simulator.md §5)', () => {
  it('an unrotated axial stack with phase along columns moves along +x (readout) or +y (phase)', () => {
    expectDirection(directionOf(1, 0), [1, 0, 0]);
    expectDirection(directionOf(2, 0), [0, 1, 0]);
  });

  it('an axial stack rotated by 90° moves along its rotated readout (+y) and phase (−x) directions', () => {
    expectDirection(directionOf(1, Math.PI / 2), [0, 1, 0]);
    expectDirection(directionOf(2, Math.PI / 2), [-1, 0, 0]);
  });
});
