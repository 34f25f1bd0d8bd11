/**
 * The knowledge base's figures, each rendered by the engine at build time (engine-figures.ts) and served at
 * `/figures/kb/<name>.png`. An article shows one with `![what it shows](/figures/kb/<name>.png)`; a test checks
 * that every figure an article names is listed here.
 */
import type { FigureSpec } from './render-figure.ts';

const MS = 1e-3;
const MM = 1e-3;
const DEG = Math.PI / 180;

export const KNOWLEDGE_BASE_FIGURES: readonly FigureSpec[] = [
  // Contrast and weighting: the same brain slice, three spin-echo weightings.
  {
    name: 'brain-se-t1',
    model: 'brain',
    family: 'SE',
    protocol: { repetitionTime: 500 * MS, echoTime: 15 * MS },
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
    protocol: { repetitionTime: 3000 * MS, echoTime: 30 * MS },
  },
  {
    name: 'knee-tse-pd-fatsat',
    model: 'knee',
    family: 'TSE',
    protocol: { repetitionTime: 3000 * MS, echoTime: 30 * MS, fatSaturation: true },
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
    protocol: { repetitionTime: 500 * MS, echoTime: 25 * MS, bandwidthPerPixel: 50 },
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
];
