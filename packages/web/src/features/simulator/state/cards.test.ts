import { describe, expect, it } from 'vitest';
import { defaultProtocol, parameterDefinitions } from '@larmor/mri/sequence';
import { SEQUENCE_FAMILIES, type Scanner } from '@larmor/mri';
import { cardParameters, cardsFor, parametersWithoutCard } from './cards.ts';
import { testScanner } from '@larmor/mri/testing';

const scanner: Scanner = testScanner();

describe('parameter cards', () => {
  it('every parameter of every family is on a card', () => {
    for (const family of SEQUENCE_FAMILIES) {
      const defs = parameterDefinitions(defaultProtocol(family, scanner), scanner);
      expect(parametersWithoutCard(defs), family).toEqual([]);
    }
  });

  it('TR and TE repeat on Routine and Contrast; TI only where the family inverts', () => {
    const flair = parameterDefinitions(defaultProtocol('FLAIR', scanner), scanner);
    expect(cardParameters('Contrast', flair).map((d) => d.key)).toEqual([
      'repetitionTime',
      'echoTime',
      'inversionTime',
      'flipAngle',
      'refocusingFlipAngle',
    ]);
    const se = parameterDefinitions(defaultProtocol('SE', scanner), scanner);
    expect(cardParameters('Contrast', se).map((d) => d.key)).not.toContain('inversionTime');
    expect(cardParameters('Routine', se).map((d) => d.key)).toContain('echoTime');
  });

  it('the Geometry card holds the slices and the FOV that the localisers drag', () => {
    const se = parameterDefinitions(defaultProtocol('SE', scanner), scanner);
    expect(cardParameters('Geometry', se).map((d) => d.key)).toEqual([
      'sliceCount',
      'sliceThickness',
      'sliceGap',
      'fovRead',
      'fovPhase',
    ]);
  });

  it('Diffusion shows for DWI only, Physio for cardiac and balanced scans', () => {
    expect(cardsFor('DWI')).toContain('Diffusion');
    expect(cardsFor('TSE')).not.toContain('Diffusion');
    expect(cardsFor('MOLLI')).toContain('Physio');
    expect(cardsFor('SE')).toEqual(['Routine', 'Contrast', 'Resolution', 'Geometry', 'Sequence', 'System']);
  });
});
