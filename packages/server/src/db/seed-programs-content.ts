/**
 * The teaching text of the demo program "MRI Fundamentals" (seed-programs.ts): three courses, nine modules.
 * Relaxation times quoted are typical 1.5 T values (reference/tissue_properties.md); the IR null is
 * TI = T1·ln(2/(1+e^(−TR/T1))) (reference/analytic_formulas.md). Sequence types are codes of
 * contracts/sequence-types.ts; model ids those of the module catalogue (1 brain, 2 knee, 202 brain tumour).
 */
import type { LabCreateInput, Objective } from '@larmor/contracts';
import { STARTING_PROTOCOLS } from './seed-programs-starts.ts';

export interface SeedCourse {
  title: string;
  description: string;
  modules: LabCreateInput[];
}

const BRAIN = 1;
const KNEE = 2;
const BRAIN_TUMOUR_CONTRAST = 202;
/** Sequence-type codes (contracts/sequence-types.ts). */
const SEQ = {
  gre: 2,
  spoiledGre: 1,
  se: 5,
  tse: 6,
  flair: 11,
  stir: 13,
  t2StarGre: 16,
  t1Se: 20,
  t2Tse: 22,
  seT2: 34,
};

/**
 * Objectives of the demo modules (issue 14; contracts objectives.ts): what the automatic grading checks. Each
 * "diagnose and fix" module asks question `artifact` ("Which artifact did you see, and what did you change?").
 */
