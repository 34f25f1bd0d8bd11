/**
 * "Image quality and artifacts", course 1: signal, resolution and time. SNR ∝ voxel volume · √(phase lines ·
 * NEX / bandwidth per pixel), scan time = TR · phase lines · NEX / ETL (reference/analytic_formulas.md); the
 * truncation ripple 5 mm from an edge is Δ/(π²·5 mm) of the step (Bracewell, ch. 4). The SNR thresholds are
 * measured on the knee and brain models at the module's matrix (seed-programs-solvable.test.ts scans them).
 */
import { learnMore, MODEL, SEQ, start, type SeedModule } from './seed-content-kit.ts';

/** A T1-weighted knee spin echo at 0.625 mm, 3 mm slices. */
const KNEE_T1 = {
  repetitionTime: 0.5,
  echoTime: 0.015,
  fovRead: 0.16,
  fovPhase: 0.16,
  matrixRead: 256,
  matrixPhase: 256,
  sliceThickness: 0.003,
};
const FULL = { matrixRead: 256, matrixPhase: 256 };

const voxel: SeedModule = {
  lab: {
    title: 'SNR and voxel size: the detail you do not need',
    anatomicalModelId: MODEL.knee,
    sequenceTypes: [SEQ.se],
    startingProtocols: start([SEQ.se, KNEE_T1]),
    estimatedDurationMin: 15,
    competencies: ['image-quality'],
    objectives: [
      {
        kind: 'snrMin',
        id: 'snr',
        title: 'Muscle SNR of 9 or more',
        points: 3,
        tissue: 'muscle',
        minSnr: 9,
        feedbackFail: 'SNR grows in proportion to the voxel volume: the pixel may be larger than it is now.',
      },
      { kind: 'inPlaneResolutionMax', id: 'pixel', title: 'Pixels of 1 mm or less', points: 1, maxMm: 1 },
      { kind: 'sliceThicknessMax', id: 'slice', title: 'Slices of 3 mm or less', points: 1, maxMm: 3 },
      { kind: 'scanTimeMax', id: 'time', title: 'Within 2.5 minutes', points: 1, maxSeconds: 150 },
    ],
    instructions: `## Clinical scene
A follow-up T1-weighted knee for a known bone bruise came out grainy. The radiologist needs 3 mm slices and
pixels of 1 mm at most, not the 0.625 mm the protocol asks for, and the scan may not take longer.

## Goal
Raise the signal-to-noise ratio of muscle to 9 or more, with pixels of 1 mm or less, 3 mm slices and
the scan within 2.5 minutes.

## Background
SNR ∝ voxel volume · √(phase lines · NEX / bandwidth per pixel). The voxel is pixel × pixel × slice thickness:
a pixel 1.4 times larger holds twice the tissue. Fewer phase lines lose a little SNR (√) but save time.

## Steps
1. Scan the starting *Spin Echo* (256 × 256 over 160 mm) and note the SNR of muscle.
2. Predict the SNR for a 192 × 192 and a 160 × 160 matrix (pixel = FOV / matrix); choose one that meets the task, scan and compare.

## What to look for
- SNR rises close to the prediction, and the scan gets shorter. When would you spend that time on averages?${learnMore(['snr', 'resolution-and-coverage'])}`,
  },
  reference: { sequenceType: SEQ.se, parameters: { matrixRead: 160, matrixPhase: 160 } },
};

const averages: SeedModule = {
  lab: {
    title: 'Averages: buy signal with time',
    anatomicalModelId: MODEL.knee,
    sequenceTypes: [SEQ.se],
    startingProtocols: start([SEQ.se, { ...KNEE_T1, nex: 1 }]),
    estimatedDurationMin: 15,
    competencies: ['image-quality'],
    objectives: [
      {
        kind: 'snrMin',
        id: 'snr',
        title: 'Muscle SNR of 10 or more',
        points: 3,
        tissue: 'muscle',
        minSnr: 10,
      },
      { kind: 'inPlaneResolutionMax', id: 'pixel', title: 'Pixels of 0.7 mm or less', points: 1, maxMm: 0.7 },
      { kind: 'sliceThicknessMax', id: 'slice', title: 'Slices of 3 mm or less', points: 1, maxMm: 3 },
      { kind: 'scanTimeMax', id: 'time', title: 'Within 10 minutes', points: 1, maxSeconds: 600 },
    ],
    instructions: `## Clinical scene
A small-joint specialist wants thin-slice, high-resolution T1 images of the knee and accepts a longer scan:
the patient is comfortable and can keep still.

## Goal
Reach a muscle SNR of 10 with 0.7 mm pixels and 3 mm slices, within 10 minutes.

## Background
Averaging NEX acquisitions adds the signal coherently and the noise incoherently: SNR ∝ √NEX, scan time ∝ NEX.
Twice the SNR costs four times the time.

## Steps
1. Scan the starting *Spin Echo* (NEX 1) and note the SNR and the scan time.
2. How many averages does the target need? Set them and scan; check the time.

## What to look for
- SNR doubles at four averages; so does nothing else. Would a lower bandwidth have been cheaper?${learnMore(['snr', 'signal-and-speed'])}`,
  },
  reference: { sequenceType: SEQ.se, parameters: { nex: 4 } },
};

