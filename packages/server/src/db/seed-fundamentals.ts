/**
 * Program "MRI Fundamentals" (issues 10 and 24): contrast and weighting, inversion recovery, and the sequences
 * that buy speed (echo trains, EPI and diffusion). Typical 1.5 T values: white matter T1 ≈ 600 ms, grey matter
 * ≈ 950 ms, CSF ≈ 4000 ms, fat ≈ 260 ms (reference/tissue_properties.md).
 */
import {
  BLOCH_MATRIX,
  degrees,
  learnMore,
  MODEL,
  SEQ,
  start,
  type SeedModule,
  type SeedProgram,
} from './seed-content-kit.ts';
import { FUNDAMENTALS_IR_AND_SPEED } from './seed-fundamentals-ir.ts';

/** A short-TR, short-TE spin echo: T1-weighted, CSF dark. */
const T1_SPIN_ECHO = { repetitionTime: 0.5, echoTime: 0.015 };
/** TR 2000 ms, TE 15 ms: proton-density weighted at 1.5 T. */
const PD_SPIN_ECHO = { repetitionTime: 2, echoTime: 0.015 };
/** TR 3000 ms, TE 100 ms: T2-weighted. */
const T2_SPIN_ECHO = { repetitionTime: 3, echoTime: 0.1 };
/** A short-TE gradient echo with a large flip angle: T1-weighted, little T2* decay. */
const T1_GRADIENT_ECHO = { repetitionTime: 0.25, echoTime: 0.0048, flipAngle: degrees(70) };
const BLOCH_T1_GRADIENT_ECHO = { ...T1_GRADIENT_ECHO, ...BLOCH_MATRIX };

const t2Brain: SeedModule = {
  lab: {
    title: 'Make CSF bright: T2-weighted spin echo of the brain',
    anatomicalModelId: MODEL.brain,
    sequenceTypes: [SEQ.se, SEQ.seT2],
    presets: { b0field: 1.5 },
    lockedPresets: ['b0field'],
    startingProtocols: start([SEQ.se, T1_SPIN_ECHO], [SEQ.seT2, T1_SPIN_ECHO]),
    estimatedDurationMin: 20,
    competencies: ['image-contrast', 'pulse-sequences'],
    objectives: [
      { kind: 'sequenceFamily', id: 'family', title: 'A spin echo', points: 1, families: ['SE', 'TSE'] },
      {
        kind: 'weighting',
        id: 'weighting',
        title: 'T2 weighting',
        points: 3,
        weighting: 'T2',
        feedbackFail:
          'A long TR lets T1 differences fade; a long TE lets T2 differences show. You need both.',
      },
      {
        kind: 'contrastOrder',
        id: 'csf-bright',
        title: 'CSF brighter than white matter',
        points: 3,
        brighter: 'csf',
        darker: 'whiteMatter',
      },
      { kind: 'orientation', id: 'axial', title: 'Axial slices', points: 1, orientation: 'axial' },
    ],
    instructions: `## Clinical scene
A 34-year-old woman with new headaches is on the table. The referrer asks for an axial T2-weighted brain: fluid
must be bright so the ventricles, the sulci and any oedema stand out.

## Goal
Acquire an axial spin-echo image of the brain in which cerebrospinal fluid (CSF) is the brightest tissue.

## Background
In a spin echo the signal is roughly PD · (1 − e^(−TR/T1)) · e^(−TE/T2). At 1.5 T CSF has a very long T2
(about 2000 ms) while white matter (about 70 ms) and grey matter (about 100 ms) lose their signal much sooner.
A **long TE** lets that difference show; a **long TR** removes T1 differences, so what remains is T2 contrast.

## Steps
1. Add a *Spin Echo (SE)* sequence and plan an axial slice through the lateral ventricles.
2. Scan the starting protocol first and note how bright CSF is against white and grey matter.
3. Decide from the formula which two parameters to change, and in which direction. Change them and scan again.
4. Is CSF now the brightest tissue? If not, which of the two exponentials still dominates?

## What to look for
- The ventricles and sulci are bright; white matter is darker than grey matter.
- Try TE 200 ms: contrast keeps growing, but the image gets noisier. Why?${learnMore(['contrast-and-weighting', 'spin-echo', 'timing-parameters'])}`,
  },
  reference: { sequenceType: SEQ.se, parameters: T2_SPIN_ECHO },
};

