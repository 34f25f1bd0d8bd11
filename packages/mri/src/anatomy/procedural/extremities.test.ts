import { describe, expect, it } from 'vitest';
import type { LabelVolume } from '../types.ts';
import { labelAtPoint, tissueFractions } from '../inspect.ts';
import { buildShoulderVolume, SHOULDER_TISSUES } from './shoulder.ts';
import { buildHandVolume, HAND_TISSUES } from './hand.ts';
import { buildFootVolume, FOOT_TISSUES } from './foot.ts';
import { buildWholeBodyVolume, WHOLE_BODY_REGIONS } from './wholeBody.ts';
import { BODY_TISSUES } from '../body/tissues.ts';

/** Coarser grids than the shipped models keep the tests fast; determinism is checked at the shipped size. */
const shoulder = { volume: buildShoulderVolume(0.002), tissues: SHOULDER_TISSUES.keys };
const hand = { volume: buildHandVolume(), tissues: HAND_TISSUES.keys };
const foot = { volume: buildFootVolume(0.002), tissues: FOOT_TISSUES.keys };
const body = { volume: buildWholeBodyVolume(0.01), tissues: BODY_TISSUES.keys };

const same = (a: LabelVolume, b: LabelVolume) =>
  Buffer.compare(Buffer.from(a.labels), Buffer.from(b.labels)) === 0;
const bone = ['marrow', 'corticalBone'];

describe('extremity models', () => {
  it('are deterministic', () => {
    expect(same(buildHandVolume(), hand.volume)).toBe(true);
    expect(same(buildFootVolume(0.002), foot.volume)).toBe(true);
    expect(same(buildShoulderVolume(0.002), shoulder.volume)).toBe(true);
  });

  it('shoulder: humeral head lateral to the glenoid, cuff tendon over the head, acromion above', () => {
    expect(labelAtPoint(shoulder, [0.004, 0, 0])).toBe('marrow');
    expect(bone).toContain(labelAtPoint(shoulder, [-0.032, 0.004, 0]));
    expect(labelAtPoint(shoulder, [0.012, -0.002, 0.028])).toBe('tendon');
    expect(bone).toContain(labelAtPoint(shoulder, [0.02, 0.005, 0.042]));
    expect(tissueFractions(shoulder, { excludeAir: true }).muscle).toBeGreaterThan(0.3);
  });

  it('hand: radius lateral (+x) and ulna medial at the wrist, carpals below, fingers towards −z', () => {
    expect(bone).toContain(labelAtPoint(hand, [0.013, 0.001, 0.05]));
    expect(bone).toContain(labelAtPoint(hand, [-0.0155, 0.003, 0.05]));
    expect(labelAtPoint(hand, [0.0, 0.002, 0.05])).not.toMatch(/marrow|corticalBone/);
    expect(bone).toContain(labelAtPoint(hand, [0.002, 0, -0.015])); // capitate
    expect(bone).toContain(labelAtPoint(hand, [0.0045, 0, -0.12])); // middle finger proximal phalanx
    expect(labelAtPoint(hand, [0.07, 0, -0.15])).toBe('air'); // beside the fingers
  });

  it('foot: talus under the tibia, calcaneus behind and below, Achilles tendon posterior, toes anterior', () => {
    expect(bone).toContain(labelAtPoint(foot, [0.004, 0.03, 0.1]));
    expect(bone).toContain(labelAtPoint(foot, [0, 0.025, -0.005]));
    expect(bone).toContain(labelAtPoint(foot, [-0.004, 0.065, -0.032]));
    expect(labelAtPoint(foot, [0, 0.077, 0.15])).toBe('tendon');
    expect(labelAtPoint(foot, [0.022, -0.13, -0.045])).not.toBe('air'); // big toe
  });
});

describe('whole body', () => {
  it('spans head to feet with brain at the top, lungs in the chest, bladder in the pelvis', () => {
    expect(labelAtPoint(body, [0, 0.01, 1.7])).toMatch(/Matter/);
    expect(labelAtPoint(body, [-0.08, 0.015, 1.32])).toBe('lung');
    expect(labelAtPoint(body, [0, -0.04, 0.885])).toBe('urine');
    expect(labelAtPoint(body, [0.1, 0.02, 0.3])).not.toBe('air'); // left calf
    expect(labelAtPoint(body, [0, 0, 1.81])).toBe('air');
  });

  it('has every spec region inside or beside the body', () => {
    expect(WHOLE_BODY_REGIONS.map((r) => r.name)).toEqual([
      'Spine',
      'Abdomen',
      'Left shoulder and elbow',
      'Pelvis',
      'Left hand',
      'Right knee',
      'Right foot',
    ]);
    for (const r of WHOLE_BODY_REGIONS) {
      expect(r.center[2]).toBeGreaterThan(0);
      expect(r.center[2]).toBeLessThan(1.8);
    }
  });
});
