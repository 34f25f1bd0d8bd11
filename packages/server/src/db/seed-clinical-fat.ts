/**
 * "Clinical protocols and safety", courses 1 and 2: fat suppression compared (STIR, spectral fat saturation,
 * Dixon) and contrast agents. Fat's null after an inversion is TI ≈ 0.69 · T1 when TR ≫ T1 (T1 ≈ 260 ms at
 * 1.5 T); gadolinium shortens T1 as 1/T1' = 1/T1 + r1 · C (reference/analytic_formulas.md); a bolus is caught
 * when the scan reads its k-space centre on the arterial peak (mri sequence/kspace-centre.ts, tissue/bolus.ts).
 */
import {
  degrees,
  learnMore,
  MODEL,
  SEQ,
  start,
  type SeedCourse,
  type SeedModule,
} from './seed-content-kit.ts';

/**
 * Mean signal of the aorta over that of fat which only a k-space centre near the arterial peak reaches on the
 * arterial-phase module's gradient echo. Fat barely takes up gadolinium (Ktrans 0.02/min, mri tissue/contrast.ts),
 * so the ratio measures the blood's own enhancement; against the liver, which enhances later (portal venous
 * supply), a scan started too early would score higher than one on the peak. A ratio of ROI means, not a
 * contrast-to-noise ratio: no σ measured in the air enters it, so it holds from run to run.
 * Measured (seed-programs-solvable.test.ts, 128 × 128, one slice): reference (delay 9 s) 1.99 in each of 7 runs
 * (1.989–1.993); delay 5 s 2.04, 13 s 1.98; 3 s 1.74; the wrong plan (18 s) 1.49; no injection 0.47.
 */
const ARTERIAL_SIGNAL_RATIO = 1.8;

const stir: SeedModule = {
  lab: {
    title: 'Suppress fat: STIR',
    anatomicalModelId: MODEL.knee,
    sequenceTypes: [SEQ.stir, SEQ.t2Tse, SEQ.tse],
    startingProtocols: start([SEQ.stir, { inversionTime: 0.6 }]),
    estimatedDurationMin: 25,
    attemptsAllowed: 3,
    competencies: ['pulse-sequences', 'clinical-protocols', 'image-contrast'],
    objectives: [
      {
        kind: 'fatSuppression',
        id: 'fat-suppressed',
        title: 'Fat suppressed',
        points: 3,
        required: true,
        feedbackFail: 'Fat crosses zero about 0.69 × its T1 after the inversion: about 170 ms at 1.5 T.',
      },
      {
        kind: 'contrastOrder',
        id: 'marrow-dark',
        title: 'Muscle brighter than fatty marrow',
        points: 2,
        brighter: 'muscle',
        darker: 'marrow',
      },
    ],
    instructions: `## Clinical scene
A runner with knee pain after a fall; the X-ray is normal. The orthopaedic team asks for bone-marrow oedema:
on a fat-suppressed fluid-sensitive image it is bright against dark marrow fat.

## Goal
Show the marrow and the joint fluid with fat suppressed by an inversion pulse.

## Background
**STIR** inverts all magnetisation and reads out when fat (T1 ≈ 260 ms at 1.5 T) crosses zero:
TI ≈ 0.69 · T1, about 150–250 ms depending on TR. It works at any field and ignores field inhomogeneity, but it
also suppresses any tissue with a T1 like fat (gadolinium-enhanced tissue too), and costs signal.

## Steps
1. Scan a sagittal *T2-weighted TSE* without fat suppression: marrow is bright.
2. Add a *STIR* and scan it as it starts (TI 600 ms). Is fat dark?
3. Compute fat's null, set TI there and scan; then step TI by 30 ms either side.

## What to look for
- Fat black, fluid bright, the marrow uniform. Why must STIR never follow a gadolinium injection?${learnMore(['fat-suppression', 'inversion-recovery'])}`,
  },
  reference: { sequenceType: SEQ.stir, parameters: { inversionTime: 0.24 } },
};

