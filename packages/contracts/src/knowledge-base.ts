/**
 * The knowledge base's table of contents and its stable anchors. The web app serves the articles at
 * `/knowledge-base/<slug>`; the parameter panel, the sequence picker and automatic feedback (computed by the
 * server) link to them with `knowledgeBaseHref`, so the slugs and anchors here are a contract: rename a heading
 * freely, never an anchor.
 */

export const KNOWLEDGE_BASE_PATH = '/knowledge-base';

export const KNOWLEDGE_BASE_CATEGORIES = [
  'basics',
  'sequences',
  'artifacts',
  'parameters',
  'practice',
] as const;
export type KnowledgeBaseCategory = (typeof KNOWLEDGE_BASE_CATEGORIES)[number];

export const KNOWLEDGE_BASE_CATEGORY_TITLES: Readonly<Record<KnowledgeBaseCategory, string>> = {
  basics: 'Basics',
  sequences: 'Sequence families',
  artifacts: 'Artifacts: cause, look and remedy',
  parameters: 'Scan parameters: what trades against what',
  practice: 'Clinical practice: planning, contrast and safety',
};

export interface KnowledgeBaseArticle {
  slug: string;
  title: string;
  category: KnowledgeBaseCategory;
  /** One line for the index. */
  summary: string;
}

/** Every article, in reading order. */
export const KNOWLEDGE_BASE_ARTICLES = [
  {
    slug: 'contrast-and-weighting',
    title: 'Contrast and weighting: T1, T2 and proton density',
    category: 'basics',
    summary: 'How TR and TE decide which tissue property an image shows.',
  },
  {
    slug: 'proton-density',
    title: 'Proton-density weighting',
    category: 'basics',
    summary: 'Long TR and short TE: an image of how much water each tissue holds.',
  },
  {
    slug: 'snr',
    title: 'Signal-to-noise ratio (SNR) and contrast-to-noise ratio (CNR)',
    category: 'basics',
    summary: 'Voxel volume, lines, averages, bandwidth, field and coils: what buys signal and what it costs.',
  },
  {
    slug: 'field-strength',
    title: '1.5 T and 3 T: what changes with field strength',
    category: 'basics',
    summary: 'Longer T1, twice the SNR and chemical shift, more susceptibility, four times the SAR.',
  },
  {
    slug: 'spin-echo',
    title: 'Spin echo and turbo spin echo',
    category: 'sequences',
    summary: 'SE and TSE: the refocused echo, echo trains and their contrast.',
  },
  {
    slug: 'gradient-echo',
    title: 'Gradient echo, balanced SSFP and SWI',
    category: 'sequences',
    summary: 'Fast imaging with a gradient-refocused echo, and what T2* does to it.',
  },
  {
    slug: 'inversion-recovery',
    title: 'Inversion recovery: IR, STIR, FLAIR, MP-RAGE and MOLLI',
    category: 'sequences',
    summary: 'An inversion pulse and a well-chosen TI null a tissue or sharpen T1 contrast.',
  },
  {
    slug: 'echo-planar-and-diffusion',
    title: 'Echo-planar imaging and diffusion',
    category: 'sequences',
    summary: 'GRE-EPI, SE-EPI and DWI: a whole image from one excitation.',
  },
  {
    slug: 'fat-suppression',
    title: 'Fat suppression: STIR, fat saturation and Dixon',
    category: 'sequences',
    summary: 'Three ways to darken fat, and when each one fails.',
  },
  {
    slug: 'aliasing',
    title: 'Aliasing (wrap-around)',
    category: 'artifacts',
    summary: 'Anatomy outside the field of view folds back into the image.',
  },
  {
    slug: 'chemical-shift',
    title: 'Chemical shift',
    category: 'artifacts',
    summary: 'Fat is displaced along the readout: bright and dark bands at fat–water borders.',
  },
  {
    slug: 'truncation',
    title: 'Truncation (Gibbs ringing)',
    category: 'artifacts',
    summary: 'Parallel lines beside sharp edges when too few k-space lines are acquired.',
  },
  {
    slug: 'motion',
    title: 'Motion ghosts',
    category: 'artifacts',
    summary: 'Moving anatomy repeats along the phase-encoding direction.',
  },
  {
    slug: 'susceptibility',
    title: 'Susceptibility and EPI distortion',
    category: 'artifacts',
    summary: 'Signal loss and warping near air, bone and metal.',
  },
  {
    slug: 'flow',
    title: 'Flow: flow voids, inflow enhancement and flow ghosts',
    category: 'artifacts',
    summary: 'Moving blood darkens, brightens or repeats along phase; saturation bands tame it.',
  },
  {
    slug: 'timing-parameters',
    title: 'Timing: TR, TE, TI, flip angle and echo trains',
    category: 'parameters',
    summary: 'Contrast against scan time and signal.',
  },
  {
    slug: 'flip-angle-and-ernst',
    title: 'Flip angle and the Ernst angle',
    category: 'parameters',
    summary: 'The spoiled gradient-echo signal, the angle that maximises it, and the angle that weights T1.',
  },
  {
    slug: 'resolution-and-coverage',
    title: 'Resolution and coverage: FOV, matrix and slices',
    category: 'parameters',
    summary: 'Detail against signal-to-noise ratio and scan time.',
  },
  {
    slug: 'signal-and-speed',
    title: 'Signal and speed: bandwidth, averages, oversampling and partial Fourier',
    category: 'parameters',
    summary: 'Signal-to-noise ratio against scan time and artifacts.',
  },
  {
    slug: 'parallel-imaging',
    title: 'Parallel imaging: acceleration, g-factor and fold-over',
    category: 'parameters',
    summary: 'Skip phase lines and unfold with the coil elements: time for SNR.',
  },
  {
    slug: 'planning',
    title: 'Planning: coverage, angulation and localisers',
    category: 'practice',
    summary: 'Place the stack on the localisers: cover the anatomy, along its landmark lines.',
  },
  {
    slug: 'contrast-enhancement',
    title: 'Contrast enhancement: gadolinium and bolus timing',
    category: 'practice',
    summary: 'How gadolinium shortens T1, and how to catch the bolus at the right moment.',
  },
  {
    slug: 'safety-and-sar',
    title: 'Safety and SAR: RF heating and how to reduce it',
    category: 'practice',
    summary: 'What drives SAR, the limits the scanner keeps, and how to lower SAR without losing the image.',
  },
] as const satisfies readonly KnowledgeBaseArticle[];

