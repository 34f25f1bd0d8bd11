import type { SequenceTimeline } from '../../sequence/timeline.ts';
import { PULSEQ_WRITE_VERSION } from './write.ts';

/** What `larmor pulseq-info` reports about a sequence. */
export interface PulseqSummary {
  /** Pulseq format version of the file ("1.5.1"); for a timeline not read from a file, the version we write. */
  version: string;
  blocks: number;
  /** Sum of the block durations [s], rounded to 1 ns. */
  duration: number;
  /** ADC samples over the whole sequence. */
  adcSamples: number;
}

export function pulseqSummary(seq: SequenceTimeline & { version?: string }): PulseqSummary {
  let duration = 0;
  let adcSamples = 0;
  for (const block of seq.blocks) {
    duration += block.duration;
    adcSamples += block.adc?.numSamples ?? 0;
  }
  return {
    version: seq.version ?? PULSEQ_WRITE_VERSION,
    blocks: seq.blocks.length,
    duration: Math.round(duration * 1e9) / 1e9,
    adcSamples,
  };
}
