import { describe, expect, it } from 'vitest';
import { defaultProtocol } from '@larmor/mri/sequence';
import type { Scanner } from '@larmor/mri';
import { directionLetters, phaseDirectionLabel } from './phase-direction.ts';
import { testScanner } from '@larmor/mri/testing';

const scanner: Scanner = testScanner();

describe('phase-encoding direction in words', () => {
  it('names LPS axes from where they point away to where they point', () => {
    expect(directionLetters([0, 1, 0])).toBe('A >> P');
    expect(directionLetters([-1, 0, 0])).toBe('L >> R');
    expect(directionLetters([0, 0.1, -0.99])).toBe('H >> F');
  });

  it('an axial slice encodes phase A >> P along its columns and R/L along its rows', () => {
    const axial = defaultProtocol('SE', scanner);
    expect(axial.geometry.orientation).toBe('axial');
    expect(phaseDirectionLabel(axial, 'column')).toBe('A >> P');
    expect(phaseDirectionLabel(axial, 'row')).toMatch(/^(R >> L|L >> R)$/);
  });
});
