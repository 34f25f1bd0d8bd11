/**
 * "Clinical protocols and safety", courses 3 and 4: SAR within the normal operating mode (IEC 60601-2-33:
 * 2 W/kg whole body; SAR ∝ B0² · flip angle² · pulses per second), and planning: coverage of the anatomy,
 * angulation along anatomical lines (seed-clinical-planning.ts), breath-holds and the spine.
 */
import { PLANNING_ANGULATION } from './seed-clinical-planning.ts';
import { learnMore, MODEL, SEQ, start, type SeedCourse, type SeedModule } from './seed-content-kit.ts';

const sar: SeedModule = {
  lab: {
    title: 'SAR at 3 T: a T2 brain within an implant’s limit',
    anatomicalModelId: MODEL.brain,
    sequenceTypes: [SEQ.t2Tse],
    presets: { b0field: 3 },
    lockedPresets: ['b0field'],
    startingProtocols: start([
      SEQ.t2Tse,
      {
        repetitionTime: 8,
        echoTime: 0.1,
        echoTrainLength: 15,
        refocusingFlipAngle: (150 * Math.PI) / 180,
        sliceCount: 20,
      },
    ]),
    estimatedDurationMin: 20,
    competencies: ['safety', 'instrumentation'],
    objectives: [
      {
        kind: 'sarMax',
        id: 'sar',
        title: 'SAR within the implant’s 1.5 W/kg',
        points: 3,
        maxWattsPerKg: 1.5,
        mustPass: true,
        feedbackFail:
          'SAR grows with the square of the refocusing angle: 120° deposits 64 % of what 150° does.',
      },
      { kind: 'weighting', id: 'weighting', title: 'Still T2-weighted', points: 2, weighting: 'T2' },
      { kind: 'scanTimeMax', id: 'time', title: 'Within 3 minutes', points: 1, maxSeconds: 180 },
    ],
    instructions: `## Clinical scene
A patient with an MR-conditional spinal-cord stimulator needs a T2 brain on the 3 T scanner. The implant's
labelling allows a whole-body SAR of 1.5 W/kg at most; the department's T2 TSE deposits more (the scanner itself
only stops you at the normal-mode limit of 2 W/kg).

## Goal
Bring SAR within 1.5 W/kg without losing the T2 weighting or going over 3 minutes.

## Background
RF power deposited in the patient heats tissue. SAR ∝ B0² · α² · pulses per second: doubling the field
quadruples it, and a TSE plays a 180° refocusing pulse for every echo. Remedies: lower refocusing angles
(120–150°, a little less signal), a longer TR, a shorter echo train. Always read the implant's labelling
first: field strength, SAR, B1rms and gradient limits.

## Steps
1. Open the *T2-weighted TSE* and read its SAR before scanning.
2. Try each remedy and read the SAR and the scan time; keep TE and the weighting.

## What to look for
- Which remedy costs nothing in time? Which one costs signal?${learnMore(['safety-and-sar', 'field-strength', 'spin-echo'])}`,
  },
  reference: { sequenceType: SEQ.t2Tse, parameters: { refocusingFlipAngle: (120 * Math.PI) / 180 } },
};

