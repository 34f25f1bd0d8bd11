/// <reference types="vite/client" />
/**
 * Test fixtures (tests only): the .seq files in packages/mri/test-data/pulseq and the MATLAB Pulseq waveform
 * dumps of read-comparison/, loaded by Vite when Vitest collects the tests, so @larmor/mri needs no file I/O.
 */

/** One channel of a dump block: times [s] and amplitudes (T/m for gradients, T for RF, Hz for df). */
export interface DumpChannel {
  t: number[];
  A?: number[];
  A_re?: number[];
  A_im?: number[];
}

/** A MATLAB Pulseq dump: one entry per block that has at least one event (read-comparison/*.json). */
export interface WaveformDump {
  blocks: Partial<Record<'rf' | 'df' | 'gx' | 'gy' | 'gz' | 'adc', DumpChannel>>[];
}

const seqModules = import.meta.glob<string>('../../../test-data/pulseq/**/*.seq', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const dumpModules = import.meta.glob<WaveformDump>('../../../test-data/pulseq/read-comparison/*.json', {
  import: 'default',
  eager: true,
});

const relative = (path: string): string => path.replace(/^.*test-data\/pulseq\//, '');

/** Every .seq fixture by its path under test-data/pulseq (e.g. `read-comparison/v15_epi.seq`). */
export const SEQ_FILES: ReadonlyMap<string, string> = new Map(
  Object.entries(seqModules).map(([path, text]) => [relative(path), text]),
);

/** Every MATLAB dump by the path of the .seq file it was made from. */
export const WAVEFORM_DUMPS: ReadonlyMap<string, WaveformDump> = new Map(
  Object.entries(dumpModules).map(([path, dump]) => [relative(path).replace(/\.json$/, '.seq'), dump]),
);

/** The text of one fixture, or an error naming it. */
export function seqFixture(name: string): string {
  const text = SEQ_FILES.get(name);
  if (text === undefined) throw new Error(`no fixture ${name}`);
  return text;
}

/** A minimal Pulseq 1.5.1 file around the given sections (no signature). */
export function seq15(body: string, definitions = ''): string {
  return [
    '[VERSION]',
    'major 1',
    'minor 5',
    'revision 1',
    '',
    '[DEFINITIONS]',
    'AdcRasterTime 1e-07',
    'BlockDurationRaster 1e-05',
    'GradientRasterTime 1e-05',
    'RadiofrequencyRasterTime 1e-06',
    definitions,
    '',
    body,
  ].join('\n');
}