const OBJECTIVES = {
  t2Brain: [
    { kind: 'sequenceFamily', id: 'family', title: 'A spin echo', points: 1, families: ['SE', 'TSE'] },
    { kind: 'weighting', id: 'weighting', title: 'T2 weighting', points: 3, weighting: 'T2' },
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
  t1Brain: [
    { kind: 'weighting', id: 'weighting', title: 'T1 weighting', points: 3, weighting: 'T1' },
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
  flair: [
    { kind: 'sequenceFamily', id: 'family', title: 'A FLAIR', points: 1, families: ['FLAIR'] },
    {
      kind: 'contrastOrder',
      id: 'csf-nulled',
      title: 'CSF darker than white matter',
      points: 3,
      brighter: 'whiteMatter',
      darker: 'csf',
    },
  ],
  t2Star: [
    { kind: 'sequenceFamily', id: 'family', title: 'A gradient echo', points: 1, families: ['GRE'] },
    { kind: 'weighting', id: 'weighting', title: 'T2* weighting', points: 3, weighting: 'T2*' },
  ],
  wrap: [
    {
      kind: 'diagnoseFix',
      id: 'diagnose',
      title: 'Name and fix the wrap-around',
      points: 4,
      artifact: 'wrap',
      questionId: 'artifact',
    },
    { kind: 'noWrap', id: 'no-wrap', title: 'No wrap-around over the knee', points: 2 },
    {
      kind: 'inPlaneResolutionMax',
      id: 'pixel',
      title: 'Pixels of 0.8 mm or less',
      points: 1,
      maxMm: 0.8,
      partialCredit: { marginFraction: 0.5 },
    },
  ],
  chemicalShift: [
    {
      kind: 'diagnoseFix',
      id: 'diagnose',
      title: 'Name and fix the chemical shift',
      points: 4,
      artifact: 'chemicalShift',
      questionId: 'artifact',
    },
    {
      kind: 'chemicalShiftMax',
      id: 'shift',
      title: 'Fat shifted one pixel at most',
      points: 2,
      maxPixels: 1,
      partialCredit: { marginFraction: 1 },
    },
  ],
  motion: [
    {
      kind: 'diagnoseFix',
      id: 'diagnose',
      title: 'Name and remove the motion ghosts',
      points: 4,
      artifact: 'motion',
      questionId: 'artifact',
    },
    { kind: 'noMotion', id: 'no-motion', title: 'No motion artifact', points: 2 },
  ],
  fatSuppression: [
    { kind: 'fatSuppression', id: 'fat-suppressed', title: 'Fat suppressed', points: 3, required: true },
    {
      kind: 'contrastOrder',
      id: 'fluid-bright',
      title: 'Joint fluid brighter than fat',
      points: 2,
      brighter: 'synovialFluid',
      darker: 'fat',
    },
  ],
  tumour: [
    { kind: 'sequenceFamily', id: 'family', title: 'A spin echo', points: 1, families: ['SE', 'TSE'] },
    { kind: 'weighting', id: 'weighting', title: 'T1 weighting', points: 3, weighting: 'T1' },
  ],
} satisfies Record<string, Objective[]>;

export const SEED_COURSES: readonly SeedCourse[] = [
  {
    title: 'Contrast and weighting',
    description:
      'Why grey matter, white matter, fat and fluid look the way they do, and how TR, TE, TI and the flip angle change it.',
    modules: [
      {
        title: 'Make CSF bright: T2-weighted spin echo of the brain',
        objectives: OBJECTIVES.t2Brain,
        startingProtocols: STARTING_PROTOCOLS.t2Brain,
        anatomicalModelId: BRAIN,
        sequenceTypes: [SEQ.se, SEQ.seT2],
        presets: { b0field: 1.5 },
        lockedPresets: ['b0field'],
        estimatedDurationMin: 20,
        instructions: `## Goal
Acquire an axial spin-echo image of the brain in which cerebrospinal fluid (CSF) is the brightest tissue.

## Background
In a spin echo the signal is roughly PD · (1 − e^(−TR/T1)) · e^(−TE/T2). At 1.5 T CSF has a very long T2
(about 2000 ms) while white matter (about 70 ms) and grey matter (about 100 ms) lose their signal much sooner.
A **long TE** lets that difference show; a **long TR** removes T1 differences, so what remains is T2 contrast.

## Steps
1. Add a *Spin Echo (SE)* sequence and plan an axial slice through the lateral ventricles.
2. Scan the starting protocol first and note how bright CSF is against white and grey matter.
3. Decide from the formula above which two parameters to change, and in which direction, so that T1
   differences fade and T2 differences show. Change them and scan again.
4. Compare the two series: is CSF now the brightest tissue? If not, ask yourself which of the two
   exponentials still dominates.

## What to look for
- The ventricles and sulci are bright; white matter is darker than grey matter.
- Try TE 200 ms: contrast keeps growing, but the image gets noisier. Why?`,
      },
      {
        title: 'T1 weighting: short TR, short TE',
        objectives: OBJECTIVES.t1Brain,
        startingProtocols: STARTING_PROTOCOLS.t1Brain,
        anatomicalModelId: BRAIN,
        sequenceTypes: [SEQ.se, SEQ.t1Se],
        estimatedDurationMin: 15,
        instructions: `## Goal
Produce a T1-weighted image in which white matter is brighter than grey matter and CSF is dark.

## Background
With a **short TR** tissues with a short T1 recover more magnetisation between excitations. At 1.5 T white
matter (T1 ≈ 600 ms) recovers faster than grey matter (≈ 950 ms) and far faster than CSF (≈ 4000 ms).
A **short TE** keeps T2 effects out of the picture.

## Steps
1. Add a *T1-weighted spin echo* and plan an axial slice.
2. Scan the starting protocol and judge the contrast: which tissue is brightest, and is CSF dark?
3. Use the T1 values above to choose a TR that separates white from grey matter while CSF stays dark, and a TE
   that keeps T2 out; scan again.
4. Then double your TR and scan once more to see how the contrast changes.

## What to look for
- White matter brighter than grey matter, CSF nearly black, fat in the scalp bright.
- As TR grows the grey–white contrast fades: at long TR with short TE you get a proton-density image.
- Note the scan time: it grows linearly with TR.`,
      },
      {
        title: 'Null the CSF: FLAIR',
        objectives: OBJECTIVES.flair,
        startingProtocols: STARTING_PROTOCOLS.flair,
        anatomicalModelId: BRAIN,
        sequenceTypes: [SEQ.flair, SEQ.t2Tse],
        presets: { brainStateMode: 'moderateMSlesions' },
        lockedPresets: ['brainStateMode'],
        estimatedDurationMin: 25,
        attemptsAllowed: 3,
        instructions: `## Goal
Show the multiple-sclerosis lesions next to the ventricles by suppressing the signal of CSF.

## Background
On a T2-weighted image lesions and CSF are both bright, so periventricular lesions hide against the ventricles.
FLAIR adds a 180° inversion pulse: tissue magnetisation recovers from −M0 and passes through zero at
TI = T1 · ln(2 / (1 + e^(−TR/T1))). Reading out at the moment CSF crosses zero removes its signal.

## Steps
1. Scan a *T2-weighted TSE* first and find the lesions beside the lateral ventricles.
2. Add a *FLAIR* sequence and scan it as it starts: are the ventricles dark?
3. Compute the null point for CSF from the formula above, with CSF's T1 at 1.5 T (about 4000 ms) and your
   TR. Set TI there and scan.
4. Move TI a few hundred milliseconds either side and watch CSF come back.

## What to look for
- The ventricles are dark and the lesions stay bright.
- Why does a TI that is too short make CSF bright again on a magnitude image?`,
      },
      {
        title: 'T2* and the gradient echo',
        objectives: OBJECTIVES.t2Star,
        startingProtocols: STARTING_PROTOCOLS.t2Star,
        anatomicalModelId: BRAIN,
        sequenceTypes: [SEQ.gre, SEQ.t2StarGre],
        estimatedDurationMin: 20,
        instructions: `## Goal
See how a gradient echo differs from a spin echo: T2* decay and the flip angle.

## Background
A gradient echo has no refocusing pulse, so static field differences are not undone and the signal decays
with **T2*** (shorter than T2), strongest near air–tissue and bone–tissue interfaces. Short TR is possible with
a small flip angle; the signal is largest at the Ernst angle, cos α = e^(−TR/T1).

## Steps
1. Add a *Gradient Echo (GRE)*, TR 250 ms, TE 5 ms, flip angle 70°, and scan.
2. Increase TE to 30 ms: look at the frontal sinus and the skull base.
3. Set TR 30 ms and compare flip angles 10°, 30° and 70°.

## What to look for
- Signal loss and distortion near the sinuses grows with TE.
- At short TR a small flip angle gives more signal for long-T1 tissues: find the Ernst angle for white matter.`,
      },
    ],
  },
  {
    title: 'Artifacts and how to fix them',
    description:
      'Recognise the common artifacts on the image, know their cause, and change the protocol to remove them.',
    modules: [
      {
        title: 'Fix the wrap-around on a knee',
        objectives: OBJECTIVES.wrap,
        startingProtocols: STARTING_PROTOCOLS.wrap,
        anatomicalModelId: KNEE,
        sequenceTypes: [SEQ.se, SEQ.gre],
        estimatedDurationMin: 20,
        instructions: `## Goal
Remove the aliasing (wrap-around) that folds the leg onto the image of the knee.

## Background
The phase-encoding steps sample k-space at Δk = 1/FOV. Anatomy outside the FOV in the **phase direction**
has the same phase as anatomy inside it and is folded back to the opposite side. In the frequency direction
the receiver filter prevents it.

## Steps
1. Add a *Spin Echo* on the knee and plan a sagittal slice. Set FOV 120 mm with phase encoding anterior–posterior.
2. Scan: find the soft tissue folded in from the far side.
3. Try each remedy and scan after each one:
   - a larger FOV (160–180 mm);
   - swapping the phase and frequency directions;
   - phase oversampling (foldover suppression), and note what it costs in time.

## What to look for
- Which remedy keeps the resolution? Which keeps the scan time?
- Wrap-around never appears along the frequency direction. Why?`,
      },
      {
        title: 'Chemical shift at the fat–water border',
        objectives: OBJECTIVES.chemicalShift,
        startingProtocols: STARTING_PROTOCOLS.chemicalShift,
        anatomicalModelId: KNEE,
        sequenceTypes: [SEQ.gre, SEQ.se],
        estimatedDurationMin: 15,
        instructions: `## Goal
Measure the chemical-shift displacement between fat and water and reduce it.

## Background
Fat protons precess about 3.5 ppm slower than water: about 220 Hz at 1.5 T. Along the frequency-encoding
direction fat is shifted by Δf / (BW per pixel) pixels, giving a bright band on one side of a fat–water border
and a dark band on the other.

## Steps
1. Add a *Gradient Echo* on the knee; plan a sagittal slice through the marrow and the joint.
2. Scan with a low bandwidth (about 100 Hz per pixel) and find the bands at the marrow–cartilage border.
3. Raise the bandwidth to 400 Hz per pixel and scan again. Swap the frequency direction.

## What to look for
- The shift in pixels falls as the bandwidth rises: check it against 220 / BW per pixel.
- What does the higher bandwidth cost? Compare the noise.`,
      },
      {
        title: 'Motion ghosts in the phase direction',
        objectives: OBJECTIVES.motion,
        anatomicalModelId: BRAIN,
        sequenceTypes: [SEQ.se, SEQ.gre],
        presets: {
          motion: 'translational',
          motion_trans_magn: 0.005,
          motion_trans_freq: 1,
          motion_trans_axis: 2,
        },
        lockedPresets: ['motion'],
        estimatedDurationMin: 20,
        instructions: `## Goal
Recognise motion ghosts and reduce them without stopping the motion (the patient cannot keep still).

## Background
Each phase-encoding line is acquired at a different time. Periodic motion changes the object from line to line,
which modulates k-space along the phase direction and produces **ghosts: copies of the moving tissue along the
phase-encoding direction**, whatever the direction of the motion itself.

## Steps
1. The patient moves 5 mm, once a second (locked for this module). Scan an axial *Spin Echo*.
2. Find the ghosts and the direction they repeat in.
3. Swap the phase and frequency directions and scan again.
4. Increase the number of averages (NEX) from 1 to 3. Then try a faster sequence.
5. The motion is periodic: set TR to one motion period (1000 ms) so every phase-encoding line sees the head in
   the same place, as cardiac and respiratory gating do.

## What to look for
- Ghosts always follow the phase direction; swapping moves them away from the region you need.
- Averaging reduces ghosts relative to the image, at the cost of scan time.
- With TR matched to the motion the ghosts vanish; the head is still displaced, but in one place.`,
      },
    ],
  },
  {
    title: 'Neuro and MSK protocols',
    description:
      'Clinical protocols: fat suppression for joints and contrast-enhanced imaging of a brain tumour.',
    modules: [
      {
        title: 'Suppress fat: STIR vs fat saturation',
        objectives: OBJECTIVES.fatSuppression,
        startingProtocols: STARTING_PROTOCOLS.fatSuppression,
        anatomicalModelId: KNEE,
        sequenceTypes: [SEQ.stir, SEQ.t2Tse, SEQ.tse],
        estimatedDurationMin: 30,
        attemptsAllowed: 3,
        instructions: `## Goal
Show bone-marrow oedema in the knee by removing the bright signal of fat, with two different techniques.

## Background
- **STIR** inverts all magnetisation and reads out when fat (T1 ≈ 260 ms at 1.5 T) crosses zero:
  TI ≈ 0.69 · T1 ≈ 150–170 ms. It works in any field and is insensitive to field inhomogeneity, but it also
  suppresses any tissue with a T1 like fat, and costs signal.
- **Fat saturation** excites only the fat resonance (220 Hz from water at 1.5 T) and spoils it before the
  readout. It keeps water signal, but fails where the field is not uniform.

## Steps
1. Scan a sagittal *T2-weighted TSE* without fat suppression: marrow is bright.
2. Add a *STIR* and find the TI at which marrow fat is darkest.
3. Switch the TSE to fat saturation and compare with the STIR.

## What to look for
- Which image shows the fluid in the joint best? Which one is more uniform at the edges of the FOV?`,
      },
      {
        title: 'Enhancing tumour: T1 before and after gadolinium',
        objectives: OBJECTIVES.tumour,
        startingProtocols: STARTING_PROTOCOLS.tumour,
        anatomicalModelId: BRAIN_TUMOUR_CONTRAST,
        sequenceTypes: [SEQ.t1Se, SEQ.spoiledGre],
        presets: { contrast_concentration: 1, contrast_volume: 15 },
        estimatedDurationMin: 25,
        instructions: `## Goal
Show where the blood–brain barrier is broken around a tumour with a T1-weighted scan after gadolinium.

## Background
Gadolinium shortens T1 (1/T1' = 1/T1 + r1 · C). Where the blood–brain barrier is broken the agent leaks into
tissue and that tissue brightens on T1-weighted images. The dose here is 15 ml of a 1 mmol/ml agent for an
80 kg patient: about 0.19 mmol/kg.

## Steps
1. Scan an axial *T1-weighted spin echo* (TR 500 ms, TE 12 ms) through the tumour before contrast.
2. Turn contrast on in the patient settings and scan again 2 minutes after the injection.
3. Scan a third time at 10 minutes.

## What to look for
- The tumour rim enhances; the oedema around it does not.
- How does the enhancement change between 2 and 10 minutes, and why?`,
      },
    ],
  },
];
