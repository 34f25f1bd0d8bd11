/**
 * "MRI Fundamentals", courses 2 and 3: inversion recovery (null points of CSF, white matter and fat at 1.5 T and
 * 3 T) and speed (echo trains, EPI and diffusion). The IR null of a tissue with longitudinal relaxation T1 at
 * repetition time TR is TI = T1 · ln(2 / (1 + e^(−TR/T1))) (reference/analytic_formulas.md).
 */
import { learnMore, MODEL, SEQ, start, type SeedCourse, type SeedModule } from './seed-content-kit.ts';

const flair: SeedModule = {
  lab: {
    title: 'Null the CSF: FLAIR',
    anatomicalModelId: MODEL.brain,
    sequenceTypes: [SEQ.flair, SEQ.t2Tse],
    presets: { brainStateMode: 'moderateMSlesions' },
    lockedPresets: ['brainStateMode'],
    startingProtocols: start([SEQ.flair, { inversionTime: 1 }]),
    estimatedDurationMin: 25,
    attemptsAllowed: 3,
    competencies: ['image-contrast', 'pulse-sequences', 'clinical-protocols'],
    objectives: [
      { kind: 'sequenceFamily', id: 'family', title: 'A FLAIR', points: 1, families: ['FLAIR'] },
      {
        kind: 'contrastOrder',
        id: 'csf-nulled',
        title: 'CSF darker than white matter',
        points: 3,
        brighter: 'whiteMatter',
        darker: 'csf',
        feedbackFail: 'Compute TI = T1 · ln(2 / (1 + e^(−TR/T1))) with CSF’s T1 (about 4000 ms) and your TR.',
      },
      {
        kind: 'tissueNull',
        id: 'csf-null',
        title: 'CSF signal nulled',
        points: 2,
        tissue: 'csf',
        maxFraction: 0.15,
      },
    ],
    instructions: `## Clinical scene
A 29-year-old with blurred vision in one eye: the neurologist suspects multiple sclerosis and asks for FLAIR to
show lesions next to the ventricles.

## Goal
Show the periventricular lesions by suppressing the signal of CSF.

## Background
On a T2-weighted image lesions and CSF are both bright, so periventricular lesions hide against the ventricles.
FLAIR adds a 180° inversion pulse: tissue magnetisation recovers from −M0 and passes through zero at
TI = T1 · ln(2 / (1 + e^(−TR/T1))). Reading out at the moment CSF crosses zero removes its signal.

## Steps
1. Scan a *T2-weighted TSE* first and find the lesions beside the lateral ventricles.
2. Add a *FLAIR* and scan it as it starts: are the ventricles dark?
3. Compute the null point for CSF with its T1 at 1.5 T (about 4000 ms) and your TR. Set TI there and scan.
4. Move TI a few hundred milliseconds either side and watch CSF come back.

## What to look for
- The ventricles are dark and the lesions stay bright.
- Why does a TI that is too short make CSF bright again on a magnitude image?${learnMore(['inversion-recovery', 'contrast-and-weighting'])}`,
  },
  reference: { sequenceType: SEQ.flair, parameters: { inversionTime: 2.42 } },
};