const brainCoverage: SeedModule = {
  lab: {
    title: 'Cover the whole brain',
    anatomicalModelId: MODEL.brain,
    sequenceTypes: [SEQ.t2Tse],
    startingProtocols: start([SEQ.t2Tse, { sliceCount: 8, sliceThickness: 0.004, sliceGap: 0 }]),
    estimatedDurationMin: 15,
    competencies: ['planning', 'image-quality'],
    objectives: [
      {
        kind: 'coverage',
        id: 'coverage',
        title: 'White matter covered by the stack',
        points: 3,
        tissue: 'whiteMatter',
        minFraction: 0.8,
        feedbackFail:
          'Stack length = slices × thickness + gaps: the cerebrum is about 12–14 cm from vertex to base.',
      },
      { kind: 'sliceThicknessMax', id: 'slice', title: 'Slices of 5 mm or less', points: 1, maxMm: 5 },
      { kind: 'orientation', id: 'axial', title: 'Axial slices', points: 1, orientation: 'axial' },
    ],
    instructions: `## Clinical scene
A routine axial T2 of the brain for headache: the whole brain from the vertex to the foramen magnum must be in
the stack. The stack on the console covers only 32 mm.

## Goal
Cover at least 80 % of the white matter with axial slices of 5 mm or less.

## Background
Coverage = slices × thickness + (slices − 1) × gap. Gaps of 10–20 % limit cross-talk between neighbouring
slices in spin-echo stacks. More slices may need a longer TR (a spin echo fits only so many slices in one TR).

## Steps
1. Plan the stack on the sagittal localiser; scan the starting *T2-weighted TSE* and see what is missing.
2. Compute the slices you need, with a 1 mm gap, and scan again.

## What to look for
- The vertex and the cerebellum are in the stack. What did the extra slices cost?${learnMore(['planning', 'resolution-and-coverage'])}`,
  },
  reference: {
    sequenceType: SEQ.t2Tse,
    parameters: { sliceCount: 30, sliceThickness: 0.005, sliceGap: 0.001 },
  },
};

const kneeCoverage: SeedModule = {
  lab: {
    title: 'Cover the menisci: a sagittal knee stack',
    anatomicalModelId: MODEL.knee,
    sequenceTypes: [SEQ.pdTse],
    startingProtocols: start([SEQ.pdTse, { sliceCount: 6, sliceThickness: 0.003, sliceGap: 0.0003 }]),
    estimatedDurationMin: 15,
    competencies: ['planning', 'clinical-protocols'],
    objectives: [
      {
        kind: 'coverage',
        id: 'coverage',
        title: 'Both menisci covered',
        points: 3,
        tissue: 'meniscus',
        minFraction: 0.9,
        feedbackFail: 'The menisci span the joint from side to side: about 8–10 cm.',
      },
      { kind: 'sliceThicknessMax', id: 'slice', title: 'Slices of 3.5 mm or less', points: 1, maxMm: 3.5 },
    ],
    instructions: `## Clinical scene
Suspected tear of the lateral meniscus. The sagittal PD stack covers only the middle of the joint; the
radiologist needs both menisci from the medial to the lateral edge.

## Goal
Cover at least 90 % of both menisci with slices of 3.5 mm or less.

## Background
Sagittal knee slices are planned on the axial localiser, perpendicular to the line across the posterior femoral
condyles, and angled along the ACL on the coronal view for the cruciate ligaments. Thin slices with small gaps
keep small tears from falling between slices.

## Steps
1. Scan the starting *Proton-density TSE*: which meniscus is missing?
2. Compute the stack you need (3 mm slices, 0.3 mm gaps) and scan again.

## What to look for
- Both menisci, medial and lateral, from the first slice to the last.${learnMore(['planning', 'proton-density'])}`,
  },
  reference: { sequenceType: SEQ.pdTse, parameters: { sliceCount: 30 } },
};