const t1Brain: SeedModule = {
  lab: {
    title: 'T1 weighting: short TR, short TE',
    anatomicalModelId: MODEL.brain,
    sequenceTypes: [SEQ.se, SEQ.t1Se],
    startingProtocols: start([SEQ.se, PD_SPIN_ECHO], [SEQ.t1Se, PD_SPIN_ECHO]),
    estimatedDurationMin: 15,
    competencies: ['image-contrast', 'image-quality'],
    objectives: [
      {
        kind: 'weighting',
        id: 'weighting',
        title: 'T1 weighting',
        points: 3,
        weighting: 'T1',
        feedbackFail:
          'T1 contrast needs a TR near the tissues’ T1 (a few hundred ms) and a TE as short as it goes.',
      },
      {
        kind: 'contrastOrder',
        id: 'wm-gm',
        title: 'White matter brighter than grey matter',
        points: 2,
        brighter: 'whiteMatter',
        darker: 'greyMatter',
      },
      {
        kind: 'contrastOrder',
        id: 'csf-dark',
        title: 'CSF darker than grey matter',
        points: 2,
        brighter: 'greyMatter',
        darker: 'csf',
      },
      {
        kind: 'scanTimeMax',
        id: 'time',
        title: 'Scan time within 3 minutes',
        points: 1,
        maxSeconds: 180,
        partialCredit: { marginFraction: 0.5 },
      },
    ],
    instructions: `## Clinical scene
Before a contrast study of the brain the radiologist wants an anatomical T1-weighted series: white matter bright,
grey matter darker, CSF black, in under 3 minutes because the patient is anxious.

## Goal
Produce a T1-weighted image in which white matter is brighter than grey matter and CSF is dark.

## Background
With a **short TR** tissues with a short T1 recover more magnetisation between excitations. At 1.5 T white
matter (T1 ≈ 600 ms) recovers faster than grey matter (≈ 950 ms) and far faster than CSF (≈ 4000 ms).
A **short TE** keeps T2 effects out of the picture. Scan time = TR × phase-encoding lines × averages.

## Steps
1. Add a *T1-weighted spin echo* and plan an axial slice.
2. Scan the starting protocol and judge the contrast: which tissue is brightest, and is CSF dark?
3. Use the T1 values above to choose a TR that separates white from grey matter while CSF stays dark, and a TE
   that keeps T2 out; scan again.
4. Then double your TR and scan once more to see how the contrast and the scan time change.

## What to look for
- White matter brighter than grey matter, CSF nearly black, fat in the scalp bright.
- As TR grows the grey–white contrast fades: at long TR with short TE you get a proton-density image.${learnMore(['contrast-and-weighting', 'timing-parameters'])}`,
  },
  reference: { sequenceType: SEQ.t1Se, parameters: { repetitionTime: 0.45, echoTime: 0.012 } },
};

const pdKnee: SeedModule = {
  lab: {
    title: 'Proton density: the knee’s workhorse',
    anatomicalModelId: MODEL.knee,
    sequenceTypes: [SEQ.se, SEQ.pdTse],
    startingProtocols: start([SEQ.se, T2_SPIN_ECHO], [SEQ.pdTse, T2_SPIN_ECHO]),
    estimatedDurationMin: 15,
    competencies: ['image-contrast', 'clinical-protocols'],
    objectives: [
      {
        kind: 'weighting',
        id: 'weighting',
        title: 'Proton-density weighting',
        points: 3,
        weighting: 'PD',
        feedbackFail: 'PD weighting removes both T1 (long TR) and T2 (short TE) differences.',
      },
      {
        kind: 'contrastOrder',
        id: 'fat-muscle',
        title: 'Marrow fat brighter than muscle',
        points: 1,
        brighter: 'fat',
        darker: 'muscle',
      },
    ],
    instructions: `## Clinical scene
A footballer twisted his knee. The orthopaedic surgeon asks whether the meniscus is torn. Menisci are read on
proton-density images: the dark meniscus against brighter cartilage and fluid, with the detail of a short TE.

## Goal
Turn the T2-weighted starting protocol into a proton-density-weighted one.

## Background
Signal ≈ PD · (1 − e^(−TR/T1)) · e^(−TE/T2). With **TR long** against every T1 (about 2000–3000 ms) the first
factor is near 1 for all tissues; with **TE short** against every T2 (about 15–30 ms) the second is near 1 too.
What remains is the proton density. The meniscus has a very short T2 and stays dark on every weighting.

## Steps
1. Add a *Spin Echo* on the knee, sagittal through the medial compartment, and scan the starting protocol.
2. Which of TR and TE makes this T2-weighted? Change only that one and scan again.
3. Compare cartilage, meniscus, fluid and fat on the two series.

## What to look for
- On PD, fluid is no longer the brightest tissue; the meniscus is black against grey cartilage.
- Why is PD preferred to T2 for a meniscal tear, and T2 (or fat-suppressed PD) for bone oedema?${learnMore(['proton-density', 'contrast-and-weighting'])}`,
  },
  reference: { sequenceType: SEQ.se, parameters: PD_SPIN_ECHO },
};