const nullWhiteMatter: SeedModule = {
  lab: {
    title: 'Null the white matter: inversion recovery for grey–white contrast',
    anatomicalModelId: MODEL.brain,
    sequenceTypes: [SEQ.irSe],
    startingProtocols: start([SEQ.irSe, { repetitionTime: 2, echoTime: 0.015, inversionTime: 0.8 }]),
    estimatedDurationMin: 20,
    competencies: ['image-contrast', 'pulse-sequences'],
    objectives: [
      {
        kind: 'tissueNull',
        id: 'wm-null',
        title: 'White matter nulled',
        points: 3,
        tissue: 'whiteMatter',
        maxFraction: 0.15,
        feedbackFail:
          'White matter’s T1 is about 600 ms at 1.5 T: put it and your TR into the null-point formula.',
      },
      {
        kind: 'contrastOrder',
        id: 'gm-bright',
        title: 'Grey matter brighter than white matter',
        points: 2,
        brighter: 'greyMatter',
        darker: 'whiteMatter',
      },
    ],
    instructions: `## Clinical scene
An epilepsy work-up: the neuroradiologist looks for a small area of misplaced grey matter (heterotopia) and
asks for an inversion-recovery series with the white matter black, so any grey matter in it stands out.

## Goal
Choose the inversion time that nulls white matter at TR 2000 ms.

## Background
After a 180° inversion the longitudinal magnetisation is Mz(TI) = M0 · (1 − 2e^(−TI/T1) + e^(−TR/T1)). It is
zero at TI = T1 · ln(2 / (1 + e^(−TR/T1))). Tissues with a shorter T1 null earlier: white matter (≈ 600 ms)
before grey matter (≈ 950 ms) and long before CSF (≈ 4000 ms).

## Steps
1. Add an *Inversion recovery (IR-SE)* and scan the starting protocol (TI 800 ms). Which tissue is darkest?
2. Compute the white-matter null for TR 2000 ms. Set TI and scan.
3. Then compute the grey-matter null and scan it: what does the image show now?

## What to look for
- White matter black, grey matter and deep grey nuclei bright: the basis of MP-RAGE-like contrast.${learnMore(['inversion-recovery', 'timing-parameters'])}`,
  },
  reference: { sequenceType: SEQ.irSe, parameters: { inversionTime: 0.4 } },
};

const stir3T: SeedModule = {
  lab: {
    title: 'STIR at 3 T: the fat null moves',
    anatomicalModelId: MODEL.knee,
    sequenceTypes: [SEQ.stir],
    presets: { b0field: 3 },
    lockedPresets: ['b0field'],
    startingProtocols: start([SEQ.stir, { inversionTime: 0.15 }]),
    estimatedDurationMin: 20,
    competencies: ['image-contrast', 'instrumentation', 'pulse-sequences'],
    objectives: [
      {
        kind: 'tissueNull',
        id: 'fat-null',
        title: 'Fat nulled at 3 T',
        points: 3,
        tissue: 'fat',
        maxFraction: 0.15,
        feedbackFail:
          'T1 grows with the field: fat’s T1 is longer at 3 T than at 1.5 T, so its null comes later.',
      },
      { kind: 'fieldStrength', id: 'field', title: 'Scanned at 3 T', points: 1, tesla: 3 },
    ],
    instructions: `## Clinical scene
Your department has a new 3 T scanner. A colleague copied the 1.5 T knee STIR (TI 150 ms) across, and the
radiologist complains that fat in the marrow is grey, not black.

## Goal
Find the TI that nulls fat at 3 T.

## Background
T1 relaxation times lengthen with field strength; T2 barely changes. Fat’s null after an inversion is at
TI = T1 · ln(2 / (1 + e^(−TR/T1))) ≈ 0.69 · T1 when TR ≫ T1. A TI copied from 1.5 T is too short at 3 T.

## Steps
1. Scan the *STIR* as it starts (TI 150 ms, the 1.5 T value). Is the marrow fat dark?
2. Open the tissue characteristics: find fat’s T1 at 3 T. Compute its null and scan.
3. Move TI 30 ms either side: how sharp is the null?

## What to look for
- At the right TI the marrow is black and joint fluid bright.
- Which other 1.5 T protocol values would you need to change on a 3 T scanner?${learnMore(['field-strength', 'inversion-recovery', 'fat-suppression'])}`,
  },
  reference: { sequenceType: SEQ.stir, parameters: { inversionTime: 0.25 } },
};

