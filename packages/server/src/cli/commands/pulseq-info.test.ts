import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { pulseqInfoCommand } from './pulseq-info.ts';

const fixture = (name: string): string =>
  fileURLToPath(new URL(`../../../../mri/test-data/pulseq/${name}`, import.meta.url));

/** Runs the command, capturing what it prints on stdout and stderr. */
async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void out.push(parts.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => void err.push(parts.join(' ')));
  const code = await pulseqInfoCommand.run(args);
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

describe('larmor pulseq-info', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'larmor-pulseq-info-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  afterEach(() => vi.restoreAllMocks());

  it('with --json prints only {version, blocks, duration, adcSamples} on stdout', async () => {
    const { code, stdout, stderr } = await run([fixture('pypulseq_write_epi.seq'), '--json']);
    expect(code).toBe(0);
    // 390 blocks lasting the 0.15405 s the file declares; 192 readouts of 64 samples.
    expect(JSON.parse(stdout)).toEqual({
      version: '1.5.0',
      blocks: 390,
      duration: 0.15405,
      adcSamples: 12288,
    });
    expect(stderr).toBe('');
  });

  it('accepts --json before the file', async () => {
    const { code, stdout } = await run(['--json', fixture('read-comparison/v15_rf-pulse.seq')]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ version: '1.5.1', blocks: 3, duration: 0.03, adcSamples: 0 });
  });

  it('prints version, blocks, duration in seconds and ADC samples for people', async () => {
    const { code, stdout } = await run([fixture('koma_gre_JEMRIS_v121.seq')]);
    expect(code).toBe(0);
    expect(stdout).toContain('version      1.2.1');
    expect(stdout).toContain('blocks       192');
    expect(stdout).toContain('duration     1.6 s');
    expect(stdout).toContain('ADC samples  1024');
  });

  it('reports a signature mismatch on stderr without failing', async () => {
    const { code, stdout, stderr } = await run([fixture('read-comparison/v15_gr-time-shaped.seq'), '--json']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ blocks: 1, duration: 0.00018 });
    expect(stderr).toMatch(/warning: signature mismatch/);
  });

  it('exits non-zero with the line of the problem on stderr for a broken file', async () => {
    const broken = path.join(dir, 'broken.seq');
    await writeFile(
      broken,
      '[VERSION]\nmajor 1\nminor 3\nrevision 1\n\n[BLOCKS]\n1 0 0 0 0 0 0 0\n\n[TRAP]\n1 10 20\n',
    );
    const { code, stdout, stderr } = await run([broken, '--json']);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(`larmor pulseq-info: ${broken}: line 10: [TRAP] entry needs 6 numbers, got 3`);
  });

  it('exits non-zero for a file that does not exist', async () => {
    const { code, stderr } = await run([path.join(dir, 'missing.seq')]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/cannot read .*missing\.seq \(ENOENT\)/);
  });

  it('rejects a call without exactly one file as a usage error', async () => {
    await expect(pulseqInfoCommand.run([])).rejects.toThrow('expects exactly one FILE.seq');
    await expect(pulseqInfoCommand.run(['a.seq', '--verbose'])).rejects.toThrow('unknown flag --verbose');
  });
});
