/**
 * The knowledge base's figures, each rendered by the engine at build time (engine-figures.ts) and served at
 * `/figures/kb/<name>.png`. An article shows one with `![what it shows](/figures/kb/<name>.png)`; a test checks
 * that every figure an article names is listed here.
 */
import type { FigureSpec } from './render-figure.ts';

const MS = 1e-3;
const MM = 1e-3;
const DEG = Math.PI / 180;
/** The axial slice through the tumour of the brain's 'tumor' condition (28 mm above the isocentre). */
const TUMOUR_SLICE = { orientation: 'axial', center: [0, 0, 28 * MM] } as const;
/** The T1-weighted spin echo of the contrast figures, which the SNR, resolution, 3 T and later figures vary. */
const SE_T1 = { repetitionTime: 500 * MS, echoTime: 15 * MS };
/** The SNR figures' T1 spin echo: small voxels (256², 2 mm) and a wide bandwidth (400 Hz/pixel). */
const SE_T1_LOW_SNR = {
  ...SE_T1,
  matrixRead: 256,
  matrixPhase: 256,
  sliceThickness: 2 * MM,
  bandwidthPerPixel: 400,
};
/** The knee's proton-density turbo spin echo. */
const KNEE_PD = { repetitionTime: 3000 * MS, echoTime: 30 * MS };
/** The knee's chemical-shift spin echo: a narrow bandwidth (50 Hz/pixel) widens the fat-water shift. */
const CHEMICAL_SHIFT_SE = { repetitionTime: 500 * MS, echoTime: 25 * MS, bandwidthPerPixel: 50 };
/** The abdomen's T1-weighted spoiled gradient echo, before and during the bolus. */
const ABDOMEN_GRE_T1 = { repetitionTime: 150 * MS, echoTime: 4.6 * MS, flipAngle: 70 * DEG };