export type KnowledgeBaseSlug = (typeof KNOWLEDGE_BASE_ARTICLES)[number]['slug'];

/** A place in the knowledge base: an article and, optionally, a section anchor in it. */
export interface KnowledgeBaseLink {
  slug: KnowledgeBaseSlug;
  anchor?: string;
}

/** The URL path of a place in the knowledge base, `/knowledge-base/spin-echo#tse`. */
export function knowledgeBaseHref(link: KnowledgeBaseLink): string {
  return `${KNOWLEDGE_BASE_PATH}/${link.slug}${link.anchor === undefined ? '' : `#${link.anchor}`}`;
}

/** Where each sequence family of `@larmor/mri` (`SEQUENCE_FAMILIES`, spelled the same) is explained. */
export const SEQUENCE_FAMILY_HELP: Readonly<Record<string, KnowledgeBaseLink>> = {
  SE: { slug: 'spin-echo', anchor: 'se' },
  TSE: { slug: 'spin-echo', anchor: 'tse' },
  GRE: { slug: 'gradient-echo', anchor: 'gre' },
  bSSFP: { slug: 'gradient-echo', anchor: 'bssfp' },
  SWI: { slug: 'gradient-echo', anchor: 'swi' },
  IR: { slug: 'inversion-recovery', anchor: 'ir' },
  STIR: { slug: 'inversion-recovery', anchor: 'stir' },
  FLAIR: { slug: 'inversion-recovery', anchor: 'flair' },
  MPRAGE: { slug: 'inversion-recovery', anchor: 'mprage' },
  MOLLI: { slug: 'inversion-recovery', anchor: 'molli' },
  'GRE-EPI': { slug: 'echo-planar-and-diffusion', anchor: 'gre-epi' },
  'SE-EPI': { slug: 'echo-planar-and-diffusion', anchor: 'se-epi' },
  DWI: { slug: 'echo-planar-and-diffusion', anchor: 'dwi' },
  Dixon: { slug: 'fat-suppression', anchor: 'dixon' },
};