const bandwidth: SeedModule = {
  lab: {
    title: 'Bandwidth: signal against chemical shift',
    anatomicalModelId: MODEL.knee,
    backend: 'censol',
    sequenceTypes: [SEQ.se],
    startingProtocols: start([
      SEQ.se,
      { ...KNEE_T1, matrixRead: 128, matrixPhase: 128, sliceThickness: 0.004, bandwidthPerPixel: 800 },
    ]),
    estimatedDurationMin: 15,
    competencies: ['image-quality', 'artifacts'],
    objectives: [
      {
        kind: 'snrMin',
        id: 'snr',
        title: 'Muscle SNR of 35 or more',
        points: 3,
        tissue: 'muscle',
        minSnr: 35,
      },
      {
        kind: 'chemicalShiftMax',
        id: 'shift',
        title: 'Fat shifted 1.5 pixels at most',
        points: 2,
        maxPixels: 1.5,
      },
      { kind: 'scanTimeMax', id: 'time', title: 'Within 2.5 minutes', points: 1, maxSeconds: 150 },
    ],
    instructions: `## Clinical scene
The knee protocol was copied from a metal-implant protocol with a very high receiver bandwidth. The images are
noisy, and this patient has no metal.

## Goal
This module runs on the Bloch simulator, which shows chemical shift. Raise the SNR of muscle to 35 or more without more time, keeping fat's chemical shift within 1.5 pixels.

## Background
Noise grows with the receiver bandwidth: SNR ∝ 1/√(BW per pixel). A low bandwidth reads out slowly, so fat
(220 Hz from water at 1.5 T) moves 220 / BW pixels along the readout. The bandwidth trades SNR against chemical
shift (and susceptibility distortion).

## Steps
1. Scan the starting *Spin Echo* (800 Hz per pixel) and note the SNR.
2. Lower the bandwidth step by step; predict each SNR, and the fat shift in pixels.
3. Find the lowest bandwidth the shift allows.

## What to look for
- At the lowest bandwidths the dark and bright bands at the marrow edge grow.${learnMore(['signal-and-speed', 'snr', 'chemical-shift'])}`,
  },
  reference: { sequenceType: SEQ.se, parameters: { bandwidthPerPixel: 160 } },
};

const resolution: SeedModule = {
  lab: {
    title: 'Resolution against time',
    anatomicalModelId: MODEL.knee,
    sequenceTypes: [SEQ.se],
    startingProtocols: start([SEQ.se, { ...KNEE_T1, matrixRead: 128, matrixPhase: 128, nex: 2 }]),
    estimatedDurationMin: 15,
    competencies: ['image-quality'],
    objectives: [
      { kind: 'inPlaneResolutionMax', id: 'pixel', title: 'Pixels of 0.7 mm or less', points: 3, maxMm: 0.7 },
      { kind: 'scanTimeMax', id: 'time', title: 'Within 2.5 minutes', points: 2, maxSeconds: 150 },
    ],
    instructions: `## Clinical scene
The cartilage of a patient's patella must be assessed: the radiologist needs pixels under 0.7 mm, and the list
is full, so the scan may not take longer than it does now.

## Goal
Reach 0.7 mm pixels within 2.5 minutes.

## Background
Pixel = FOV / matrix. Each extra phase-encoding line costs one TR: scan time = TR · phase lines · NEX. The
read matrix is free in time; the phase matrix is not. Averages can be traded for phase lines.

## Steps
1. Scan the starting *Spin Echo* (128 × 128, NEX 2) and note pixel size and time.
2. Double the matrix: what happens to the time? Find what you can give up to pay for it.

## What to look for
- The same time buys 256 lines at NEX 1 or 128 lines at NEX 2. Which is sharper, which is less noisy?${learnMore(['resolution-and-coverage', 'snr'])}`,
  },
  reference: { sequenceType: SEQ.se, parameters: { ...FULL, nex: 1 } },
};