const t2Star: SeedModule = {
  lab: {
    title: 'T2* and the gradient echo',
    anatomicalModelId: MODEL.brain,
    backend: 'censol',
    sequenceTypes: [SEQ.gre, SEQ.t2StarGre],
    startingProtocols: start([SEQ.gre, BLOCH_T1_GRADIENT_ECHO], [SEQ.t2StarGre, BLOCH_T1_GRADIENT_ECHO]),
    estimatedDurationMin: 20,
    competencies: ['image-contrast', 'pulse-sequences'],
    objectives: [
      { kind: 'sequenceFamily', id: 'family', title: 'A gradient echo', points: 1, families: ['GRE'] },
      {
        kind: 'weighting',
        id: 'weighting',
        title: 'T2* weighting',
        points: 3,
        weighting: 'T2*',
        feedbackFail:
          'T2* weighting needs a long TE, and a long TR or small flip angle to keep T1 out of it.',
      },
    ],
    instructions: `## Clinical scene
A patient with a head injury last week: the radiologist wants to know whether there are microbleeds.
Blood products shorten T2*, so they show as dark spots on a T2*-weighted gradient echo.

## Goal
Make a T2*-weighted gradient echo. This module runs on the Bloch simulator, which shows T2* decay and the field
differences near air and bone.

## Background
A gradient echo has no refocusing pulse, so static field differences are not undone and the signal decays
with **T2*** (shorter than T2), strongest near air–tissue and bone–tissue interfaces. A **long TE** shows it;
a **small flip angle** with a moderate TR keeps T1 differences out.

## Steps
1. Add a *Gradient Echo (GRE)* and scan the starting protocol (TR 250 ms, TE 4.8 ms, 70°): T1-weighted.
2. Lengthen TE step by step (10, 20, 30 ms): look at the frontal sinus and the skull base.
3. Reduce the flip angle to 20° and lengthen TR so T1 no longer dominates.

## What to look for
- Signal loss near the sinuses grows with TE; a spin echo at the same TE would not show it.${learnMore(['gradient-echo', 'susceptibility', 'flip-angle-and-ernst'])}`,
  },
  reference: {
    sequenceType: SEQ.gre,
    parameters: { repetitionTime: 0.6, echoTime: 0.03, flipAngle: degrees(20) },
  },
};

const ernst: SeedModule = {
  lab: {
    title: 'The Ernst angle: most signal at short TR',
    anatomicalModelId: MODEL.brain,
    sequenceTypes: [SEQ.spoiledGre],
    startingProtocols: start([
      SEQ.spoiledGre,
      { repetitionTime: 0.02, echoTime: 0.004, flipAngle: degrees(90), matrixRead: 128, matrixPhase: 128 },
    ]),
    lockedPresets: [],
    estimatedDurationMin: 15,
    competencies: ['image-contrast', 'image-quality'],
    objectives: [
      {
        kind: 'snrMin',
        id: 'snr',
        title: 'White-matter SNR of 30 or more',
        points: 3,
        tissue: 'whiteMatter',
        minSnr: 30,
        feedbackFail:
          'At TR 20 ms a 90° pulse leaves almost no longitudinal magnetisation: compute cos α = e^(−TR/T1).',
      },
      {
        kind: 'scanTimeMax',
        id: 'time',
        title: 'Keep the fast scan fast (under 20 s)',
        points: 1,
        maxSeconds: 20,
      },
    ],
    instructions: `## Clinical scene
A fast gradient-echo localiser of the brain looks grainy. The senior radiographer tells you: "don't slow it down,
fix the flip angle".

## Goal
At TR 20 ms, raise the signal of white matter by choosing the flip angle, without lengthening the scan.

## Background
In a spoiled gradient echo the steady-state signal is S ∝ sin α · (1 − E1) / (1 − E1 · cos α), E1 = e^(−TR/T1).
It is largest at the **Ernst angle**, cos α_E = e^(−TR/T1). A larger angle saturates the tissue; a smaller one
tips too little.

## Steps
1. Add the *Spoiled gradient echo* and scan the starting protocol (TR 20 ms, 90°).
2. Compute the Ernst angle for white matter (T1 ≈ 600 ms at 1.5 T) and set it; scan.
3. Try half and twice that angle. Which tissue's contrast changes most?

## What to look for
- The signal rises several-fold without any change in scan time.
- At angles above the Ernst angle the image becomes more T1-weighted: why?${learnMore(['flip-angle-and-ernst', 'gradient-echo', 'snr'])}`,
  },
  reference: {
    sequenceType: SEQ.spoiledGre,
    parameters: { flipAngle: degrees(15) },
    size: { matrixRead: 128, matrixPhase: 128 },
  },
};

export const FUNDAMENTALS: SeedProgram = {
  title: 'MRI Fundamentals',
  summary: 'Contrast, inversion recovery and fast sequences, learnt on the scanner simulator.',
  description: `Learn MRI by scanning. Each module sets a clinical task on an anatomical model; you choose the
sequence, tune its parameters and judge the images, the way a radiographer does at the console.

1. **Contrast and weighting**: what TR, TE and the flip angle do to tissue contrast (T1, T2, PD, T2*).
2. **Inversion recovery**: compute the null point of CSF, white matter and fat, at 1.5 T and 3 T.
3. **Speed**: echo trains, EPI and diffusion.

Modules marked *free* run on the free plan (1.5 T, Brain and Knee, SE and GRE).`,
  courses: [
    {
      title: 'Contrast and weighting',
      description:
        'Why grey matter, white matter, fat and fluid look the way they do, and how TR, TE and the flip angle change it.',
      modules: [t2Brain, t1Brain, pdKnee, t2Star, ernst],
    },
    ...FUNDAMENTALS_IR_AND_SPEED,
  ],
};
