import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeSeq } from '@larmor/mri/io';
import { hardPulse, TimelineBuilder } from '@larmor/mri/sequence';
import { simulateCommand } from './simulate.ts';

describe('larmor simulate', () => {
  let dir = '';
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes {times_ms, re, im}: the mean M⊥ per ADC sample, i·M0·e^(−t/T2) after a phase-0 90° pulse (1e-4)', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'larmor-simulate-'));
    const b = new TimelineBuilder();
    b.add({ rf: hardPulse(Math.PI / 2, 2e-5, 1e-6) });
    b.add({ adc: { numSamples: 8, dwell: 1e-4, delay: 0, freqOffset: 0, phaseOffset: 0 } });
    const seq = path.join(dir, 'fid.seq');
    const phantom = path.join(dir, 'spins.json');
    const out = path.join(dir, 'signal.json');
    await writeFile(seq, writeSeq(b.build()));
    await writeFile(
      phantom,
      JSON.stringify({ x: [0, 0.01], y: [0, 0], z: [0, 0], rho: [1, 1], T1: [1, null], T2: [0.01, null] }),
    );
    const code = await simulateCommand.run([
      '--seq',
      seq,
      '--phantom',
      phantom,
      '--out',
      out,
      '--threads',
      '1',
    ]);
    expect(code).toBe(0);
    const signal = JSON.parse(await readFile(out, 'utf8')) as {
      times_ms: number[];
      re: number[];
      im: number[];
    };
    expect(signal.times_ms).toHaveLength(8);
    signal.times_ms.forEach((tMs, n) => {
      expect(tMs).toBeCloseTo(0.02 + (n + 0.5) * 0.1, 9);
      const sinceCentre = (tMs - 0.01) / 1000;
      const expected = (Math.exp(-sinceCentre / 0.01) + 1) / 2;
      expect(Math.abs((signal.im[n] ?? 0) - expected)).toBeLessThan(1e-4);
      expect(Math.abs(signal.re[n] ?? 0)).toBeLessThan(1e-4);
    });
  });

  it('rejects a bad --threads value with a usage error', async () => {
    await expect(
      simulateCommand.run(['--seq', 'a', '--phantom', 'b', '--out', 'c', '--threads', '0']),
    ).rejects.toThrow('--threads must be a positive integer');
  });
});