/** Where each editable scan parameter of `@larmor/mri` (`ParameterKey`, spelled the same) is explained. */
export const PARAMETER_HELP: Readonly<Record<string, KnowledgeBaseLink>> = {
  repetitionTime: { slug: 'timing-parameters', anchor: 'repetition-time' },
  echoTime: { slug: 'timing-parameters', anchor: 'echo-time' },
  inversionTime: { slug: 'timing-parameters', anchor: 'inversion-time' },
  flipAngle: { slug: 'timing-parameters', anchor: 'flip-angle' },
  refocusingFlipAngle: { slug: 'timing-parameters', anchor: 'refocusing-flip-angle' },
  echoTrainLength: { slug: 'timing-parameters', anchor: 'echo-train-length' },
  echoSpacing: { slug: 'timing-parameters', anchor: 'echo-spacing' },
  fovRead: { slug: 'resolution-and-coverage', anchor: 'field-of-view' },
  fovPhase: { slug: 'resolution-and-coverage', anchor: 'field-of-view' },
  matrixRead: { slug: 'resolution-and-coverage', anchor: 'matrix' },
  matrixPhase: { slug: 'resolution-and-coverage', anchor: 'matrix' },
  sliceThickness: { slug: 'resolution-and-coverage', anchor: 'slice-thickness' },
  sliceGap: { slug: 'resolution-and-coverage', anchor: 'slice-gap' },
  sliceCount: { slug: 'resolution-and-coverage', anchor: 'slices' },
  bandwidthPerPixel: { slug: 'signal-and-speed', anchor: 'bandwidth' },
  nex: { slug: 'signal-and-speed', anchor: 'averages' },
  phaseOversampling: { slug: 'signal-and-speed', anchor: 'phase-oversampling' },
  partialFourier: { slug: 'signal-and-speed', anchor: 'partial-fourier' },
};

/** Artifacts automatic feedback may name, and where each is explained (cause, look, remedy). */
export const ARTIFACT_HELP = {
  aliasing: { slug: 'aliasing' },
  chemicalShift: { slug: 'chemical-shift' },
  truncation: { slug: 'truncation' },
  motion: { slug: 'motion' },
  susceptibility: { slug: 'susceptibility', anchor: 'susceptibility' },
  epiDistortion: { slug: 'susceptibility', anchor: 'epi-distortion' },
} as const satisfies Readonly<Record<string, KnowledgeBaseLink>>;
export type ArtifactKey = keyof typeof ARTIFACT_HELP;

/**
 * What a failed automatic check asks the student to change (@larmor/mri grading's `Adjustable`: a scan
 * parameter, spelled as `PARAMETER_HELP`'s keys, or one of the console's choices), in the console's words, with
 * the place that explains it.
 */