const spine: SeedModule = {
  lab: {
    title: 'Lumbar spine: T2 for a disc herniation',
    anatomicalModelId: MODEL.spine,
    sequenceTypes: [SEQ.t2Tse, SEQ.tse],
    startingProtocols: start([SEQ.t2Tse, { repetitionTime: 0.6, echoTime: 0.012, echoTrainLength: 4 }]),
    estimatedDurationMin: 20,
    competencies: ['clinical-protocols', 'image-contrast'],
    objectives: [
      { kind: 'weighting', id: 'weighting', title: 'T2 weighting', points: 3, weighting: 'T2' },
      {
        kind: 'contrastOrder',
        id: 'myelogram',
        title: 'CSF brighter than vertebral marrow',
        points: 2,
        brighter: 'csf',
        darker: 'vertebralMarrow',
      },
      { kind: 'scanTimeMax', id: 'time', title: 'Within 4 minutes', points: 1, maxSeconds: 240 },
    ],
    instructions: `## Clinical scene
A 45-year-old with sciatica down the left leg. The sagittal T2 of the lumbar spine is the key series: bright CSF
outlines the discs and nerve roots like a myelogram, and a dehydrated disc is dark.

## Goal
Turn the T1-like starting protocol into a T2-weighted TSE with CSF brighter than the vertebral marrow, within 4 minutes.

## Background
Long TR and long effective TE give T2 weighting; the echo train keeps the time down
(time = TR · phase lines / ETL). A healthy nucleus pulposus is bright on T2; a degenerate one is dark.

## Steps
1. Scan the starting *T2-weighted TSE* (TR 600 ms, TE 12 ms): which weighting is it really?
2. Set TR, TE and the echo train for T2 weighting within the time; scan.

## What to look for
- CSF bright around the cord and the cauda equina; the discs' nuclei bright unless degenerate.${learnMore(['contrast-and-weighting', 'spin-echo'])}`,
  },
  reference: {
    sequenceType: SEQ.t2Tse,
    parameters: { repetitionTime: 4, echoTime: 0.1, echoTrainLength: 16 },
    // CSF and the vertebral marrow both lie in the middle sagittal slices, not in the one middle slice.
    size: { sliceCount: 11 },
  },
};

const breathHold: SeedModule = {
  lab: {
    title: 'Abdomen: T1 in one breath-hold',
    anatomicalModelId: MODEL.abdomen,
    sequenceTypes: [SEQ.spoiledGre],
    startingProtocols: start([
      SEQ.spoiledGre,
      {
        repetitionTime: 0.25,
        echoTime: 0.0046,
        flipAngle: (70 * Math.PI) / 180,
        matrixRead: 256,
        matrixPhase: 192,
      },
    ]),
    estimatedDurationMin: 15,
    competencies: ['clinical-protocols', 'image-quality'],
    objectives: [
      { kind: 'weighting', id: 'weighting', title: 'T1 weighting', points: 2, weighting: 'T1' },
      {
        kind: 'scanTimeMax',
        id: 'time',
        title: 'Within a 20 s breath-hold',
        points: 3,
        maxSeconds: 20,
        feedbackFail:
          'A spoiled gradient echo keeps T1 weighting at a TR of 100–150 ms with a large flip angle.',
      },
    ],
    instructions: `## Clinical scene
A liver study: the patient can hold their breath for 20 seconds. The T1-weighted gradient echo on the console
takes nearly a minute, so it will be ruined by breathing.

## Goal
Keep T1 weighting and fit the scan into a 20 s breath-hold.

## Background
Scan time = TR × phase lines × NEX. A spoiled gradient echo stays T1-weighted at short TR if the flip angle is
large and TE short (TE 4.6 ms is in phase at 1.5 T). Fewer phase lines or a partial Fourier save time too.

## Steps
1. Read the time of the starting *Spoiled gradient echo* (TR 250 ms, 192 lines).
2. Shorten TR (and the phase lines if you must) to fit 20 s; keep the weighting T1.

## What to look for
- Liver brighter than spleen on T1; fat bright. What does partial Fourier cost?${learnMore(['gradient-echo', 'signal-and-speed', 'motion'])}`,
  },
  reference: { sequenceType: SEQ.spoiledGre, parameters: { repetitionTime: 0.1 } },
};

export const CLINICAL_SAFETY_AND_PLANNING: SeedCourse[] = [
  {
    title: 'Safety',
    description: 'RF heating and SAR: stay within the normal operating mode without losing the image.',
    modules: [sar],
  },
  {
    title: 'Planning and protocols',
    description: 'Cover the anatomy the question needs, along its lines, in the time the patient can give.',
    modules: [brainCoverage, kneeCoverage, ...PLANNING_ANGULATION, spine, breathHold],
  },
];
