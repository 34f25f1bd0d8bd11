import { describe, expect, it } from 'vitest';
import { simulateBloch } from '../../simulate/bloch/engine.ts';
import { oneSpin } from '../../simulate/bloch/probe.testing.ts';
import { createWasmKernels } from '../../simulate/bloch/wasmKernels.ts';
import type { TissueAtField } from '../../tissue/types.ts';
import type { Protocol } from '../protocol.ts';
import { tissueSignal } from '../signal.ts';
import { buildTimeline } from './index.ts';

import { smallProtocol } from './protocols.testing.ts';
import { GRADIENT_LIMITED_SCANNER as scanner } from '../../scanner.testing.ts';

const base: Protocol = smallProtocol();

/** A water-like tissue; T2* = T2 (one isochromat per voxel, no static dephasing). */
function tissue(t1: number, t2: number, pd = 0.8): TissueAtField {
  return {
    key: 'test',
    pd,
    t1,
    t2,
    t2star: t2,
    chemicalShiftPpm: 0,
    susceptibilityPpm: 0,
    adc: 0,
    offResonanceHz: 0,
  };
}

/** Bloch: centre sample (k = 0) of the centre line for one isochromat of the tissue at the isocentre. */
function blochEcho(p: Protocol, t: TissueAtField, dummyScans?: number): number {
  const timeline = buildTimeline(p, scanner, dummyScans === undefined ? {} : { dummyScans });
  const spins = oneSpin({ rho: t.pd, t1: t.t1, t2: t.t2 });
  const s = simulateBloch({ timeline, spins }, { kernels: createWasmKernels }).coils[0];
  const i = (p.matrixPhase / 2) * p.matrixRead + p.matrixRead / 2;
  return Math.hypot(s?.re[i] ?? 0, s?.im[i] ?? 0);
}

/** The fast engine's weight of the tissue (per unit PD, so times pd). */
const fastEcho = (p: Protocol, t: TissueAtField): number => {
  const s = tissueSignal(p, t, scanner);
  return t.pd * Math.hypot(s.re, s.im);
};

/**
 * The Bloch engine on our protocol timelines against the fast engine's per-tissue signal model (tissueSignal,
 * sequence/signal.ts) for the same protocol: within 3 %, the effect of relaxation during the 2 ms sinc pulses
 * and of the echo time falling on the 10 µs block raster.
 */
describe('Bloch and fast engine agree on the same protocol (3 %)', () => {
  const cases: [string, Partial<Protocol>, TissueAtField, number?][] = [
    ['SE, white matter', { repetitionTime: 0.5, echoTime: 0.02 }, tissue(0.6, 0.08)],
    [
      'SE, CSF-like (TR ≫ T2: the isocentre spin is not spoiled)',
      { repetitionTime: 8, echoTime: 0.1 },
      tissue(3, 1.5, 1),
    ],
    ['IR', { family: 'IR', inversionTime: 0.35, repetitionTime: 2, echoTime: 0.02 }, tissue(0.9, 0.1)],
    ['FLAIR', { family: 'FLAIR', inversionTime: 1.5, repetitionTime: 6, echoTime: 0.02 }, tissue(1.2, 0.1)],
    [
      'spoiled GRE (T2 ≪ TR)',
      { family: 'GRE', repetitionTime: 0.05, echoTime: 0.005, flipAngle: Math.PI / 6 },
      tissue(0.4, 0.005),
    ],
    [
      'bSSFP',
      { family: 'bSSFP', repetitionTime: 0.012, echoTime: 0.006, flipAngle: Math.PI / 3 },
      tissue(0.8, 0.08),
      300,
    ],
  ];
  for (const [name, overrides, t, dummies] of cases) {
    it(name, () => {
      const p = { ...base, ...overrides };
      const expected = fastEcho(p, t);
      expect(expected).toBeGreaterThan(0.01);
      expect(Math.abs(blochEcho(p, t, dummies) / expected - 1)).toBeLessThan(0.03);
    });
  }
});
