import type { Seconds } from '../../units.ts';
import type { SequenceBlock, SequenceTimeline } from '../timeline.ts';
import { BUILD_RASTER, ceilToRaster } from './raster.ts';

/** A block before its duration is known. */
export type BlockEvents = Omit<SequenceBlock, 'duration'>;

/** End [s from block start] of the last event of a block (RF to the end of its last raster step). */
export function eventsEnd(b: BlockEvents): Seconds {
  let end = 0;
  if (b.rf) {
    const n = b.rf.times.length;
    const last = b.rf.times[n - 1] ?? 0;
    const step = n > 1 ? last - (b.rf.times[n - 2] ?? 0) : 2 * last;
    end = Math.max(end, b.rf.delay + last + step / 2);
  }
  for (const g of [b.gx, b.gy, b.gz]) if (g) end = Math.max(end, g.times[g.times.length - 1] ?? 0);
  if (b.adc) end = Math.max(end, b.adc.delay + b.adc.numSamples * b.adc.dwell);
  return end;
}

/** Collects blocks in order; each lasts until its last event ends (rounded up to the block raster) or longer. */
export class TimelineBuilder {
  readonly raster: SequenceTimeline['raster'];
  readonly #blocks: SequenceBlock[] = [];
  #time = 0;

  constructor(raster: SequenceTimeline['raster'] = BUILD_RASTER) {
    this.raster = raster;
  }

  /** Time [s] from the start of the timeline to the end of the last block. */
  get time(): Seconds {
    return this.#time;
  }

  /** Appends a block lasting at least `minDuration` [s]; returns its start time [s]. */
  add(events: BlockEvents, minDuration: Seconds = 0): Seconds {
    const duration = ceilToRaster(Math.max(eventsEnd(events), minDuration), this.raster.block);
    const start = this.#time;
    this.#blocks.push({ ...events, duration });
    this.#time += duration;
    return start;
  }

  /** Appends an empty block of `duration` [s] (rounded up to the block raster); zero or less adds nothing. */
  delay(duration: Seconds): void {
    if (duration > 1e-9) this.add({}, duration);
  }

  build(definitions: Record<string, string> = {}): SequenceTimeline {
    return { raster: this.raster, blocks: [...this.#blocks], definitions };
  }
}
