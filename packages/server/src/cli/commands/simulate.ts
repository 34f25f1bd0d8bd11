import { readFile, writeFile } from 'node:fs/promises';
import { readSeq } from '@larmor/mri/io';
import { z } from 'zod';
import { spinsFromPhantom } from '../../bloch/phantomFile.ts';
import { createThreadQueue } from '../../jobs/threadQueue.ts';
import { parseFlags, validateFlags, type CliCommand } from '../command.ts';

const FLAGS = { seq: 'string', phantom: 'string', out: 'string', threads: 'string' } as const;
const flagsSchema = z.object({
  seq: z.string().min(1),
  phantom: z.string().min(1),
  out: z.string().min(1),
  threads: z
    .string()
    .regex(/^[1-9][0-9]*$/, 'must be a positive integer')
    .transform(Number)
    .optional(),
});

/**
 * `larmor simulate --seq FILE.seq --phantom SPINS.json --out SIGNAL.json [--threads N]`: runs a Pulseq file
 * on a spin list with the Bloch engine. SIGNAL.json is {times_ms, re, im}: per ADC sample, the sum of M⊥ over
 * the spins divided by their number (a phase-0 excitation leaves M⊥ = i·M0; docs/conventions.md). The spins are
 * split into chunks that the scan queue's threads simulate (jobs/threadQueue.ts, one per core or --threads).
 */
export const simulateCommand: CliCommand = {
  name: 'simulate',
  summary:
    'simulate --seq FILE.seq --phantom SPINS.json --out SIGNAL.json [--threads N]   Bloch-simulate a Pulseq file',
  async run(args) {
    const {
      seq: seqPath,
      phantom: phantomPath,
      out: outPath,
      threads,
    } = validateFlags(parseFlags(args, FLAGS).flags, flagsSchema);
    const sequence = readSeq(await readFile(seqPath, 'utf8'));
    for (const w of sequence.warnings) console.error(`warning: ${w}`);
    const { spins, count } = spinsFromPhantom(JSON.parse(await readFile(phantomPath, 'utf8')));
    const queue = createThreadQueue(threads === undefined ? {} : { threads });
    try {
      const signal = await queue.simulateBloch({ timeline: sequence, spins });
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
      await queue.close();
    }
    return 0;
  },
};