const gibbs: SeedModule = {
  lab: {
    title: 'Truncation: Gibbs ringing at CSF borders',
    anatomicalModelId: MODEL.brain,
    sequenceTypes: [SEQ.t2Tse],
    startingProtocols: start([
      SEQ.t2Tse,
      { echoTrainLength: 16, fovRead: 0.24, fovPhase: 0.24, matrixRead: 128, matrixPhase: 128 },
    ]),
    estimatedDurationMin: 15,
    competencies: ['artifacts', 'image-quality'],
    objectives: [
      {
        kind: 'gibbsMax',
        id: 'gibbs',
        title: 'Ringing under 2.5 % of an edge',
        points: 3,
        maxPercent: 2.5,
        feedbackFail: 'The ripple’s spacing and size follow the pixel: sample more of k-space along phase.',
      },
      { kind: 'scanTimeMax', id: 'time', title: 'Within 2 minutes', points: 1, maxSeconds: 120 },
    ],
    instructions: `## Clinical scene
On a T2-weighted image a thin bright line runs along the inside of the skull and beside the ventricles. A junior
colleague wonders whether it is pathology. It is truncation, and the fix is in the protocol.

## Goal
Reduce the Gibbs ringing below 2.5 % of an edge's step, within 2 minutes.

## Background
A sharp edge needs all spatial frequencies; stopping k-space at k_max = 1/(2Δ) leaves a ripple of about 9 %
at the edge, decaying as Δ/(π² · x) away from it (Δ: pixel). More phase-encoding lines (a larger matrix)
move the ripple closer to the edge and shrink it. Filters smooth it at the cost of sharpness.

## Steps
1. Scan the starting *T2-weighted TSE* (128 × 128) and find the lines parallel to CSF borders.
2. Raise the matrix and scan again; mind the time. Which direction shows the ringing most?

## What to look for
- The lines come closer together and fainter as the matrix grows.${learnMore(['truncation', 'resolution-and-coverage'])}`,
  },
  reference: { sequenceType: SEQ.t2Tse, parameters: FULL },
};

const chemicalShift3T: SeedModule = {
  lab: {
    title: 'Chemical shift doubles at 3 T',
    anatomicalModelId: MODEL.knee,
    backend: 'censol',
    sequenceTypes: [SEQ.gre],
    presets: { b0field: 3 },
    lockedPresets: ['b0field'],
    startingProtocols: start([SEQ.gre, { bandwidthPerPixel: 220, matrixRead: 128, matrixPhase: 128 }]),
    estimatedDurationMin: 15,
    competencies: ['instrumentation', 'artifacts'],
    objectives: [
      {
        kind: 'chemicalShiftMax',
        id: 'shift',
        title: 'Fat shifted one pixel at most',
        points: 3,
        maxPixels: 1,
        feedbackFail: 'The fat–water difference is 3.5 ppm of the Larmor frequency: about 440 Hz at 3 T.',
      },
      { kind: 'fieldStrength', id: 'field', title: 'Scanned at 3 T', points: 1, tesla: 3 },
    ],
    instructions: `## Clinical scene
At 1.5 T your knee gradient echo at 220 Hz per pixel shows fat shifted by one pixel. On the new 3 T scanner the
same protocol shows thick bands at every marrow–cartilage border.

## Goal
At 3 T, bring fat's chemical shift back to one pixel at most. This module runs on the Bloch simulator, which
shows chemical shift.

## Background
The shift scales with the field: Δf = 3.5 ppm · γ̄ · B0, about 220 Hz at 1.5 T and 440 Hz at 3 T. In pixels
it is Δf / (BW per pixel). SNR is higher at 3 T (about twice), which pays for a higher bandwidth.

## Steps
1. Scan the starting *Gradient Echo*. Measure the shift at the marrow border.
2. Compute the bandwidth that gives one pixel at 3 T, set it and scan.

## What to look for
- The bands narrow; the noise rises, but less than it would at 1.5 T.${learnMore(['field-strength', 'chemical-shift', 'signal-and-speed'])}`,
  },
  reference: { sequenceType: SEQ.gre, parameters: { bandwidthPerPixel: 480 } },
};

export const SIGNAL_MODULES: SeedModule[] = [voxel, averages, bandwidth, resolution, gibbs, chemicalShift3T];
