import { describe, expect, it } from 'vitest';
import {
  committedSetting,
  contrastDoseMmolPerKg,
  isEndDiastole,
  patientSections,
} from './patient-settings.ts';

describe('Patient settings sections (simulator.md §5: only the model’s features; contrast for 202–204, 207)', () => {
  it('the heart model shows breathing, heart condition, cardiac phase and physiological motion, then motion', () => {
    const heart = ['Heart Condition', 'Default cardiac phase', 'Breathing mode', 'Physiological motion'];
    expect(patientSections(heart, 3)).toEqual([
      'breathing',
      'heart',
      'cardiacPhase',
      'physiologicalMotion',
      'motion',
    ]);
  });

  it('the CPU simulator hides breathing mode and physiological motion (it refuses them)', () => {
    const heart = ['Heart Condition', 'Default cardiac phase', 'Breathing mode', 'Physiological motion'];
    expect(patientSections(heart, 3, 'cpusim')).toEqual(['heart', 'cardiacPhase', 'motion']);
  });

  it('the brain shows its condition; contrast only on the contrast models', () => {
    expect(patientSections(['Brain Condition', 'CS'], 1)).toEqual(['brain', 'motion']);
    for (const id of [202, 203, 204, 207]) expect(patientSections([], id)).toContain('contrast');
    for (const id of [1, 205, 206, 223]) expect(patientSections([], id)).not.toContain('contrast');
  });
});

describe('committing a typed patient setting (simulator.md §5)', () => {
  it('default cardiac phase: not a number reverts, below 1 becomes 1, above 20 becomes 20', () => {
    expect(committedSetting('defaultCardiacPhase', 'abc')).toBeUndefined();
    expect(committedSetting('defaultCardiacPhase', '')).toBeUndefined();
    expect(committedSetting('defaultCardiacPhase', '0')).toBe(1);
    expect(committedSetting('defaultCardiacPhase', -4)).toBe(1);
    expect(committedSetting('defaultCardiacPhase', '25')).toBe(20);
    expect(committedSetting('defaultCardiacPhase', 12)).toBe(12);
  });

  it('motion values out of range revert: angle integer 1–45°, frequencies 1–10 Hz, displacement 0.001–0.1 m', () => {
    expect(committedSetting('motion_rot_angle', 46)).toBeUndefined();
    expect(committedSetting('motion_rot_angle', 2.5)).toBeUndefined();
    expect(committedSetting('motion_rot_angle', 45)).toBe(45);
    expect(committedSetting('motion_rot_freq', 0.5)).toBeUndefined();
    expect(committedSetting('motion_trans_freq', 10)).toBe(10);
    expect(committedSetting('motion_trans_magn', 0.2)).toBeUndefined();
    expect(committedSetting('motion_trans_magn', '0.001')).toBe(0.001);
  });

  it('contrast: volume 1–30 ml and time after injection 1–20 min', () => {
    expect(committedSetting('contrast_volume', 31)).toBeUndefined();
    expect(committedSetting('contrast_volume', 30)).toBe(30);
    expect(committedSetting('time_after_contrast', 0)).toBeUndefined();
    expect(committedSetting('time_after_contrast', 20)).toBe(20);
  });

  it('phases 17–20 are end-diastole; the dose is concentration × volume / 80 kg', () => {
    expect(isEndDiastole(16)).toBe(false);
    expect(isEndDiastole(17)).toBe(true);
    expect(contrastDoseMmolPerKg(0.5, 16)).toBeCloseTo(0.1, 12);
  });
});