const fatSat: SeedModule = {
  lab: {
    title: 'Spectral fat saturation on a PD knee',
    anatomicalModelId: MODEL.knee,
    sequenceTypes: [SEQ.pdTse, SEQ.stir],
    startingProtocols: start([SEQ.pdTse, { repetitionTime: 3, echoTime: 0.02, fatSaturation: false }]),
    estimatedDurationMin: 20,
    competencies: ['pulse-sequences', 'clinical-protocols'],
    objectives: [
      { kind: 'sequenceFamily', id: 'family', title: 'A turbo spin echo', points: 1, families: ['TSE'] },
      { kind: 'fatSuppression', id: 'fat-suppressed', title: 'Fat suppressed', points: 3, required: true },
      { kind: 'weighting', id: 'weighting', title: 'Still PD-weighted', points: 2, weighting: 'PD' },
    ],
    instructions: `## Clinical scene
The knee protocol's workhorse is a fat-suppressed PD TSE: meniscal tears, cartilage and marrow oedema in one
series. The series on the console has fat suppression switched off.

## Goal
Suppress fat on the PD TSE with spectral fat saturation, keeping the PD weighting; then compare it with STIR.

## Background
**Fat saturation** excites only the fat resonance (220 Hz below water at 1.5 T, 440 Hz at 3 T) and spoils it
before each excitation. It keeps water signal and contrast (unlike STIR, it can follow gadolinium), but it fails
where the field is not uniform: at the edges of a large FOV and near metal. **Dixon** separates water and fat
from echoes in and out of phase, and works in an uneven field.

## Steps
1. Scan the starting *Proton-density TSE*. Turn fat saturation on and scan again.
2. Scan a *STIR* of the same knee and compare: SNR, uniformity at the edges, contrast.

## What to look for
- Which image shows the meniscus best? Which would you choose after a gadolinium injection?${learnMore(['fat-suppression', 'proton-density'])}`,
  },
  reference: { sequenceType: SEQ.pdTse, parameters: { fatSaturation: true } },
};

const dixon: SeedModule = {
  lab: {
    title: 'Dixon: fat and water apart in a breath-hold',
    anatomicalModelId: MODEL.abdomen,
    sequenceTypes: [SEQ.dixon, SEQ.spoiledGre],
    startingProtocols: start([SEQ.dixon, { repetitionTime: 0.3, matrixRead: 256, matrixPhase: 192 }]),
    estimatedDurationMin: 20,
    competencies: ['pulse-sequences', 'clinical-protocols'],
    objectives: [
      { kind: 'sequenceFamily', id: 'family', title: 'A Dixon', points: 1, families: ['Dixon'] },
      { kind: 'fatSuppression', id: 'fat-suppressed', title: 'Fat separated', points: 2, required: true },
      { kind: 'weighting', id: 'weighting', title: 'T1 weighting', points: 2, weighting: 'T1' },
      {
        kind: 'scanTimeMax',
        id: 'time',
        title: 'Within a 20 s breath-hold',
        points: 3,
        maxSeconds: 20,
        feedbackFail:
          'Time = TR × phase lines: Dixon needs two echoes per TR, but not a longer TR than that.',
      },
    ],
    instructions: `## Clinical scene
A liver work-up for fatty liver disease in a large patient: spectral fat saturation fails at the edges of the
wide field of view, and the hepatologist wants to see the fat too, not only remove it.

## Goal
Acquire a T1-weighted Dixon of the abdomen in a 20 s breath-hold.

## Background
**Dixon** reads two echoes per TR: one with fat and water in phase, one opposed (at 1.5 T about 2.3 ms and
4.6 ms; fat precesses 220 Hz slower). Sum and difference give a water-only and a fat-only image, and the
separation still works where the field is uneven, where spectral fat saturation fails. Fat fraction =
fat / (fat + water). Opposed-phase images show the black outline of chemical shift of the second kind.

## Steps
1. Read the time of the starting *Dixon* (TR 300 ms, 192 lines): too long for one breath.
2. Shorten TR (keep the flip angle for T1 weighting) until the scan fits; scan.
3. Compare the in-phase, opposed-phase, water and fat images.

## What to look for
- Signal drop on opposed phase in a fatty liver; the water image uniform to the edges.${learnMore(['fat-suppression', 'chemical-shift'])}`,
  },
  reference: { sequenceType: SEQ.dixon, parameters: { repetitionTime: 0.1 } },
};