export const KNOWLEDGE_BASE_FIGURES: readonly FigureSpec[] = [
  // Contrast and weighting: the same brain slice, three spin-echo weightings.
  {
    name: 'brain-se-t1',
    model: 'brain',
    family: 'SE',
    protocol: SE_T1,
  },
  {
    name: 'brain-se-pd',
    model: 'brain',
    family: 'SE',
    protocol: { repetitionTime: 3000 * MS, echoTime: 15 * MS },
  },
  {
    name: 'brain-se-t2',
    model: 'brain',
    family: 'SE',
    protocol: { repetitionTime: 4000 * MS, echoTime: 100 * MS },
  },
  // Sequence families.
  { name: 'brain-tse-t2', model: 'brain', family: 'TSE' },
  { name: 'brain-gre', model: 'brain', family: 'GRE' },
  { name: 'brain-bssfp', model: 'brain', family: 'bSSFP' },
  { name: 'brain-swi', model: 'brain', family: 'SWI' },
  { name: 'brain-flair', model: 'brain', family: 'FLAIR' },
  { name: 'brain-ir-t1', model: 'brain', family: 'IR' },
  { name: 'brain-epi', model: 'brain', family: 'GRE-EPI' },
  { name: 'brain-dwi', model: 'brain', family: 'DWI' },
  { name: 'knee-stir', model: 'knee', family: 'STIR' },
  {
    name: 'knee-tse-pd',
    model: 'knee',
    family: 'TSE',
    protocol: KNEE_PD,
  },
  {
    name: 'knee-tse-pd-fatsat',
    model: 'knee',
    family: 'TSE',
    protocol: { ...KNEE_PD, fatSaturation: true },
  },
  { name: 'knee-dixon', model: 'knee', family: 'Dixon' },
  // Artifacts.
  {
    name: 'knee-aliasing',
    model: 'knee',
    family: 'GRE',
    protocol: { fovRead: 100 * MM, fovPhase: 100 * MM, phaseOversampling: 0 },
  },
  {
    name: 'knee-chemical-shift',
    model: 'knee',
    family: 'SE',
    protocol: CHEMICAL_SHIFT_SE,
  },
  { name: 'brain-truncation', model: 'brain', family: 'SE', protocol: { matrixRead: 48, matrixPhase: 48 } },
  {
    name: 'brain-motion',
    model: 'brain',
    family: 'SE',
    motion: { kind: 'translation', amplitude: 4 * MM, frequency: 1, direction: [0, 1, 0] },
  },
  {
    name: 'brain-gre-long-te',
    model: 'brain',
    family: 'GRE',
    protocol: { echoTime: 30 * MS, flipAngle: 20 * DEG },
  },
  // Flip angle and the Ernst angle: spoiled gradient echo, TR 250 ms, small and large flip.
  {
    name: 'brain-gre-flip-10',
    model: 'brain',
    family: 'GRE',
    protocol: { repetitionTime: 250 * MS, flipAngle: 10 * DEG },
  },
  {
    name: 'brain-gre-flip-ernst',
    model: 'brain',
    family: 'GRE',
    protocol: { repetitionTime: 250 * MS, flipAngle: 46 * DEG },
  },
  // SNR: small voxels and a wide bandwidth against the T1 spin echo above (128², 5 mm, 200 Hz/pixel).
  {
    name: 'brain-se-t1-low-snr',
    model: 'brain',
    family: 'SE',
    protocol: SE_T1_LOW_SNR,
  },
  {
    name: 'brain-se-t1-low-snr-nex4',
    model: 'brain',
    family: 'SE',
    protocol: { ...SE_T1_LOW_SNR, nex: 4 },
  },
  // Resolution: the T1 spin echo at a coarse matrix.
  {
    name: 'brain-se-t1-matrix-64',
    model: 'brain',
    family: 'SE',
    protocol: { ...SE_T1, matrixRead: 64, matrixPhase: 64 },
  },
  // Field strength: the same protocols at 3 T.
  {
    name: 'brain-se-t1-3t',
    model: 'brain',
    family: 'SE',
    b0: 3,
    protocol: SE_T1,
  },
  {
    name: 'knee-chemical-shift-3t',
    model: 'knee',
    family: 'SE',
    b0: 3,
    protocol: CHEMICAL_SHIFT_SE,
  },
  // Safety and SAR: 3 T turbo spin echo with 120° refocusing (1.94 W/kg for 20 slices).
  {
    name: 'brain-tse-t2-3t-120',
    model: 'brain',
    family: 'TSE',
    b0: 3,
    protocol: { refocusingFlipAngle: 120 * DEG },
  },
  // Parallel imaging: every second phase line skipped is a half field of view along phase, folded.
  {
    name: 'brain-fold-r2',
    model: 'brain',
    family: 'SE',
    protocol: {
      ...SE_T1,
      fovPhase: 120 * MM,
      matrixPhase: 64,
      phaseOversampling: 0,
    },
  },
  // Planning: the localisers' planes.
  {
    name: 'brain-sagittal-localiser',
    model: 'brain',
    family: 'SE',
    protocol: { ...SE_T1, geometry: { orientation: 'sagittal', center: [0, 0, 0] } },
  },
  {
    name: 'knee-sagittal-pd',
    model: 'knee',
    family: 'TSE',
    protocol: { ...KNEE_PD, geometry: { orientation: 'sagittal', center: [0, 0, 0] } },
  },
  // Contrast enhancement: the brain with a tumour before and 5 min after 0.1 mmol/kg gadobutrol (8 ml of
  // 1 mmol/ml for 80 kg); the abdomen before and at the arterial peak of a bolus (timing-bolus tool).
  {
    name: 'brain-tumour-t1',
    model: 'brain',
    family: 'SE',
    brainCondition: 'tumor',
    protocol: { ...SE_T1, geometry: TUMOUR_SLICE },
  },
  {
    name: 'brain-tumour-t1-gd',
    model: 'brain',
    family: 'SE',
    brainCondition: 'tumor',
    protocol: { ...SE_T1, geometry: TUMOUR_SLICE },
    contrast: {
      kind: 'equilibrium',
      settings: { concentrationMmolPerMl: 1, volumeMl: 8, timeAfterContrast: 300 },
    },
  },
  {
    name: 'abdomen-gre-t1',
    model: 'abdomen',
    family: 'GRE',
    protocol: ABDOMEN_GRE_T1,
  },
  {
    name: 'abdomen-gre-t1-arterial',
    model: 'abdomen',
    family: 'GRE',
    protocol: ABDOMEN_GRE_T1,
    contrast: {
      kind: 'bolus',
      settings: { concentrationMmolPerMl: 1, volumeMl: 8, secondsAfterInjection: 18 },
    },
  },
  // Flow: pulsation at the heart rate (1 Hz) ghosts along phase, as pulsatile flow does.
  {
    name: 'abdomen-pulsation-ghosts',
    model: 'abdomen',
    family: 'SE',
    protocol: SE_T1,
    motion: { kind: 'translation', amplitude: 3 * MM, frequency: 1, direction: [0, 1, 0] },
  },
];
