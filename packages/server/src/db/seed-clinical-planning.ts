/**
 * "Clinical protocols and safety", planning (issue 24.1, "coverage and angulation on the localisers"): stacks
 * angled along an anatomical line, graded by the `angulation` objective (the line's angle to the slice plane,
 * @larmor/mri grading/measureChecks.ts). The lines' ends are landmarks of the models in patient coordinates
 * (LPS: x right→left, y anterior→posterior, z feet→head) [mm]; seed-clinical-planning.test.ts checks that they
 * lie in the structures they name. A new scan starts axial and untilted at the isocentre (no starting protocol
 * carries a stack), so the stack the student plans is the task; the reference carries its own (`spatials`).
 */
import type { Spatials } from '@larmor/contracts';
import { degrees, learnMore, MODEL, SEQ, start, type SeedModule } from './seed-content-kit.ts';

/** A point in patient coordinates [mm]. */
type PointMm = [x: number, y: number, z: number];

/**
 * The brain model's commissures [mm]. The brain (Colin27, packages/mri/assets/brain/README.md) is in MNI space
 * with x and y flipped into LPS and its origin at the MNI origin, so MNI (x, y, z) is LPS (−x, −y, z). The MNI
 * template's AC ≈ (0, 2, −4) and PC ≈ (0, −28, −2) mm (Talairach and Tournoux 1988, as transformed to MNI); in
 * Colin27's own label volume the anterior commissure is the band of white matter crossing the midline at MNI
 * y = +5, z −5…−4 (23 of the 25 voxels from x = −12 to +12 mm), and the posterior commissure the small
 * non-CSF knot on the midline at the back of the third ventricle, above the aqueduct, at MNI y −28…−29,
 * z 0…1. The landmarks are the volume's own: they are what the student sees on the sagittal localiser.
 * The AC–PC line then rises 4 mm over 33 mm towards the back, 6.9° out of an untilted axial slice.
 */
export const ANTERIOR_COMMISSURE_MM: PointMm = [0, -5, -4];
export const POSTERIOR_COMMISSURE_MM: PointMm = [0, 28, 0];

/**
 * The knee model's anterior cruciate ligament [mm]: the centroids of the 10 % of the atlas's
 * `anterior_cruciate_ligament` voxels at either end of the ligament's principal axis, carried into the model's
 * frame as the derivation does (mirrored into a right knee, origin at the centroid of cartilage and menisci:
 * packages/mri/assets/knee/README.md, steps 7–8), to 0.5 mm; the tibial end, whose centroid (5.7, −0.5, −9.4)
 * falls in the tibia's cortex where the ligament inserts, taken 0.5 mm higher, in the ligament's foot. The tibial attachment lies in front of the intercondylar
 * eminence, towards the medial side; the femoral one on the inner wall of the lateral femoral condyle, posterior
 * and 24 mm higher. The ligament runs 7° out of a true sagittal plane and, seen from above, 13° off the
 * anterior–posterior axis (the usual 10–20° of the ACL's medial obliquity), so a sagittal stack turned 13°
 * about the head–feet axis, its front edge towards medial, contains it.
 */
export const ACL_TIBIAL_MM: PointMm = [5.5, -0.5, -9];
export const ACL_FEMORAL_MM: PointMm = [2, 15, 14.5];

const ISOCENTRE: Spatials['center'] = [0, 0, 0];

/**
 * The stack along the AC–PC line: axial, tilted 7° about its row (patient left–right) so its slices rise
 * towards the back with the line.
 */
const acPcStack: Spatials = { orientation: 'axial', center: ISOCENTRE, tiltAboutRow: degrees(7) };

/** The stack along the ACL: sagittal, turned 13° about its column (head–feet), its front edge medial. */
const aclStack: Spatials = { orientation: 'sagittal', center: ISOCENTRE, tiltAboutColumn: degrees(-13) };

