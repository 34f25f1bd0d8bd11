import { scannerOf } from '@larmor/mri';
import { describe, expect, it } from 'vitest';
import { anatomicalModelOf } from '../content/labs/model-catalogue.ts';
import { defaultConfiguration, type ConfigurationValues } from '../sessions/configuration.ts';
import type { SessionContext } from '../sessions/context.ts';
import { defaultSchemeProtocol } from '../sequences/protocol.ts';
import { buildSnapshot } from './snapshot.ts';

/** The heart (model 3: Heart Condition, Default cardiac phase, Breathing mode) and the brain tumour contrast model (202). */
const HEART_MODEL_ID = 3;
const BRAIN_CONTRAST_MODEL_ID = 202;

/** A session context on `modelId` with the Patient settings `patient` over the defaults (a plain value). */
function contextOf(modelId: number, patient: Partial<ConfigurationValues>): SessionContext {
  const model = anatomicalModelOf(modelId);
  if (!model) throw new Error(`no model ${modelId}`);
  return {
    model,
    configuration: { ...defaultConfiguration(model), ...patient },
    session: { backend: 'censol' },
    tissueOverrides: [],
  } as unknown as SessionContext;
}

function snapshotOf(context: SessionContext) {
  const scanner = scannerOf(context.configuration);
  return buildSnapshot(context, defaultSchemeProtocol('SE', scanner, false), scanner, [], 1);
}

describe('Patient settings reach the next scan’s snapshot (simulator.md §3, §5)', () => {
  it('heart condition, default cardiac phase, breathing mode and motion on a model with those features', () => {
    const snapshot = snapshotOf(
      contextOf(HEART_MODEL_ID, {
        heartCondition: 'myocardialInfarction',
        defaultCardiacPhase: 18,
        breathingMode: 'free_breathing',
        motion: 'rotational',
        motion_rot_angle: 10,
        motion_rot_freq: 2,
      }),
    );
    expect(snapshot.model).toMatchObject({
      heartCondition: 'myocardialInfarction',
      cardiacPhase: 18,
      breathingMode: 'free_breathing',
    });
    expect(snapshot.simulation.motion).toEqual({
      kind: 'rotation',
      amplitude: (10 * Math.PI) / 180,
      frequency: 2,
    });
  });

  it('contrast volume, concentration and time after injection on a contrast model; the brain condition only where the model has it', () => {
    const snapshot = snapshotOf(
      contextOf(BRAIN_CONTRAST_MODEL_ID, {
        activate_contrast: 1,
        contrast_volume: 20,
        contrast_concentration: 1,
        time_after_contrast: 3,
        brainStateMode: 'severeMSlesions',
        heartCondition: 'myocardialInfarction',
      }),
    );
    expect(snapshot.simulation.contrast).toEqual({
      concentrationMmolPerMl: 1,
      volumeMl: 20,
      secondsAfterInjection: 180,
      firstPass: false,
    });
    expect(snapshot.model.brainCondition).toBe('severeMSlesions');
    expect(snapshot.model).not.toHaveProperty('heartCondition');
    const off = snapshotOf(contextOf(BRAIN_CONTRAST_MODEL_ID, { activate_contrast: 0 }));
    expect(off.simulation.contrast).toBeUndefined();
  });
});
