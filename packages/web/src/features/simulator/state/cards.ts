/**
 * Console-style parameter cards (research note §(b), Siemens card mapping): which parameters each card holds.
 * As on real consoles TR and TE repeat on Routine and Contrast. Only the parameters the family uses appear
 * (@larmor/mri `parameterDefinitions`); Diffusion shows for DWI, Physio for cardiac (MOLLI) and balanced scans.
 */
import type { ParameterDefinition, ParameterKey } from '@larmor/mri/sequence';
import type { SequenceFamily } from '@larmor/mri';

export const CARD_NAMES = [
  'Routine',
  'Contrast',
  'Resolution',
  'Geometry',
  'Sequence',
  'System',
  'Physio',
  'Diffusion',
] as const;
export type CardName = (typeof CARD_NAMES)[number];

/** The numeric parameters of each card, in console order. */
const CARD_PARAMETERS: Readonly<Record<CardName, readonly ParameterKey[]>> = {
  Routine: [
    'sliceCount',
    'sliceThickness',
    'sliceGap',
    'fovRead',
    'fovPhase',
    'repetitionTime',
    'echoTime',
    'nex',
  ],
  Contrast: ['repetitionTime', 'echoTime', 'inversionTime', 'flipAngle', 'refocusingFlipAngle'],
  Resolution: ['matrixRead', 'matrixPhase', 'phaseOversampling', 'partialFourier'],
  // As on Siemens' Geometry card, the FOV sits beside the slices (the localisers' edges drag both).
  Geometry: ['sliceCount', 'sliceThickness', 'sliceGap', 'fovRead', 'fovPhase'],
  Sequence: ['bandwidthPerPixel', 'echoTrainLength', 'echoSpacing'],
  System: [],
  Physio: [],
  Diffusion: [],
};

/** The cards a family shows. */
export function cardsFor(family: SequenceFamily): CardName[] {
  return CARD_NAMES.filter((card) => {
    if (card === 'Diffusion') return family === 'DWI';
    if (card === 'Physio') return family === 'MOLLI' || family === 'bSSFP';
    return true;
  });
}

/** The definitions a card shows, in its order, of those the family uses. */
export function cardParameters(
  card: CardName,
  definitions: readonly ParameterDefinition[],
): ParameterDefinition[] {
  const byKey = new Map(definitions.map((d) => [d.key, d]));
  return CARD_PARAMETERS[card].flatMap((key) => {
    const def = byKey.get(key);
    return def ? [def] : [];
  });
}

/** Parameters of the family that no card shows (kept empty by a test: every parameter has a card). */
export function parametersWithoutCard(definitions: readonly ParameterDefinition[]): ParameterKey[] {
  const shown = new Set(Object.values(CARD_PARAMETERS).flat());
  return definitions.map((d) => d.key).filter((key) => !shown.has(key));
}
