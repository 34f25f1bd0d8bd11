import { describe, expect, it } from 'vitest';
import { defaultProtocol } from './sequence/defaults.ts';
import { REFERENCE_SCANNER } from './sequence/hardware.ts';
import { protocolOf } from './sequence/protocol.ts';
import { motionOf, scannerOf, simulatorSettingsOf } from './settings.ts';
import { acquisitionFrame, scanGeometry } from './simulate/geometry.ts';

describe('scannerOf: the scanner a configuration names', () => {
  it('an empty configuration is the reference scanner (1.5 T, 45 mT/m, 200 T/m/s, body coil)', () => {
    expect(scannerOf({})).toEqual(REFERENCE_SCANNER);
  });

  it('b0field [T], maxGr [mT/m → T/m] and coil, numbers or numeric strings', () => {
    expect(scannerOf({ b0field: 3, maxGr: '80', coil: 'head8' })).toEqual({
      b0: 3,
      maxGradient: 0.08,
      maxSlewRate: 200,
      coil: 'head8',
    });
  });

  it('unreadable values and an empty coil take the reference values', () => {
    expect(scannerOf({ b0field: 'strong', maxGr: null, coil: '' })).toEqual(REFERENCE_SCANNER);
  });
});

describe('simulatorSettingsOf: the settings read once', () => {
  it('the defaults: noise Low, no motion, cardiac phase 1, no Bloch extras', () => {
    expect(simulatorSettingsOf({})).toEqual({
      scanner: REFERENCE_SCANNER,
      noiseLevel: 1,
      motion: { kind: 'none' },
      patient: { cardiacPhase: 1 },
      susceptibility: false,
      t2Star: false,
    });
  });

  it('a noise level outside 0–3 is Low; rotation in degrees becomes radians; axis 2 is the phase direction', () => {
    expect(simulatorSettingsOf({ noise: 9 }).noiseLevel).toBe(1);
    expect(simulatorSettingsOf({ noise: 3 }).noiseLevel).toBe(3);
    expect(
      simulatorSettingsOf({ motion: 'rotational', motion_rot_angle: 10, motion_rot_freq: 2 }).motion,
    ).toEqual({ kind: 'rotation', amplitude: (10 * Math.PI) / 180, frequency: 2 });
    expect(
      simulatorSettingsOf({
        motion: 'translational',
        motion_trans_magn: 0.005,
        motion_trans_freq: 1,
        motion_trans_axis: 2,
      }).motion,
    ).toEqual({ kind: 'translation', amplitude: 0.005, frequency: 1, axis: 'phase' });
  });
});

describe('motionOf: the motion of a scan, through its geometry', () => {
  const translation = { kind: 'translation', amplitude: 0.005, frequency: 1 } as const;

  it('translation runs along the acquisition frame’s readout or phase direction, stack rotation included', () => {
    for (const rotation of [0, Math.PI / 6, Math.PI / 2]) {
      for (const phaseDirection of ['row', 'column'] as const) {
        const base = defaultProtocol('SE', REFERENCE_SCANNER);
        const protocol = {
          ...base,
          phaseDirection,
          geometry: { ...base.geometry, orientation: 'coronal' as const, rotation },
        };
        const [plane] = scanGeometry(protocol).slices;
        if (!plane) throw new Error('no slice');
        const frame = acquisitionFrame(protocol, plane);
        expect(motionOf({ ...translation, axis: 'read' }, protocol)).toEqual({
          ...translation,
          direction: frame.readDirection,
        });
        expect(motionOf({ ...translation, axis: 'phase' }, protocol)).toMatchObject({
          direction: frame.phaseDirection,
        });
      }
    }
  });

  it('an axial stack rotated by 90° with phase along columns reads along +y', () => {
    const base = defaultProtocol('SE', REFERENCE_SCANNER);
    const protocol = {
      ...base,
      phaseDirection: 'column' as const,
      geometry: {
        orientation: 'axial' as const,
        center: [0, 0, 0] as [number, number, number],
        rotation: Math.PI / 2,
      },
    };
    const motion = motionOf({ ...translation, axis: 'read' }, protocol);
    if (motion?.kind !== 'translation') throw new Error('no translation');
    expect(motion.direction[0]).toBeCloseTo(0, 12);
    expect(motion.direction[1]).toBeCloseTo(1, 12);
    expect(motion.direction[2]).toBeCloseTo(0, 12);
  });

  it('rotation is passed on as it is; none is no motion', () => {
    const protocol = defaultProtocol('SE', REFERENCE_SCANNER);
    const rotation = { kind: 'rotation', amplitude: 0.1, frequency: 2 } as const;
    expect(motionOf(rotation, protocol)).toEqual(rotation);
    expect(motionOf({ kind: 'none' }, protocol)).toBeUndefined();
  });
});

describe('protocolOf: parameters and spatials joined back', () => {
  it('splitting a protocol into family, geometry and the rest and joining it gives it back', () => {
    const { family, geometry, ...parameters } = defaultProtocol('GRE', REFERENCE_SCANNER);
    expect(protocolOf(family, parameters, geometry)).toEqual(defaultProtocol('GRE', REFERENCE_SCANNER));
  });
});
