/**
 * "Clinical protocols and safety", course "Reading the images" (issue 24, model 100001): a reading-only module
 * shows series prepared from its starting protocols (sequences/prepared.ts) of the brain with MS lesions, and
 * asks reading questions (objectives of kind `readingAnswer`) answered on the submission form. No scan: the
 * solution is the answers. Relaxation times are typical 1.5 T values of reference/tissue_properties.md; the FLAIR
 * keeps its type's inversion time, CSF's null TI = T1 · ln(2 / (1 + e^(−TR/T1))) corrected for its readout.
 */
import { READING_ONLY_MODEL_ID } from '@larmor/contracts';
import { learnMore, SEQ, start, type SeedCourse, type SeedModule } from './seed-content-kit.ts';

/**
 * The prepared series' size: 192² over 230 mm (1.2 mm pixels), forty contiguous 3 mm slices over 120 mm of the
 * brain, up through the lateral ventricles to the centrum semiovale. A starting protocol carries no stack position, so the stack is centred
 * at the isocentre (z = 0, below the lateral ventricles): a 12 × 5 mm stack reached only the lower bodies of the
 * ventricles and cut lesions on 4 of its slices. Thin slices also keep the plaques from averaging away with the
 * white matter around them (the MAGNIMS–CMSC–NAIMS 2021 protocol asks ≤ 3 mm axial slices, Wattjes et al.,
 * Lancet Neurol 2021;20:653). seed-reading-contrast.test.ts checks what the images show.
 */
const SIZE = {
  matrixRead: 192,
  matrixPhase: 192,
  fovRead: 0.23,
  fovPhase: 0.23,
  sliceCount: 40,
  sliceThickness: 0.003,
  sliceGap: 0,
};

/** The series names the student reads in the viewer (contracts sequence-types.ts names of the prepared types). */
const T1 = 'T1-weighted spin echo';
const T2 = 'T2-weighted TSE';
const FLAIR = 'FLAIR';

const whichSeries: SeedModule = {
  lab: {
    title: 'Reading: which sequence shows the lesions?',
    anatomicalModelId: READING_ONLY_MODEL_ID,
    sequenceTypes: [],
    // The severe grade (30 periventricular plaques of 5–18 mm, msLesions.ts): the moderate one's 12 small plaques
    // showed on a few slices only, too faint to read a sequence's contrast from.
    presets: { brainStateMode: 'severeMSlesions' },
    lockedPresets: ['brainStateMode'],
    startingProtocols: start(
      [SEQ.t1Se, { ...SIZE, repetitionTime: 0.5, echoTime: 0.015 }],
      [SEQ.t2Tse, { ...SIZE, repetitionTime: 4, echoTime: 0.1 }],
      // The type's own TR 9 s, TE 120 ms and TI at CSF's null for its readout (sequence/defaults.ts).
      [SEQ.flair, SIZE],
    ),
    estimatedDurationMin: 15,
    attemptsAllowed: 3,
    competencies: ['image-evaluation', 'image-contrast'],
    objectives: [
      {
        kind: 'readingAnswer',
        id: 'best-series',
        title: 'The series that shows the lesions',
        points: 3,
        mustPass: true,
        questionId: 'best-series',
        prompt: 'Which series shows the periventricular white-matter lesions best?',
        choices: [T1, T2, FLAIR],
        answer: FLAIR,
        feedbackFail:
          'On the T2-weighted TSE the lesions are bright, but so is the CSF beside them, so lesions touching ' +
          'the ventricles disappear against it; on the T1 they are barely darker than white matter. FLAIR ' +
          'nulls CSF with its inversion pulse and keeps the lesions bright: look at the ventricle walls again.',
      },
      {
        kind: 'readingAnswer',
        id: 'bright-csf',
        title: 'What bright CSF means',
        points: 2,
        questionId: 'bright-csf',
        prompt:
          'CSF in the ventricles is bright on one series and dark on the other two. What makes it bright?',
        choices: [
          'A long TR and a long TE: CSF’s long T2 keeps its signal while the brain’s fades',
          'A short TR: CSF’s short T1 lets it recover first',
          'Contrast agent has reached the ventricles',
          'The lesions have spread into the ventricles',
        ],
        answer: 'A long TR and a long TE: CSF’s long T2 keeps its signal while the brain’s fades',
        feedbackFail:
          'CSF has the longest T1 (about 4000 ms) and T2 (about 2000 ms) in the head. A long TR lets it recover ' +
          'and a long TE lets the brain’s signal (T2 ≈ 80–100 ms) decay while CSF’s stays: T2 weighting. ' +
          'No contrast agent was given in these series.',
      },
    ],
    instructions: `## Clinical scene
A 31-year-old with numbness in one leg and a past episode of blurred vision: the neurologist asks whether
there are white-matter lesions typical of multiple sclerosis. The series are already acquired: a T1-weighted
spin echo, a T2-weighted TSE and a FLAIR.

## Goal
Read the prepared series and say which one shows the periventricular lesions best, and why the CSF looks as it
does on each.

## Background
MS plaques hold more water than normal white matter: their T1 and T2 are longer. On a T2-weighted image they
are bright, but so is CSF, and lesions against the ventricle walls merge with it. FLAIR adds an inversion pulse
timed to null CSF, TI = T1 · ln(2 / (1 + e^(−TR/T1))), so the ventricles go dark and the lesions stay bright.

## Steps
1. Open the simulator: the three series are loaded for you (no new scan in a reading module).
2. Page through the slices of each series under *Display Options* (window and level as you need).
3. Compare the white matter beside the lateral ventricles on the three series.
4. Submit your answers on the module's attempt page.

## What to look for
- Where is CSF bright, and where is it dark?
- On which series do the small bright spots beside the ventricles stand out from everything around them?${learnMore(['inversion-recovery', 'contrast-and-weighting'])}`,
  },
  reference: {
    prepared: true,
    answers: {
      'best-series': FLAIR,
      'bright-csf': 'A long TR and a long TE: CSF’s long T2 keeps its signal while the brain’s fades',
    },
    wrongReading: {
      mistake: 'reads the T2-weighted TSE as the best series',
      answers: { 'best-series': T2 },
      fails: 'best-series',
    },
  },
};

export const CLINICAL_READING: SeedCourse[] = [
  {
    title: 'Reading the images',
    description:
      'Read prepared series as a radiographer checks a study: which sequence answers the question.',
    modules: [whichSeries],
  },
];
