import type { SequenceBlock } from '../../sequence/timeline.ts';
import { planBlock, type Step } from './plan.ts';

/**
 * The Bloch engine's compiled blocks (engine.ts): a block's steps merged into operations, shared between blocks
 * that share their events, and the memo and fingerprint its caches use.
 */

/**
 * Free precession over merged steps [dt s, k 1/m], optionally ending with the ADC sample `sample`; it spans
 * [t0, t0 + dt] [s from the block's start].
 */
export interface FreeOp {
  kind: 'free';
  t0: number;
  dt: number;
  kx: number;
  ky: number;
  kz: number;
  sample: number;
}
export interface RfOp {
  kind: 'rf';
  steps: Step[];
  /** Start of each step [s from the block's start]. */
  starts: number[];
  /** Cache key of the window (fingerprint), computed on first use. */
  key?: string;
}
export type Op = FreeOp | RfOp;

/** Merges a block's steps: RF windows, and free precession between ADC samples. */
function compileSteps(steps: readonly Step[]): Op[] {
  const ops: Op[] = [];
  let free: FreeOp | undefined;
  let rf: RfOp | undefined;
  let t = 0;
  for (const s of steps) {
    const t0 = t;
    t += s.dt;
    if (s.rf) {
      if (free) ops.push(free);
      free = undefined;
      if (!rf) ops.push((rf = { kind: 'rf', steps: [], starts: [] }));
      rf.steps.push(s);
      rf.starts.push(t0);
      if (s.sample >= 0) {
        ops.push({ kind: 'free', t0: t, dt: 0, kx: 0, ky: 0, kz: 0, sample: s.sample });
        rf = undefined;
      }
      continue;
    }
    rf = undefined;
    free ??= { kind: 'free', t0, dt: 0, kx: 0, ky: 0, kz: 0, sample: -1 };
    free.dt += s.dt;
    free.kx += s.kx;
    free.ky += s.ky;
    free.kz += s.kz;
    if (s.sample >= 0) {
      free.sample = s.sample;
      ops.push(free);
      free = undefined;
    }
  }
  if (free) ops.push(free);
  return ops;
}

/** Relative tolerance under which two dwells count as the same readout step. */
const SAME_DWELL_TOLERANCE = 1e-9;
const same = (a: number, b: number): boolean =>
  Math.abs(a - b) <= SAME_DWELL_TOLERANCE * Math.max(Math.abs(a), Math.abs(b), 1e-300);
export const sameDwell = (a: FreeOp, b: FreeOp): boolean =>
  same(a.dt, b.dt) && same(a.kx, b.kx) && same(a.ky, b.ky) && same(a.kz, b.kz);

/** A bounded memo (cleared when full). */
export class Memo<V> {
  readonly #map = new Map<string, V>();
  readonly #limit: number;
  constructor(limit: number) {
    this.#limit = limit;
  }
  get(key: string, make: () => V): V {
    let v = this.#map.get(key);
    if (v === undefined) {
      if (this.#map.size >= this.#limit) this.#map.clear();
      v = make();
      this.#map.set(key, v);
    }
    return v;
  }
  has(key: string): boolean {
    return this.#map.has(key);
  }
}

/**
 * Compiles blocks into operations with ADC sample indices local to the block. Blocks that share their event
 * objects (a protocol's repeated pulses and gradients) share the compiled operations within one simulation;
 * the RF phase offset is applied outside, so it is not part of the key.
 */
export function blockCompiler(): (block: SequenceBlock) => { ops: Op[]; rfPhaseOffset: number } {
  const ids = new WeakMap<object, number>();
  let nextId = 1;
  const idOf = (o: object | undefined): number => {
    if (!o) return 0;
    let id = ids.get(o);
    if (id === undefined) ids.set(o, (id = nextId++));
    return id;
  };
  const compiled = new Memo<Op[]>(4096);
  return (block) => {
    const rf = block.rf;
    const rfKey = rf
      ? `${idOf(rf.amplitude)},${idOf(rf.phase)},${idOf(rf.times)},${rf.delay},${rf.freqOffset}`
      : '';
    const adc = block.adc;
    const adcKey = adc ? `${adc.numSamples},${adc.dwell},${adc.delay}` : '';
    const key = `${rfKey}|${idOf(block.gx)}|${idOf(block.gy)}|${idOf(block.gz)}|${adcKey}|${block.duration}`;
    const ops = compiled.get(key, () => compileSteps(planBlock(block, 0).steps));
    return { ops, rfPhaseOffset: rf?.phaseOffset ?? 0 };
  };
}

/** FNV-1a hash of the numbers of an RF window (its steps), as a cache key. */
export function fingerprint(steps: readonly Step[]): string {
  const values = new Float64Array(steps.length * 6);
  steps.forEach((s, i) => values.set([s.dt, s.b1re, s.b1im, s.kx, s.ky, s.kz], i * 6));
  const words = new Uint32Array(values.buffer);
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < words.length; i++) {
    h1 = Math.imul(h1 ^ (words[i] ?? 0), 0x01000193);
    h2 = Math.imul(h2 ^ (words[i] ?? 0), 0x5bd1e995) ^ (h2 >>> 15);
  }
  return `${steps.length}:${h1 >>> 0}:${h2 >>> 0}`;
}