const acPc: SeedModule = {
  lab: {
    title: 'Axial brain along the AC–PC line',
    anatomicalModelId: MODEL.brain,
    sequenceTypes: [SEQ.t2Tse],
    startingProtocols: start([SEQ.t2Tse, { sliceCount: 24, sliceThickness: 0.005, sliceGap: 0.001 }]),
    estimatedDurationMin: 15,
    competencies: ['planning', 'clinical-protocols'],
    objectives: [
      {
        kind: 'angulation',
        id: 'acpc',
        title: 'Slices along the AC–PC line',
        points: 3,
        line: 'AC–PC line',
        fromMm: ANTERIOR_COMMISSURE_MM,
        toMm: POSTERIOR_COMMISSURE_MM,
        maxDegrees: 3,
        mustPass: true,
        feedbackFail:
          'On the midline sagittal localiser the AC is the small white dot in front of the third ventricle, the PC the knot at its back above the aqueduct; the PC lies higher, so tilt the stack about its row until the slices rise towards the back with the line.',
        feedbackPass:
          'Every follow-up planned on the same line gives slices at the same level: compare them slice by slice.',
      },
      {
        kind: 'coverage',
        id: 'coverage',
        title: 'White matter covered by the stack',
        points: 2,
        tissue: 'whiteMatter',
        minFraction: 0.8,
        feedbackFail:
          'Tilting moves the top and bottom slices: check on the sagittal localiser that the vertex and the cerebellum are still in the stack.',
      },
      { kind: 'orientation', id: 'axial', title: 'Axial slices', points: 1, orientation: 'axial' },
    ],
    instructions: `## Clinical scene
A 70-year-old is followed for small-vessel disease. The radiologist compares this axial T2 with last year's slice
by slice, which works only if both are planned on the same anatomical line: the department plans axial brains
along the line from the anterior to the posterior commissure (AC–PC). The stack on the console is the scanner's
straight axial, which follows the scanner, not the patient's head.

## Goal
Lay the axial slices along the AC–PC line, within 3°, still covering at least 80 % of the white matter.

## Background
The anterior commissure (AC) is a bundle of white matter crossing the midline in front of the third ventricle;
the posterior commissure (PC) crosses at the back of the third ventricle, just above the cerebral aqueduct.
Both lie on the midline, about 25–30 mm apart. Slices along their line are reproducible from scan to scan and
patient to patient, whatever the head's tilt in the coil, and they match the atlases' axial planes. The
straight axial is as good as the head's position on the day: a chin tucked a few degrees changes every slice.

## Steps
1. Scan the starting *T2-weighted TSE* and open the midline sagittal localiser.
2. Find the AC and the PC on it, and tilt the stack about its row until its slices run parallel to the line
   through both (the Geometry card's tilt, or the tilt handle on the localiser).
3. Check that the stack still covers the brain from the vertex to the cerebellum; scan again.

## What to look for
- The stack's lines on the sagittal localiser parallel to the AC–PC line.
- Which way did the slices tilt, and which structures moved into or out of the lowest slice?${learnMore(['planning', 'resolution-and-coverage'])}`,
  },
  reference: {
    sequenceType: SEQ.t2Tse,
    parameters: {},
    spatials: acPcStack,
  },
  wrongPlan: {
    mistake: 'the stack tilted the wrong way, its slices falling towards the back',
    parameters: {},
    spatials: { ...acPcStack, tiltAboutRow: degrees(-7) },
    fails: 'acpc',
  },
};

const acl: SeedModule = {
  lab: {
    title: 'Sagittal knee along the ACL',
    anatomicalModelId: MODEL.knee,
    sequenceTypes: [SEQ.pdTse],
    startingProtocols: start([SEQ.pdTse, { sliceCount: 30, sliceThickness: 0.003, sliceGap: 0.0003 }]),
    estimatedDurationMin: 15,
    competencies: ['planning', 'clinical-protocols'],
    objectives: [
      {
        kind: 'angulation',
        id: 'acl',
        title: 'Slices along the ACL',
        points: 3,
        line: 'anterior cruciate ligament',
        fromMm: ACL_TIBIAL_MM,
        toMm: ACL_FEMORAL_MM,
        maxDegrees: 3,
        mustPass: true,
        feedbackFail:
          'The ACL runs obliquely: from the front of the tibial spines, towards the medial side, back and up to the inner wall of the lateral femoral condyle. A true sagittal cuts it across; on the axial localiser turn the sagittal stack about the head–feet axis, its front edge towards medial (about 10–15°), until the slices follow the ligament.',
      },
      { kind: 'orientation', id: 'sagittal', title: 'Sagittal slices', points: 1, orientation: 'sagittal' },
      {
        kind: 'coverage',
        id: 'coverage',
        title: 'Both menisci covered',
        points: 2,
        tissue: 'meniscus',
        minFraction: 0.9,
        feedbackFail: 'The menisci span the joint from side to side: about 8–10 cm.',
      },
      { kind: 'sliceThicknessMax', id: 'slice', title: 'Slices of 3.5 mm or less', points: 1, maxMm: 3.5 },
    ],
    instructions: `## Clinical scene
A 24-year-old footballer twisted the knee, heard a pop and felt it give way; the knee swelled within hours. The
orthopaedic surgeon asks whether the anterior cruciate ligament (ACL) is torn. The ligament is thin and runs
obliquely: on slices that cut across it, partial volume makes a normal ACL look frayed, so the sagittal stack is
angled along it. The stack on the console is the scanner's straight axial.

## Goal
Plan sagittal slices along the ACL, within 3° of the ligament, covering both menisci with slices of 3.5 mm or less.

## Background
The ACL runs from the front of the tibial plateau, beside the medial tibial spine, backwards, upwards and
laterally to the inner wall of the lateral femoral condyle. Seen from above it deviates 10–20° from the
anterior–posterior axis, so a true sagittal slice holds only part of it. Sagittal knee slices are planned on the
axial localiser: perpendicular to the line across the posterior femoral condyles for the menisci, or turned
about the head–feet axis along the intercondylar notch for the cruciate ligaments.

## Steps
1. Scan the starting *Proton-density TSE*; change the orientation to sagittal.
2. On the axial localiser at the level of the femoral notch, turn the stack about the head–feet axis (its front
   edge medial) until its slices run along the ACL from the tibia to the lateral condyle.
3. Check that both menisci are still in the stack; scan again.

## What to look for
- The whole ACL, a taut dark band, on one or two slices rather than in pieces on several.
- The PCL runs the other way: is it still in one slice?${learnMore(['planning', 'proton-density', 'resolution-and-coverage'])}`,
  },
  reference: {
    sequenceType: SEQ.pdTse,
    parameters: {},
    spatials: aclStack,
  },
  wrongPlan: {
    mistake: 'a true sagittal stack, not turned along the ligament',
    parameters: {},
    spatials: { ...aclStack, tiltAboutColumn: 0 },
    fails: 'acl',
  },
};

/** The planning modules of the "Planning and protocols" course. */
export const PLANNING_ANGULATION: SeedModule[] = [acPc, acl];