const tumour: SeedModule = {
  lab: {
    title: 'Enhancing tumour: T1 after gadolinium',
    anatomicalModelId: MODEL.brainTumourContrast,
    sequenceTypes: [SEQ.t1Se, SEQ.spoiledGre],
    presets: {
      activate_contrast: true,
      contrast_concentration: 1,
      contrast_volume: 15,
      time_after_contrast: 2,
    },
    lockedPresets: ['activate_contrast'],
    startingProtocols: start(
      [SEQ.t1Se, { repetitionTime: 2, echoTime: 0.015 }],
      [SEQ.spoiledGre, { flipAngle: (10 * Math.PI) / 180 }],
    ),
    estimatedDurationMin: 25,
    competencies: ['contrast-agents', 'image-contrast', 'clinical-protocols'],
    objectives: [
      { kind: 'sequenceFamily', id: 'family', title: 'A spin echo', points: 1, families: ['SE', 'TSE'] },
      {
        kind: 'weighting',
        id: 'weighting',
        title: 'T1 weighting',
        points: 3,
        weighting: 'T1',
        feedbackFail:
          'Gadolinium shortens T1: only a T1-weighted scan (short TR, short TE) shows it as brightening.',
      },
      {
        kind: 'contrastOrder',
        id: 'enhancing',
        title: 'The enhancing tumour brighter than the oedema around it',
        points: 3,
        brighter: 'tumour',
        darker: 'oedema',
      },
    ],
    instructions: `## Clinical scene
A 58-year-old with seizures: CT shows a mass. Gadolinium has been given (15 ml of a 1 mmol/ml agent for an
80 kg patient: about 0.19 mmol/kg). The neurosurgeon needs to see where the blood–brain barrier is broken.

## Goal
Show the enhancing tumour, brighter than the oedema around it, 2 minutes after the injection.

## Background
Gadolinium shortens T1: 1/T1' = 1/T1 + r1 · C. Where the blood–brain barrier is broken the agent leaks into
tissue, which then brightens — but only on a **T1-weighted** image. On a PD or T2-weighted scan the oedema
stays as bright as the tumour.

## Steps
1. Scan the starting *T1-weighted spin echo* as it is (TR 2000 ms): is the tumour rim distinct from the oedema?
2. Make it T1-weighted and scan again.
3. In the patient settings, move the time after injection to 10 minutes and scan once more.

## What to look for
- The tumour rim enhances; the oedema around it does not. How does the enhancement change with time, and why?${learnMore(['contrast-enhancement', 'contrast-and-weighting'])}`,
  },
  reference: {
    sequenceType: SEQ.t1Se,
    parameters: { repetitionTime: 0.5, echoTime: 0.012 },
    size: { sliceCount: 15 },
  },
};

const kneeContrast: SeedModule = {
  lab: {
    title: 'Post-contrast knee: fat saturation, not STIR',
    anatomicalModelId: MODEL.kneeContrast,
    sequenceTypes: [SEQ.t1Se, SEQ.stir],
    presets: {
      activate_contrast: true,
      contrast_concentration: 0.5,
      contrast_volume: 15,
      time_after_contrast: 5,
    },
    lockedPresets: ['activate_contrast'],
    startingProtocols: start([SEQ.t1Se, { repetitionTime: 0.5, echoTime: 0.012, fatSaturation: false }]),
    estimatedDurationMin: 20,
    competencies: ['contrast-agents', 'pulse-sequences', 'clinical-protocols'],
    objectives: [
      { kind: 'weighting', id: 'weighting', title: 'T1 weighting', points: 2, weighting: 'T1' },
      {
        kind: 'fatSuppression',
        id: 'fat-suppressed',
        title: 'Fat suppressed',
        points: 3,
        required: true,
        feedbackFail:
          'After gadolinium, suppress fat spectrally: an inversion would null the enhancing tissue too.',
      },
      { kind: 'sequenceFamily', id: 'family', title: 'A spin echo', points: 1, families: ['SE', 'TSE'] },
    ],
    instructions: `## Clinical scene
Suspected septic arthritis: synovium and marrow that enhance after gadolinium must stand out from marrow fat,
which is as bright as enhancement on a T1-weighted image.

## Goal
Acquire a T1-weighted post-contrast knee with fat suppressed, choosing the right technique.

## Background
Gadolinium shortens T1 of enhancing tissue towards fat's T1. **STIR** nulls by T1, so it darkens enhancing tissue
along with fat: never after contrast. **Spectral fat saturation** removes fat by its frequency and leaves
enhancement bright.

## Steps
1. Scan the starting *T1-weighted spin echo*: fat and enhancement are both bright.
2. Scan a *STIR*: what happens to the enhancing tissue?
3. Back on the T1 spin echo, turn on fat saturation and scan.

## What to look for
- With fat saturation the marrow is dark and enhancing tissue bright.${learnMore(['contrast-enhancement', 'fat-suppression'])}`,
  },
  reference: { sequenceType: SEQ.t1Se, parameters: { fatSaturation: true } },
};

