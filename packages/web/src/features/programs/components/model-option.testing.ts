/** Test data of the module form: an anatomical model as GET v1/module-options lists it. */
import type { AnatomicalModelOption } from '@larmor/contracts/catalog';

/** The brain (model 1: Brain Condition and tissue properties, CSF and white matter, head coil), `over` it. */
export const modelOption = (over: Partial<AnatomicalModelOption>): AnatomicalModelOption => ({
  id: 1,
  name: 'Brain',
  engineModelId: 1,
  engineModelName: 'Brain',
  features: ['Brain Condition', 'Tissue magnetic properties'],
  contrast: false,
  timingBolus: false,
  readingOnly: false,
  brainCondition: null,
  free: true,
  description: '',
  tissues: ['csf', 'whiteMatter'],
  coils: [{ uniqueName: 'head8', shownName: 'Head 8-channel' }],
  ...over,
});