export const ADJUSTABLE_HELP: Readonly<Record<string, { label: string; link: KnowledgeBaseLink | null }>> = {
  repetitionTime: { label: 'TR', link: PARAMETER_HELP['repetitionTime'] ?? null },
  echoTime: { label: 'TE', link: PARAMETER_HELP['echoTime'] ?? null },
  inversionTime: { label: 'TI', link: PARAMETER_HELP['inversionTime'] ?? null },
  flipAngle: { label: 'Flip angle', link: PARAMETER_HELP['flipAngle'] ?? null },
  refocusingFlipAngle: {
    label: 'Refocusing flip angle',
    link: PARAMETER_HELP['refocusingFlipAngle'] ?? null,
  },
  echoTrainLength: { label: 'Echo train length', link: PARAMETER_HELP['echoTrainLength'] ?? null },
  echoSpacing: { label: 'Echo spacing', link: PARAMETER_HELP['echoSpacing'] ?? null },
  bandwidthPerPixel: { label: 'Bandwidth per pixel', link: PARAMETER_HELP['bandwidthPerPixel'] ?? null },
  fovRead: { label: 'FOV (read)', link: PARAMETER_HELP['fovRead'] ?? null },
  fovPhase: { label: 'FOV (phase)', link: PARAMETER_HELP['fovPhase'] ?? null },
  matrixRead: { label: 'Matrix (read)', link: PARAMETER_HELP['matrixRead'] ?? null },
  matrixPhase: { label: 'Matrix (phase)', link: PARAMETER_HELP['matrixPhase'] ?? null },
  sliceThickness: { label: 'Slice thickness', link: PARAMETER_HELP['sliceThickness'] ?? null },
  sliceGap: { label: 'Slice gap', link: PARAMETER_HELP['sliceGap'] ?? null },
  sliceCount: { label: 'Slices', link: PARAMETER_HELP['sliceCount'] ?? null },
  nex: { label: 'NEX (averages)', link: PARAMETER_HELP['nex'] ?? null },
  phaseOversampling: { label: 'Phase oversampling', link: PARAMETER_HELP['phaseOversampling'] ?? null },
  partialFourier: { label: 'Partial Fourier', link: PARAMETER_HELP['partialFourier'] ?? null },
  bValues: { label: 'b-values', link: { slug: 'echo-planar-and-diffusion', anchor: 'dwi' } },
  family: { label: 'Sequence type', link: { slug: 'contrast-and-weighting' } },
  orientation: { label: 'Slice orientation', link: { slug: 'resolution-and-coverage', anchor: 'slices' } },
  slicePosition: { label: 'Slice position', link: { slug: 'resolution-and-coverage', anchor: 'slices' } },
  sliceRotation: { label: 'Slice rotation', link: { slug: 'resolution-and-coverage', anchor: 'slices' } },
  sliceTilt: { label: 'Slice tilt', link: { slug: 'resolution-and-coverage', anchor: 'slices' } },
  phaseDirection: { label: 'Phase-encoding direction', link: { slug: 'aliasing' } },
  fatSaturation: { label: 'Fat saturation', link: { slug: 'fat-suppression', anchor: 'fat-saturation' } },
  b0: { label: 'Field strength', link: { slug: 'field-strength' } },
  answer: { label: 'Your answer', link: null },
};

/**
 * The article that teaches what each kind of automatic check is about (objectives.ts kinds). A "diagnose and
 * fix" check links the planted artifact's article only once the answer names it, else the index.
 */
export const OBJECTIVE_HELP: Readonly<Record<string, KnowledgeBaseLink>> = {
  sequenceFamily: { slug: 'contrast-and-weighting' },
  weighting: { slug: 'contrast-and-weighting' },
  orientation: { slug: 'resolution-and-coverage', anchor: 'slices' },
  phaseDirection: { slug: 'aliasing' },
  scanTimeMax: { slug: 'signal-and-speed' },
  inPlaneResolutionMax: { slug: 'resolution-and-coverage', anchor: 'matrix' },
  sliceThicknessMax: { slug: 'resolution-and-coverage', anchor: 'slice-thickness' },
  coverage: { slug: 'planning', anchor: 'coverage' },
  fatSuppression: { slug: 'fat-suppression' },
  fieldStrength: { slug: 'field-strength' },
  snrMin: { slug: 'snr' },
  contrastOrder: { slug: 'contrast-and-weighting' },
  noWrap: { slug: 'aliasing' },
  chemicalShiftMax: { slug: 'chemical-shift' },
  noMotion: { slug: 'motion' },
  cnrMin: { slug: 'snr', anchor: 'cnr' },
  signalRatioMin: { slug: 'contrast-and-weighting' },
  tissueNull: { slug: 'inversion-recovery' },
  adcRange: { slug: 'echo-planar-and-diffusion', anchor: 'dwi' },
  sarMax: { slug: 'safety-and-sar', anchor: 'reducing-sar' },
  angulation: { slug: 'planning', anchor: 'angulation' },
  gibbsMax: { slug: 'truncation' },
  ghostMax: { slug: 'motion' },
  distortionMax: { slug: 'susceptibility', anchor: 'epi-distortion' },
  readingAnswer: { slug: 'contrast-and-weighting' },
  // diagnoseFix: the artifact's own article, and only once the student has named it (the server decides).
};

/** The title of an article, by its slug. */
export function knowledgeBaseTitle(slug: KnowledgeBaseSlug): string {
  return KNOWLEDGE_BASE_ARTICLES.find((a) => a.slug === slug)?.title ?? slug;
}
