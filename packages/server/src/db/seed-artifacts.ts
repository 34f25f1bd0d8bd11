/**
 * "Image quality and artifacts", course 2: artifacts and how to fix them. Each "diagnose and fix" module asks
 * question `artifact` ("Which artifact did you see, and what did you change?"). Modules about chemical shift,
 * susceptibility, T2* and motion run on the Bloch backend (`censol`): the CPU simulator hides them (simulator.md §6).
 */
import { BLOCH_MATRIX, learnMore, MODEL, SEQ, start, type SeedModule } from './seed-content-kit.ts';

const wrap: SeedModule = {
  lab: {
    title: 'Fix the wrap-around on a knee',
    anatomicalModelId: MODEL.knee,
    sequenceTypes: [SEQ.se, SEQ.gre],
    startingProtocols: start(
      [SEQ.se, { fovRead: 0.16, fovPhase: 0.1 }],
      [SEQ.gre, { fovRead: 0.16, fovPhase: 0.1 }],
    ),
    estimatedDurationMin: 20,
    competencies: ['artifacts', 'image-quality', 'image-evaluation'],
    objectives: [
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
    instructions: `## Clinical scene
A sagittal knee comes back with soft tissue folded over the patella. The radiologist cannot read the anterior
structures and asks you to repeat it without losing resolution.

## Goal
Remove the aliasing (wrap-around) that folds the leg onto the image of the knee, with pixels of 0.8 mm or less.

## Background
The phase-encoding steps sample k-space at Δk = 1/FOV. Anatomy outside the FOV in the **phase direction**
has the same phase as anatomy inside it and is folded back to the opposite side. In the frequency direction
the receiver filter prevents it.

## Steps
1. Add a *Spin Echo* on the knee and scan the starting protocol (phase FOV 100 mm): find the folded tissue.
2. Try each remedy and scan after each one:
   - a larger phase FOV, with a larger matrix to keep the pixel size;
   - swapping the phase and frequency directions;
   - phase oversampling (foldover suppression), and note what it costs in time.

## What to look for
- Which remedy keeps the resolution? Which keeps the scan time?
- Wrap-around never appears along the frequency direction. Why?${learnMore(['aliasing', 'resolution-and-coverage', 'signal-and-speed'])}`,
  },
  reference: {
    sequenceType: SEQ.se,
    parameters: { fovPhase: 0.16, matrixRead: 256, matrixPhase: 256 },
    size: { matrixRead: 128, matrixPhase: 128 },
    answers: { artifact: 'Wrap-around (aliasing): I enlarged the phase FOV and the matrix.' },
  },
};

const chemicalShift: SeedModule = {
  lab: {
    title: 'Chemical shift at the fat–water border',
    anatomicalModelId: MODEL.knee,
    backend: 'censol',
    sequenceTypes: [SEQ.gre, SEQ.se],
    startingProtocols: start(
      [SEQ.gre, { bandwidthPerPixel: 100, echoTime: 0.009, ...BLOCH_MATRIX }],
      [SEQ.se, { bandwidthPerPixel: 100, ...BLOCH_MATRIX }],
    ),
    estimatedDurationMin: 15,
    competencies: ['artifacts', 'image-quality', 'image-evaluation'],
    objectives: [
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
    instructions: `## Clinical scene
On a sagittal knee gradient echo there is a dark band along one side of the femoral cartilage and a bright one
on the other. The radiologist asks whether the cartilage is thinned. It is not: it is chemical shift.

## Goal
Measure the chemical-shift displacement between fat and water and reduce it. This module runs on the Bloch
simulator, which shows both kinds of chemical shift.

## Background
Fat protons precess about 3.5 ppm slower than water: about 220 Hz at 1.5 T.
- **First kind (misregistration)**: along the frequency-encoding direction fat is shifted by
  Δf / (BW per pixel) pixels: a bright band on one side of a fat–water border and a dark one on the other.
- **Second kind (phase cancellation)**: on a gradient echo, fat and water in one voxel are out of phase at
  TE ≈ 2.3 ms, 6.9 ms… at 1.5 T (every 1/Δf = 4.5 ms, starting at half of it): a black line outlines every
  fat–water border, whatever the bandwidth. In phase at 4.5 ms, 9 ms…

## Steps
1. Add a *Gradient Echo*, sagittal through the marrow and the joint, and scan the starting protocol
   (100 Hz per pixel): find the bands at the marrow–cartilage border.
2. Raise the bandwidth and scan again until the shift is a pixel at most. Swap the frequency direction.
3. Set TE 2.3 ms, then 4.6 ms: find the black outline of the second kind, and see it go.

## What to look for
- The shift in pixels falls as the bandwidth rises: check it against 220 / BW per pixel.
- What does the higher bandwidth cost? Compare the noise.${learnMore(['chemical-shift', 'signal-and-speed'])}`,
  },
  reference: {
    sequenceType: SEQ.gre,
    parameters: { bandwidthPerPixel: 400 },
    answers: { artifact: 'Chemical shift: fat displaced along the readout. I raised the bandwidth.' },
  },
};

const motion: SeedModule = {
  lab: {
    title: 'Motion ghosts in the phase direction',
    anatomicalModelId: MODEL.brain,
    backend: 'censol',
    sequenceTypes: [SEQ.se, SEQ.gre],
    presets: {
      motion: 'translational',
      motion_trans_magn: 0.005,
      motion_trans_freq: 1,
      motion_trans_axis: 2,
    },
    lockedPresets: ['motion'],
    startingProtocols: start([SEQ.se, BLOCH_MATRIX], [SEQ.gre, BLOCH_MATRIX]),
    estimatedDurationMin: 20,
    competencies: ['artifacts', 'image-evaluation'],
    objectives: [
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
    instructions: `## Clinical scene
A patient with Parkinson's disease has a tremor of the head. The brain series is covered in copies of the head.
The patient cannot keep still; the protocol must cope.

## Goal
Recognise motion ghosts and remove them without stopping the motion. This module runs on the Bloch simulator.

## Background
Each phase-encoding line is acquired at a different time. Periodic motion changes the object from line to line,
which modulates k-space along the phase direction and produces **ghosts: copies of the moving tissue along the
phase-encoding direction**, whatever the direction of the motion itself. Flowing blood makes the same ghosts
from vessels; saturation bands and flow compensation reduce those.

## Steps
1. The patient moves 5 mm, once a second (locked). Scan an axial *Spin Echo*; find the ghosts and their direction.
2. Swap the phase and frequency directions and scan again.
3. Increase the averages (NEX) from 1 to 3. Then try a faster sequence.
4. The motion is periodic: set TR to one motion period (1000 ms) so every phase-encoding line sees the head in
   the same place, as cardiac and respiratory gating do.

## What to look for
- Ghosts always follow the phase direction; swapping moves them away from the region you need.
- With TR matched to the motion the ghosts vanish; the head is still displaced, but in one place.${learnMore(['motion', 'flow'])}`,
  },
  reference: {
    sequenceType: SEQ.se,
    parameters: { repetitionTime: 1 },
    answers: { artifact: 'Motion ghosts along the phase direction: I set TR to the motion period.' },
  },
};

const susceptibility: SeedModule = {
  lab: {
    title: 'Susceptibility near air and metal: bandwidth and spin echo',
    anatomicalModelId: MODEL.brain,
    backend: 'censol',
    sequenceTypes: [SEQ.gre, SEQ.se],
    presets: { susceptibility: true },
    lockedPresets: ['susceptibility'],
    startingProtocols: start(
      [SEQ.gre, { echoTime: 0.02, bandwidthPerPixel: 80, ...BLOCH_MATRIX }],
      [SEQ.se, { bandwidthPerPixel: 120, echoTime: 0.025, ...BLOCH_MATRIX }],
    ),
    estimatedDurationMin: 20,
    competencies: ['artifacts', 'safety'],
    objectives: [
      { kind: 'sequenceFamily', id: 'family', title: 'A spin echo', points: 2, families: ['SE', 'TSE'] },
      {
        kind: 'distortionMax',
        id: 'distortion',
        title: 'Distortion at air interfaces under half a pixel',
        points: 3,
        maxPixels: 0.5,
        feedbackFail:
          'The off-resonance next to air is fixed by the anatomy; the bandwidth decides how far it moves.',
      },
    ],
    instructions: `## Clinical scene
A patient after dental work has a metal crown; the frontal sinuses and the skull base already distort the
images. The referrer asks for the inferior frontal lobes to be seen clearly.

## Goal
Image the frontal lobes with distortion under half a pixel. The scanner's field map (susceptibility) is on, and
this module runs on the Bloch simulator, which shows it.

## Background
Air, bone and metal magnetise differently from tissue; the field near them is off by a few ppm, Δf = γ̄ · B0 ·
Δχ / 3 at an interface. A gradient echo loses signal there (T2*); a **spin echo** refocuses the static dephasing.
Along the readout the off-resonance moves tissue by Δf / (BW per pixel): a **high bandwidth** shrinks it.
Metal implants need both, and SAR-aware protocols (metal also heats in the RF field).

## Steps
1. Scan the starting *Gradient Echo* (TE 20 ms, 80 Hz per pixel): find the signal void above the sinuses.
2. Scan the *Spin Echo* as it starts (120 Hz per pixel): the void fills in, but the frontal lobe is still warped.
3. Raise the bandwidth until the distortion is under half a pixel.

## What to look for
- SE refocuses the signal loss; only the bandwidth shrinks the displacement. What is the cost in SNR?${learnMore(['susceptibility', 'gradient-echo', 'safety-and-sar'])}`,
  },
  reference: { sequenceType: SEQ.se, parameters: { bandwidthPerPixel: 600 } },
};

const epiDistortion: SeedModule = {
  lab: {
    title: 'EPI distortion: segment the echo train',
    anatomicalModelId: MODEL.brain,
    backend: 'censol',
    sequenceTypes: [SEQ.greEpi],
    presets: { susceptibility: true },
    lockedPresets: ['susceptibility'],
    startingProtocols: start([SEQ.greEpi, { matrixRead: 64, matrixPhase: 64 }]),
    estimatedDurationMin: 20,
    competencies: ['artifacts', 'pulse-sequences'],
    objectives: [
      {
        kind: 'distortionMax',
        id: 'distortion',
        title: 'Distortion along phase of 2 pixels or less',
        points: 3,
        maxPixels: 2,
        feedbackFail:
          'EPI distortion = Δf × echo spacing × lines per shot: shorten the spacing or split the train.',
      },
      { kind: 'sequenceFamily', id: 'family', title: 'Still an EPI', points: 1, families: ['GRE-EPI'] },
    ],
    instructions: `## Clinical scene
A functional MRI study: the frontal lobes above the sinuses look stretched and pulled forward on the EPI, and
the activation maps will not line up with the anatomy.

## Goal
Bring the EPI distortion to 2 pixels or less, keeping the EPI readout. The field map is on; this module runs on
the Bloch simulator.

## Background
An EPI reads all phase lines of a shot after one excitation: the phase direction's bandwidth per pixel is only
1 / (echo spacing · lines per shot), tens of Hz. Tissue off-resonant by Δf moves Δf · esp · lines per shot
pixels along phase. A higher readout bandwidth (shorter echo spacing), fewer lines, more shots (segmented EPI)
or parallel imaging shrink it.

## Steps
1. Scan the starting *Gradient-echo EPI* (64 lines in one shot): note the distortion in the frontal lobe.
2. Split the echo train into segments (a shorter echo-train length) and scan. Try a higher bandwidth too.

## What to look for
- The frontal lobe returns to its shape as lines per shot fall. What does each remedy cost?${learnMore(['echo-planar-and-diffusion', 'susceptibility', 'parallel-imaging'])}`,
  },
  reference: { sequenceType: SEQ.greEpi, parameters: { echoTrainLength: 8 } },
};

export const ARTIFACT_MODULES: SeedModule[] = [wrap, chemicalShift, motion, susceptibility, epiDistortion];
