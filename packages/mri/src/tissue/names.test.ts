import { describe, expect, it } from 'vitest';
import { TISSUE_ALIASES, TISSUE_LIBRARY } from './library.ts';
import { tissueName, tissueNameCapitalised } from './names.ts';

const CAMEL_CASE = /[a-z][A-Z]/;

describe('tissue names in words (issue 20.3: no internal name reaches a student)', () => {
  it('every library tissue and alias has a name without camelCase', () => {
    for (const key of [...TISSUE_LIBRARY.keys(), ...Object.keys(TISSUE_ALIASES)]) {
      expect(tissueName(key), key).not.toMatch(CAMEL_CASE);
    }
  });

  it('names read as words: white matter, CSF, joint fluid; an alias reads as its tissue', () => {
    expect(tissueName('whiteMatter')).toBe('white matter');
    expect(tissueName('csf')).toBe('CSF');
    expect(tissueName('synovialFluid')).toBe('joint fluid');
    expect(tissueName('grayMatter')).toBe('grey matter');
    expect(tissueNameCapitalised('whiteMatter')).toBe('White matter');
  });

  it('a key outside the library is split at its capitals', () => {
    expect(tissueName('customLesionRim')).toBe('custom lesion rim');
  });
});
