import { describe, expect, it } from 'vitest';
import {
  offeredPresets,
  presetErrors,
  presetOffered,
  presetValueLabel,
  prunePresets,
} from './module-presets.ts';
import { modelOption } from './model-option.testing.ts';

const BRAIN = modelOption({});
const TUMOUR = modelOption({ id: 202, contrast: true });
const HEART = modelOption({
  id: 5,
  features: ['Heart Condition', 'Default cardiac phase', 'Breathing mode'],
  coils: [],
});

describe('module presets offered by the model (simulator.md §5)', () => {
  it('offers the scanner presets always, the coil from the model, patient settings by feature', () => {
    expect(offeredPresets({}, BRAIN)).toEqual([
      'b0field',
      'maxGr',
      'coil',
      'noise',
      'motion',
      // The field map shows on the Bloch backend only (issue 24.5).
      'susceptibility',
      'brainStateMode',
    ]);
    expect(offeredPresets({}, HEART)).toEqual([
      'b0field',
      'maxGr',
      'noise',
      'motion',
      'susceptibility',
      'heartCondition',
      'breathingMode',
      'defaultCardiacPhase',
    ]);
    expect(offeredPresets({}, undefined)).toEqual(['b0field', 'maxGr', 'noise', 'motion', 'susceptibility']);
  });

  it('offers contrast only on the contrast models, and its volume, time and concentration only when it is on', () => {
    expect(presetOffered('activate_contrast', {}, BRAIN)).toBe(false);
    expect(presetOffered('activate_contrast', {}, TUMOUR)).toBe(true);
    expect(presetOffered('contrast_volume', {}, TUMOUR)).toBe(false);
    expect(offeredPresets({ activate_contrast: true }, TUMOUR)).toEqual(
      expect.arrayContaining(['contrast_concentration', 'contrast_volume', 'time_after_contrast']),
    );
    expect(presetOffered('contrast_volume', { activate_contrast: true }, BRAIN)).toBe(false);
  });

  it('offers the rotation values for rotational motion and the translation values for translational motion', () => {
    expect(offeredPresets({ motion: 'rotational' }, undefined)).toContain('motion_rot_angle');
    expect(offeredPresets({ motion: 'rotational' }, undefined)).not.toContain('motion_trans_magn');
    expect(offeredPresets({ motion: 'translational' }, undefined)).toEqual(
      expect.arrayContaining(['motion_trans_magn', 'motion_trans_freq', 'motion_trans_axis']),
    );
    expect(offeredPresets({ motion: 'none' }, undefined)).not.toContain('motion_rot_freq');
  });
});

describe('pruning presets that no longer apply', () => {
  it('drops the coil, contrast and patient settings another model lacks, with their locks', () => {
    const pruned = prunePresets(
      { b0field: 3, coil: 'head8', activate_contrast: true, contrast_volume: 10, brainStateMode: 'tumor' },
      ['b0field', 'coil', 'contrast_volume'],
      HEART,
    );
    expect(pruned).toEqual({ presets: { b0field: 3 }, lockedPresets: ['b0field'] });
  });

  it('keeps a coil the model has and drops one it lacks', () => {
    expect(prunePresets({ coil: 'head8' }, [], BRAIN).presets).toEqual({ coil: 'head8' });
    expect(prunePresets({ coil: 'body' }, [], BRAIN).presets).toEqual({});
  });

  it('drops the other motion type’s values, and contrast values when contrast goes off, even without the model', () => {
    expect(
      prunePresets(
        { motion: 'translational', motion_rot_angle: 10, motion_trans_freq: 2 },
        ['motion_rot_angle'],
        undefined,
      ),
    ).toEqual({ presets: { motion: 'translational', motion_trans_freq: 2 }, lockedPresets: [] });
    expect(prunePresets({ coil: 'head8', contrast_volume: 5 }, [], undefined).presets).toEqual({
      coil: 'head8',
    });
  });
});

describe('preset values', () => {
  it('out of the spec’s ranges read as the simulator says them', () => {
    expect(presetErrors({ contrast_volume: 31, time_after_contrast: 0.5, motion_rot_angle: 10 })).toEqual({
      contrast_volume: 'Higher than allowed maximum',
      time_after_contrast: 'Lower than allowed minimum',
    });
    expect(presetErrors({ motion_trans_magn: 0.2, motion_rot_freq: 0 })).toEqual({
      motion_trans_magn: 'Higher than allowed maximum',
      motion_rot_freq: 'Lower than allowed minimum',
    });
    expect(presetErrors({ b0field: 2 }).b0field).toMatch(/One of/);
    expect(presetErrors({ contrast_volume: Number.NaN }).contrast_volume).toBe('This field is required');
    expect(presetErrors({ b0field: 1.5, contrast_concentration: 0.5, contrast_volume: 30 })).toEqual({});
  });

  it('read with units and names on the module page', () => {
    const presets = {
      b0field: 3,
      maxGr: 45,
      coil: 'head8',
      noise: 2,
      motion: 'rotational',
      activate_contrast: true,
    } as const;
    expect(presetValueLabel('b0field', presets, BRAIN)).toBe('3 T');
    expect(presetValueLabel('maxGr', presets, BRAIN)).toBe('45 mT/m');
    expect(presetValueLabel('coil', presets, BRAIN)).toBe('Head 8-channel');
    expect(presetValueLabel('noise', presets, BRAIN)).toBe('Medium');
    expect(presetValueLabel('motion', presets, BRAIN)).toBe('Rotational');
    expect(presetValueLabel('activate_contrast', presets, BRAIN)).toBe('On');
  });
});
