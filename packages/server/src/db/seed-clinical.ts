/**
 * Program "Clinical protocols and safety" (issue 24): fat suppression compared, contrast enhancement and its
 * timing, SAR, planning on the localisers, and reading prepared series.
 */
import type { SeedProgram } from './seed-content-kit.ts';
import { CLINICAL_FAT_AND_CONTRAST } from './seed-clinical-fat.ts';
import { CLINICAL_SAFETY_AND_PLANNING } from './seed-clinical-safety.ts';
import { CLINICAL_READING } from './seed-reading.ts';

export const CLINICAL: SeedProgram = {
  title: 'Clinical protocols and safety',
  summary:
    'Fat suppression, contrast enhancement, SAR and planning: protocols that answer the clinical question.',
  description: `Build the protocols a department runs every day, safely.

1. **Fat suppression**: STIR, spectral fat saturation and Dixon compared.
2. **Contrast agents**: gadolinium, enhancement and timing.
3. **Safety and planning**: SAR within the limits without losing the image; coverage and angulation.
4. **Reading the images**: which prepared series answers the clinical question.`,
  courses: [...CLINICAL_FAT_AND_CONTRAST, ...CLINICAL_SAFETY_AND_PLANNING, ...CLINICAL_READING],
};
