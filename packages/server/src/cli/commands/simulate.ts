import { readFile, writeFile } from 'node:fs/promises';
import { readSeq } from '@larmor/mri/io/pulseq/index';
import { BlochWorkerPool } from '../../bloch/pool.ts';
import { spinsFromPhantom } from '../../bloch/phantomFile.ts';
import { parseFlags, requireFlag, UsageError, type CliCommand } from '../command.ts';

/**
 * `larmor simulate --seq FILE.seq --phantom SPINS.json --out SIGNAL.json [--threads N]`: runs a Pulseq file
 * on a spin list with the Bloch engine. SIGNAL.json is {times_ms, re, im}: per ADC sample, the sum of M⊥ over
 * the spins divided by their number (a phase-0 excitation leaves M⊥ = i·M0; docs/conventions.md).
 */
export const simulateCommand: CliCommand = {
  name: 'simulate',
  summary:
    'simulate --seq FILE.seq --phantom SPINS.json --out SIGNAL.json [--threads N]   Bloch-simulate a Pulseq file',
  async run(args) {
    const { flags } = parseFlags(args);
    const seqPath = requireFlag(flags, 'seq');
    const phantomPath = requireFlag(flags, 'phantom');
    const outPath = requireFlag(flags, 'out');
    const threadsFlag = flags.get('threads');
    const threads = threadsFlag === undefined ? undefined : Number(threadsFlag);
    if (threads !== undefined && !(Number.isInteger(threads) && threads >= 1))
      throw new UsageError('--threads must be a positive integer');
    const sequence = readSeq(await readFile(seqPath, 'utf8'));
    for (const w of sequence.warnings) console.error(`warning: ${w}`);
    const { spins, count } = spinsFromPhantom(JSON.parse(await readFile(phantomPath, 'utf8')));
    const pool = new BlochWorkerPool(threads);
    try {
      const signal = await pool.simulate({ timeline: sequence, spins });
      const coil = signal.coils[0];
      const scale = count > 0 ? 1 / count : 0;
      const out = {
        times_ms: Array.from(signal.times, (t) => t * 1000),
        re: Array.from(coil?.re ?? [], (v) => v * scale),
        im: Array.from(coil?.im ?? [], (v) => v * scale),
      };
      await writeFile(outPath, JSON.stringify(out));
      console.log(`simulate: ${count} spins, ${out.times_ms.length} ADC samples -> ${outPath}`);
    } finally {
      await pool.close();
    }
    return 0;
  },
};
