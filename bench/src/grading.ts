/**
 * Automatic grading figure (issue 14): `grading.check.se20.ms`, the median time to grade a 20-slice 256×256 SE of
 * the brain (the fast suite's reference scan) against a module's worth of objectives — protocol checks, weighting,
 * coverage, SNR, contrast order, wrap-around, chemical shift, motion — including the labels resampled on every
 * image grid. The images are simulated once beforehand (not timed). Goal: ≤ 500 ms.
 */
import { simulateSnapshot, type ScanSnapshot } from '@larmor/mri/simulate';
import { gradeSubmission, type Objective } from '@larmor/mri/grade';
import { createModelStore } from '@larmor/server/anatomy/modelStore';
import { REFERENCE_SCANNER, referenceProtocol } from './reference-scan.ts';
import type { BenchSuite } from './suite.ts';

const BRAIN_MODEL_ID = 1;
const REPEATS = 5;

const SNAPSHOT: ScanSnapshot = {
  engine: 'cpusim',
  model: { id: BRAIN_MODEL_ID },
  protocol: referenceProtocol(20),
  scanner: REFERENCE_SCANNER,
  simulation: { noiseLevel: 1, receive: 'array' },
  tissueOverrides: {},
  seed: 1,
};

/** A module's worth of objectives: every kind that reads the images or the labels, and the protocol ones. */
const OBJECTIVES: Objective[] = [
  { kind: 'sequenceFamily', id: 'family', points: 1, families: ['SE', 'TSE'] },
  { kind: 'weighting', id: 'weighting', points: 2, weighting: 'T1' },
  { kind: 'orientation', id: 'orientation', points: 1, orientation: 'axial' },
  { kind: 'phaseDirection', id: 'phase', points: 1, direction: 'AP' },
  { kind: 'scanTimeMax', id: 'time', points: 1, maxSeconds: 240 },
  { kind: 'inPlaneResolutionMax', id: 'pixel', points: 1, maxMm: 1 },
  { kind: 'sliceThicknessMax', id: 'thickness', points: 1, maxMm: 5 },
  { kind: 'coverage', id: 'coverage', points: 2, tissue: 'whiteMatter', minFraction: 0.5 },
  { kind: 'snrMin', id: 'snr', points: 2, tissue: 'whiteMatter', minSnr: 20 },
  { kind: 'contrastOrder', id: 'contrast', points: 2, brighter: 'whiteMatter', darker: 'csf' },
  { kind: 'noWrap', id: 'wrap', points: 2 },
  { kind: 'chemicalShiftMax', id: 'shift', points: 1, maxPixels: 2 },
  { kind: 'noMotion', id: 'motion', points: 1 },
];

export const gradingSuite: BenchSuite = {
  name: 'grading',
  async run() {
    const model = createModelStore().get(BRAIN_MODEL_ID);
    const images = simulateSnapshot(SNAPSHOT, model).slices;
    const series = { snapshot: SNAPSHOT, model, images };
    const times: number[] = [];
    const cpuTimes: number[] = [];
    for (let i = 0; i < REPEATS + 1; i++) {
      const t0 = performance.now();
      const cpu0 = process.cpuUsage();
      gradeSubmission(OBJECTIVES, [series]);
      const cpu = process.cpuUsage(cpu0);
      if (i === 0) continue; // warm-up
      times.push(performance.now() - t0);
      cpuTimes.push((cpu.user + cpu.system) / 1000);
    }
    const median = (v: number[]): number => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? NaN;
    // Wall time, and this process's CPU time (what the grading costs when the machine is shared).
    return { 'check.se20.ms': median(times), 'check.se20.cpu.ms': median(cpuTimes) };
  },
};