const arterialPhase: SeedModule = {
  lab: {
    title: 'Arterial phase: time the bolus',
    anatomicalModelId: MODEL.timingBolus,
    sequenceTypes: [SEQ.spoiledGre],
    // The scanner's usual noise (Low): the signal ratio hardly depends on it, the images look as they would.
    presets: { noise: 1 },
    lockedPresets: ['noise'],
    startingProtocols: start([
      SEQ.spoiledGre,
      {
        repetitionTime: 0.15,
        echoTime: 0.0046,
        flipAngle: degrees(70),
        matrixRead: 128,
        matrixPhase: 128,
        partialFourier: 1,
        nex: 1,
      },
    ]),
    estimatedDurationMin: 25,
    competencies: ['contrast-agents', 'clinical-protocols'],
    objectives: [
      {
        kind: 'contrastOrder',
        id: 'aorta-bright',
        title: 'The aorta brighter than the liver',
        points: 2,
        brighter: 'blood',
        darker: 'liver',
        feedbackFail:
          'Unenhanced blood is darker than liver on a T1-weighted gradient echo (T1 about 1.4 s against 0.6 s at 1.5 T): the bolus was not in the aorta when the scan read the centre of k-space.',
      },
      {
        kind: 'signalRatioMin',
        id: 'arterial-peak',
        title: 'The k-space centre on the arterial peak',
        points: 3,
        tissue: 'blood',
        otherTissue: 'fat',
        minRatio: ARTERIAL_SIGNAL_RATIO,
        mustPass: true,
        feedbackFail:
          'The image takes its contrast from the centre of k-space, not from the start of the scan: scan delay = the test bolus’s time to peak − the time from the scan’s start to its k-space centre (half of this linear-order scan).',
      },
      { kind: 'scanTimeMax', id: 'time', title: 'Within a 20 s breath-hold', points: 1, maxSeconds: 20 },
      { kind: 'inPlaneResolutionMax', id: 'pixels', title: 'Pixels of 3 mm or less', points: 1, maxMm: 3 },
      { kind: 'sliceThicknessMax', id: 'slices', title: 'Slices of 6 mm or less', points: 1, maxMm: 6 },
    ],
    instructions: `## Clinical scene
A patient with cirrhosis is screened for hepatocellular carcinoma, which shows itself in the **arterial phase**:
it enhances while the liver around it, fed mostly by the portal vein, has not yet. The gadolinium is injected in
an arm vein; your breath-hold T1 gradient echo must catch the bolus in the aorta.

## Goal
Time the scan so that the aorta is at its brightest: brighter than the liver, and far brighter than the fat
under the skin, which hardly takes up gadolinium. One 20 s breath-hold, with pixels of 3 mm or less and slices of
6 mm or less (small tumours must not fall between them).

## Background
Gadolinium shortens T1 (1/T1' = 1/T1 + r1 · C), so enhancing blood brightens a T1-weighted gradient echo. After
the injection the bolus reaches the aorta after about 8 s and passes within seconds. The image's contrast comes
from the **centre of k-space**: with linear phase order it is read halfway through the scan. So

scan delay = time to peak − time from the scan's start to its k-space centre.

## Steps
1. Scan the starting *Spoiled gradient echo* without an injection: blood is darker than the liver.
2. Open **Tools → Timing Bolus Injection**, run the test bolus and read the aortic time to peak.
3. Read the scan time on the console (TR × phase lines) and work out when the scan reads its k-space centre.
4. Enter that time, set the scan delay, **Use for the next scan**, and scan.

## What to look for
- The aorta and the kidneys' cortex bright, the liver only a little brighter than before. What does a scan
  started at the time to peak show, and why?${learnMore(['contrast-enhancement', 'gradient-echo', 'signal-and-speed'])}`,
  },
  // Test-bolus peak 18.5 s (tissue/bolus.ts, 0.5 mmol/ml × 15 ml); k-space centre 64.5 · 150 ms = 9.7 s in.
  reference: { sequenceType: SEQ.spoiledGre, parameters: {}, configuration: { contrast_scan_delay: 9 } },
  wrongPlan: {
    mistake: 'the scan started at the time to peak (the k-space centre 10 s after it)',
    parameters: {},
    configuration: { contrast_scan_delay: 18 },
    fails: 'arterial-peak',
  },
};

export const CLINICAL_FAT_AND_CONTRAST: SeedCourse[] = [
  {
    title: 'Fat suppression compared',
    description: 'STIR, spectral fat saturation and Dixon: how each darkens fat, and when each fails.',
    modules: [stir, fatSat, dixon],
  },
  {
    title: 'Contrast agents',
    description:
      'Gadolinium, T1 shortening and enhancement, the fat suppression that goes with it, and bolus timing.',
    modules: [tumour, kneeContrast, arterialPhase],
  },
];
