import { readFile } from 'node:fs/promises';
import { PulseqParseError, pulseqSummary, readSeq } from '@larmor/mri/io';
import { parseFlags, UsageError, type CliCommand } from '../command.ts';

/**
 * `larmor pulseq-info FILE.seq [--json]`: version, block count, total duration [s] and ADC sample count of a
 * Pulseq file. With --json, stdout holds only {"version","blocks","duration","adcSamples"}. A file that cannot
 * be read or parsed gives one line on stderr (naming the line of the file) and exit code 1; signature
 * mismatches and other warnings go to stderr without failing.
 */
export const pulseqInfoCommand: CliCommand = {
  name: 'pulseq-info',
  summary: 'pulseq-info FILE.seq [--json]   version, blocks, duration [s] and ADC samples of a Pulseq file',
  async run(args) {
    const { flags, positional } = parseFlags(args, { json: 'boolean' }, { maxPositionals: Infinity });
    const [file, ...extra] = positional;
    if (file === undefined || extra.length > 0) throw new UsageError('expects exactly one FILE.seq');

    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      const reason = error instanceof Error && 'code' in error ? String(error.code) : String(error);
      console.error(`larmor pulseq-info: cannot read ${file} (${reason})`);
      return 1;
    }
    let summary;
    try {
      const sequence = readSeq(text);
      for (const warning of sequence.warnings)
        console.error(`larmor pulseq-info: ${file}: warning: ${warning}`);
      summary = pulseqSummary(sequence);
    } catch (error) {
      if (!(error instanceof PulseqParseError)) throw error;
      console.error(`larmor pulseq-info: ${file}: ${error.message}`);
      return 1;
    }
    if (flags.has('json')) {
      console.log(JSON.stringify(summary));
    } else {
      console.log(
        [
          file,
          `  version      ${summary.version}`,
          `  blocks       ${summary.blocks}`,
          `  duration     ${summary.duration} s`,
          `  ADC samples  ${summary.adcSamples}`,
        ].join('\n'),
      );
    }
    return 0;
  },
};
