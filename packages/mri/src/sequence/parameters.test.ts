import { describe, expect, it } from 'vitest';
import { degToRad } from '../units.ts';
import { defaultProtocol } from './defaults.ts';
import { REFERENCE_SCANNER } from './hardware.ts';
import { parameterDefinitions } from './parameters.ts';
import { validateProtocol } from './validate.ts';

const refocusing = (family: Parameters<typeof defaultProtocol>[0]) =>
  parameterDefinitions(defaultProtocol(family, REFERENCE_SCANNER), REFERENCE_SCANNER).find(
    (d) => d.key === 'refocusingFlipAngle',
  );

describe('the refocusing flip angle, a parameter of every spin echo (issue 12: every parameter the engine has)', () => {
  it('is offered from 90° to 180° in 1° steps on spin-echo families, and 180° when the protocol leaves it out', () => {
    for (const family of ['SE', 'TSE', 'FLAIR', 'STIR'] as const) {
      expect(refocusing(family), family).toMatchObject({
        unit: 'rad',
        min: degToRad(90),
        max: Math.PI,
        step: degToRad(1),
        absentValue: Math.PI,
      });
    }
  });

  it('is not offered on gradient echoes, which have no refocusing pulse', () => {
    for (const family of ['GRE', 'SWI', 'MPRAGE', 'bSSFP'] as const)
      expect(refocusing(family), family).toBeUndefined();
  });

  it('is validated like every range: 60° is below the minimum', () => {
    const tse = { ...defaultProtocol('TSE', REFERENCE_SCANNER), refocusingFlipAngle: degToRad(60) };
    expect(validateProtocol(tse, REFERENCE_SCANNER)).toContainEqual(
      expect.objectContaining({ parameter: 'refocusingFlipAngle', rule: 'min' }),
    );
  });
});