const echoTrain: SeedModule = {
  lab: {
    title: 'Echo trains: a T2 brain in under two minutes',
    anatomicalModelId: MODEL.brain,
    sequenceTypes: [SEQ.t2Tse, SEQ.tse],
    startingProtocols: start(
      [SEQ.t2Tse, { repetitionTime: 4.5, echoTime: 0.1, echoTrainLength: 1 }],
      [SEQ.tse, { repetitionTime: 4.5, echoTime: 0.1, echoTrainLength: 1 }],
    ),
    estimatedDurationMin: 15,
    competencies: ['pulse-sequences', 'image-quality', 'instrumentation'],
    objectives: [
      { kind: 'weighting', id: 'weighting', title: 'Still T2-weighted', points: 2, weighting: 'T2' },
      {
        kind: 'scanTimeMax',
        id: 'time',
        title: 'Scan time under 2 minutes',
        points: 3,
        maxSeconds: 120,
        feedbackFail:
          'Scan time = TR × phase lines × averages / echo-train length: which factor can you grow?',
      },
    ],
    instructions: `## Clinical scene
An elderly patient with confusion can keep still for about two minutes at a time. The protocol's T2-weighted
brain takes far longer, because someone set the turbo factor to 1.

## Goal
Keep the T2 weighting and bring the scan under two minutes.

## Background
A turbo spin echo acquires several phase-encoding lines per TR, one per echo of the **echo train**:
scan time = TR × phase lines × NEX / ETL. The effective TE (the echo that fills the centre of k-space)
sets the contrast. Long trains blur short-T2 tissue and raise SAR. Parallel imaging is another way to skip
phase lines, at a cost in SNR.

## Steps
1. Scan the starting *T2-weighted TSE* (ETL 1): note the scan time.
2. Raise the echo-train length until the scan fits; keep TE (effective) near 100 ms and TR long.
3. Compare the sharpness of the two series at the edges of the ventricles.

## What to look for
- The contrast stays T2; the time falls in proportion to the echo-train length.${learnMore(['spin-echo', 'timing-parameters', 'parallel-imaging'])}`,
  },
  reference: { sequenceType: SEQ.t2Tse, parameters: { echoTrainLength: 16 } },
};

const diffusion: SeedModule = {
  lab: {
    title: 'Diffusion and the ADC map',
    anatomicalModelId: MODEL.brain,
    sequenceTypes: [SEQ.dwi],
    startingProtocols: start([SEQ.dwi, { bValues: [1e9] }]),
    estimatedDurationMin: 20,
    competencies: ['pulse-sequences', 'image-contrast'],
    objectives: [
      {
        kind: 'sequenceFamily',
        id: 'family',
        title: 'A diffusion-weighted EPI',
        points: 1,
        families: ['DWI'],
      },
      {
        kind: 'adcRange',
        id: 'adc',
        title: 'White-matter ADC measured in its normal range',
        points: 3,
        tissue: 'whiteMatter',
        minMm2PerS: 0.0004,
        maxMm2PerS: 0.0012,
        feedbackFail: 'An ADC map needs at least two b-values: ADC = ln(S_low / S_high) / (b_high − b_low).',
      },
    ],
    instructions: `## Clinical scene
A 70-year-old with sudden weakness of the right arm, 90 minutes ago. The stroke team needs diffusion imaging:
acute infarcts restrict diffusion (bright on DWI, dark on the ADC map).

## Goal
Acquire a diffusion series from which the ADC map can be computed, and read white matter's ADC.

## Background
Diffusion gradients dephase moving water: S(b) = S(0) · e^(−b · ADC). One b-value shows T2 and diffusion
mixed ("T2 shine-through"); two or more give the ADC, ADC = ln(S(b1)/S(b2)) / (b2 − b1). Normal white matter
is about 0.7 × 10⁻³ mm²/s, CSF about 3 × 10⁻³ mm²/s. DWI is read out with EPI: fast, but distorted near air.

## Steps
1. Scan the starting *DWI* (b = 1000 s/mm² only). Is there an ADC map?
2. Add a b = 0 s/mm² acquisition and scan again. Read the ADC of white matter and of CSF.

## What to look for
- CSF is dark on the b = 1000 image and bright on the ADC map. What would an acute infarct look like?${learnMore(['echo-planar-and-diffusion', 'susceptibility'])}`,
  },
  reference: { sequenceType: SEQ.dwi, parameters: { bValues: [0, 1e9] } },
};

export const FUNDAMENTALS_IR_AND_SPEED: SeedCourse[] = [
  {
    title: 'Inversion recovery',
    description:
      'An inversion pulse and a computed TI null one tissue: CSF, white matter or fat, at 1.5 T and 3 T.',
    modules: [flair, nullWhiteMatter, stir3T],
  },
  {
    title: 'Speed: echo trains, EPI and diffusion',
    description: 'Buy time with echo trains and single-shot EPI, and measure diffusion.',
    modules: [echoTrain, diffusion],
  },
];
