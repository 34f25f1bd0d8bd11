import {
  advanceByClass,
  classPhasors,
  sumAndAdvanceByClass,
  sumAndAdvanceLed,
  sumOverClasses,
} from './collapsed.ts';
import {
  createJsKernels,
  RELAXATION_SLOTS,
  relaxationFactors,
  type BlochKernels,
  type KernelFactory,
} from './kernels.ts';
import { adcDemodulationPhase, adcSampleTimes, type Step } from './plan.ts';
import { blockCompiler, fingerprint, Memo, sameDwell, type FreeOp, type Op, type RfOp } from './compile.ts';
import { throwIfStopped, type StopCheck } from '../stop.ts';
import { freeMotionCycles, hasMotion, rfStepMotionCycles, type MovingBlock } from './motionPhase.ts';
import {
  applyRfMap,
  buildRfMap,
  classifySpins,
  gradientAxes,
  type LoadedClasses,
  type RfMap,
  type SpinClasses,
} from './rfmap.ts';
import {
  displacementAt,
  emptySignal,
  type BlochScan,
  type BlochSignal,
  type CoilSensitivity,
} from './scan.ts';

/** Gradient axes a step turns spins along: bit 0 x, bit 1 y, bit 2 z. */
const maskOf = (op: FreeOp): number => (op.kx !== 0 ? 1 : 0) | (op.ky !== 0 ? 2 : 0) | (op.kz !== 0 ? 4 : 0);

/** Options of the Bloch engine. */
export interface BlochEngineOptions {
  /** Kernels to run on (default: JavaScript; pass createWasmKernelFactory(bytes) for WebAssembly SIMD). */
  kernels?: KernelFactory;
  /** Checked every STOP_CHECK_BLOCKS blocks; the engine throws SimulationStoppedError once it answers true. */
  shouldStop?: StopCheck;
}

/**
 * Blocks between two stop checks: a block is at most a few milliseconds of a large spin chunk, so a stop lands
 * well within a second, and the check (a flag load) costs nothing beside the block's work.
 */
const STOP_CHECK_BLOCKS = 8;

/**
 * The Bloch engine of production scans: the same piecewise model as the reference (plan.ts), with closed-form precession over
 * whole gradient segments (one phasor per spin), readouts with a constant gradient as one complex multiply
 * per spin per sample (a per-spin phasor including T2 decay), RF windows as per-class affine maps when spins
 * share off-resonance histories or a pulse repeats, else exact rotation steps; relaxation as per-step factors.
 */
export function simulateBloch(scan: BlochScan, options: BlochEngineOptions = {}): BlochSignal {
  const { timeline, spins } = scan;
  const n = spins.count;
  const times = adcSampleTimes(timeline);
  let maxSamples = 1;
  for (const b of timeline.blocks) maxSamples = Math.max(maxSamples, b.adc?.numSamples ?? 0);
  const factory = options.kernels ?? createJsKernels;
  const k: BlochKernels = factory(n, maxSamples);
  const ws = k.ws;
  const cap = ws.capacity;
  ws.rho.set(spins.rho);
  ws.dw.set(spins.dw);
  ws.mx.set(spins.mx);
  ws.my.set(spins.my);
  ws.mz.set(spins.mz);
  const t1 = new Float32Array(cap).fill(Infinity);
  const t2 = new Float32Array(cap).fill(Infinity);
  t1.set(spins.t1);
  t2.set(spins.t2);
  const coils = scan.coils ?? [];
  const signal = emptySignal(times, Math.max(1, coils.length));

  const relaxation = new Memo<{ e1: Float32Array; e2: Float32Array }>(256);
  // The factors of the last few step durations stay in the kernels' relaxation slots (least recently used
  // replaced): a TR's few free intervals select them instead of copying two arrays of every spin in each time.
  const slotKeys: string[] = new Array<string>(RELAXATION_SLOTS).fill('');
  const slotUse = new Float64Array(RELAXATION_SLOTS);
  let uses = 0;
  let loadedRelaxation = '';
  /** Loads e2 = exp(−dt/T2) and e1 = exp(−dtLongitudinal/T1) [s] into the workspace. */
  const setRelaxation = (dt: number, dtLongitudinal = dt): void => {
    const key = `${Math.round(dt * 1e12)}|${Math.round(dtLongitudinal * 1e12)}`;
    if (key === loadedRelaxation) return;
    loadedRelaxation = key;
    let slot = slotKeys.indexOf(key);
    if (slot < 0) {
      slot = 0;
      for (let i = 1; i < RELAXATION_SLOTS; i++) if ((slotUse[i] ?? 0) < (slotUse[slot] ?? 0)) slot = i;
      k.selectRelaxation(slot);
      const f = relaxation.get(key, () => {
        const e1 = new Float32Array(cap);
        const e2 = new Float32Array(cap);
        relaxationFactors(dt, t1, t2, e1, e2, dtLongitudinal);
        return { e1, e2 };
      });
      ws.e1.set(f.e1);
      ws.e2.set(f.e2);
      slotKeys[slot] = key;
    } else k.selectRelaxation(slot);
    slotUse[slot] = ++uses;
  };
  const phasors = new Memo<{ zr: Float32Array; zi: Float32Array }>(32);
  const classes = new Memo<SpinClasses>(16);
  const rfMaps = new Memo<RfMap>(64);
  const seenPulses = new Set<string>();
  const loaded: LoadedClasses = {};
  /** (sx, sy) ← sensitivity·M⊥. */
  const weightByCoil = (coil: CoilSensitivity): void => {
    for (let i = 0; i < n; i++) {
      const wr = coil.re[i] as number;
      const wi = coil.im[i] as number;
      const a = ws.mx[i] as number;
      const b = ws.my[i] as number;
      ws.sx[i] = wr * a - wi * b;
      ws.sy[i] = wr * b + wi * a;
    }
  };

  // Free precession is merged across steps and blocks until an RF pulse, a sample or a motion step needs the
  // magnetisation: precession phases add and relaxation over dt1 then dt2 is relaxation over dt1 + dt2. A readout
  // leaves its longitudinal relaxation pending too (`longitudinal` [s]: its phasors carried the transverse decay),
  // so precession and both relaxations cost one pass over the spins (precessRelax).
  const compiledBlock = blockCompiler();
  const pending = { dt: 0, kx: 0, ky: 0, kz: 0, longitudinal: 0 };
  /** Applies what is pending; before samples (`forSamples`), a pending longitudinal relaxation alone can wait. */
  const flush = (forSamples = false): void => {
    const { dt, kx, ky, kz, longitudinal } = pending;
    if (dt === 0 && kx === 0 && ky === 0 && kz === 0 && (forSamples || longitudinal === 0)) return;
    setRelaxation(dt, dt + longitudinal);
    k.precessRelax(kx, ky, kz, dt / (2 * Math.PI));
    pending.dt = pending.kx = pending.ky = pending.kz = pending.longitudinal = 0;
  };

  // Rigid motion within a block adds one phase to every spin (motionPhase.ts), kept as a frame phase [cycles]:
  // the true M⊥ is the stored M⊥·exp(−i·2π·frame). RF sees the frame as a phase offset, samples are turned back.
  let frame = 0;
  let moving: MovingBlock | undefined;
  let blockStart = 0;
  let firstSample = 0;
  let shift = '';
  let blockIndex = 0;
  for (const block of timeline.blocks) {
    if (blockIndex++ % STOP_CHECK_BLOCKS === 0) throwIfStopped(options.shouldStop);
    const [ox, oy, oz] = displacementAt(scan.motion, blockStart);
    const newShift = `${ox},${oy},${oz}`;
    if (newShift !== shift) {
      flush();
      shift = newShift;
      for (let i = 0; i < n; i++) {
        ws.x[i] = (spins.x[i] ?? 0) + ox;
        ws.y[i] = (spins.y[i] ?? 0) + oy;
        ws.z[i] = (spins.z[i] ?? 0) + oz;
      }
    }
    if (hasMotion(scan.motion)) moving = { block, start: blockStart, motion: scan.motion, d0: [ox, oy, oz] };
    const { ops, rfPhaseOffset } = compiledBlock(block);
    for (let o = 0; o < ops.length; o++) {
      const op = ops[o];
      if (!op) continue;
      if (op.kind === 'rf') {
        flush();
        runRf(op, rfPhaseOffset);
        continue;
      }
      if (op.sample < 0) {
        if (moving) frame += freeMotionCycles(moving, op.t0, op.t0 + op.dt);
        pending.dt += op.dt;
        pending.kx += op.kx;
        pending.ky += op.ky;
        pending.kz += op.kz;
        continue;
      }
      flush(true);
      const run = runFrom(ops, o);
      // A readout's first sample follows a longer step (the ADC's delay, the ramp): it joins the run after it,
      // one pass over the spins for both (collapsed.ts `sumAndAdvanceLed`).
      const next = ops[o + 1];
      if (run === 1 && next?.kind === 'free' && next.sample >= 0 && coils.length === 0) {
        const cls = classesOf(maskOf(next));
        if (maskOf(op) === maskOf(next) && cls.representatives.length * 4 <= n) {
          const rest = runFrom(ops, o + 1);
          readoutRun(next, rest, block, samplesFrame(ops, o, rest + 1), op);
          o += rest;
          continue;
        }
      }
      readoutRun(op, run, block, samplesFrame(ops, o, run));
      o += run - 1;
    }
    blockStart += block.duration;
    firstSample += block.adc?.numSamples ?? 0;
  }
  return signal;

  /** The frame phase [cycles] at each of `run` samples from ops[o] on, advancing `frame` past them. */
  function samplesFrame(ops: readonly Op[], o: number, run: number): Float64Array | number {
    if (!moving) return frame;
    const frames = new Float64Array(run);
    for (let s = 0; s < run; s++) {
      const op = ops[o + s];
      if (op?.kind === 'free') frame += freeMotionCycles(moving, op.t0, op.t0 + op.dt);
      frames[s] = frame;
    }
    return frames;
  }

  function runRf(op: RfOp, rfPhaseOffset: number): void {
    const steps = op.steps;
    if (moving) {
      const b = moving;
      const cycles = steps.map((st, j) => rfStepMotionCycles(b, st, op.starts[j] ?? 0));
      // Motion along a gradient on during the pulse: step by step, each at the frame of its middle.
      if (cycles.some((c) => c !== 0)) {
        rfSteps(steps, rfPhaseOffset, cycles);
        return;
      }
    }
    const phaseOffset = rfPhaseOffset + 2 * Math.PI * frame;
    op.key ??= fingerprint(steps);
    const key = op.key;
    const mask = gradientAxes(steps);
    const cls = classes.get(`${mask}|${shift}`, () => classifySpins({ ...ws, t1, t2 }, n, mask));
    const mapKey = `${key}|${mask}|${shift}`;
    if (rfMaps.has(mapKey) || cls.representatives.length * 4 <= n || seenPulses.has(mapKey)) {
      const map = rfMaps.get(mapKey, () => buildRfMap(steps, { ...ws, t1, t2 }, cls, factory));
      applyRfMap(map, k, phaseOffset, loaded);
      return;
    }
    seenPulses.add(mapKey);
    rfSteps(steps, rfPhaseOffset);
  }

  /** Exact rotation steps; `cycles` the motion phase of each step (the frame advances over the steps). */
  function rfSteps(steps: readonly Step[], rfPhaseOffset: number, cycles?: readonly number[]): void {
    let c = Math.cos(rfPhaseOffset + 2 * Math.PI * frame);
    let s = Math.sin(rfPhaseOffset + 2 * Math.PI * frame);
    for (let j = 0; j < steps.length; j++) {
      const st = steps[j] as Step;
      const moved = cycles?.[j] ?? 0;
      if (moved !== 0) {
        const phase = rfPhaseOffset + 2 * Math.PI * (frame + moved / 2);
        c = Math.cos(phase);
        s = Math.sin(phase);
        frame += moved;
      }
      setRelaxation(st.dt);
      k.rfStep(
        st.b1re * c - st.b1im * s,
        st.b1re * s + st.b1im * c,
        st.kx / st.dt,
        st.ky / st.dt,
        st.kz / st.dt,
        st.dt,
      );
    }
  }

  /** Samples from ops[o] on that share its dwell (at least 1). */
  function runFrom(ops: readonly Op[], o: number): number {
    const op = ops[o] as FreeOp;
    let run = 1;
    for (let m = ops[o + run]; m?.kind === 'free' && m.sample >= 0 && sameDwell(op, m); m = ops[o + run])
      run++;
    return run;
  }

  /** Classes of a readout on the axes of `mask`: T1 plays no part in a readout's phasors, so it keys none. */
  function classesOf(mask: number): SpinClasses {
    return classes.get(`read|${mask}|${shift}`, () => classifySpins({ ...ws, t1, t2 }, n, mask, false));
  }

  /**
   * Reads `run` samples of one dwell from `first` on; with `lead` (classes, one ideal coil), the sample before
   * them too, taken after its own step.
   */
  function readoutRun(
    first: FreeOp,
    run: number,
    block: (typeof timeline.blocks)[number],
    frames: Float64Array | number,
    lead?: FreeOp,
  ): void {
    const dt = first.dt;
    const cls = classesOf(maskOf(first));
    if (cls.representatives.length * 4 <= n) {
      const p = classPhasors(cls, { ...ws, t1, t2 }, dt, first.kx, first.ky, first.kz, run);
      if (lead) {
        const w = classPhasors(cls, { ...ws, t1, t2 }, lead.dt, lead.kx, lead.ky, lead.kz, 1);
        ws.outRe.fill(0);
        ws.outIm.fill(0);
        sumAndAdvanceLed(k, cls, w, p, run, loaded);
        pending.longitudinal += lead.dt;
        emit(0, lead, run + 1);
      } else if (coils.length === 0) {
        ws.outRe.fill(0);
        ws.outIm.fill(0);
        sumAndAdvanceByClass(k, cls, p, run, loaded);
        emit(0);
      } else {
        coils.forEach((coil, c) => {
          weightByCoil(coil);
          ws.outRe.fill(0);
          ws.outIm.fill(0);
          sumOverClasses(k, cls, p, run, true, loaded);
          emit(c);
        });
        advanceByClass(k, cls, p, loaded);
      }
    } else {
      readoutOnKernels();
    }
    // Longitudinal relaxation over the run, in closed form with the next flush (the phasors carried the
    // transverse decay).
    pending.longitudinal += dt * run;

    function emit(coil: number, from = first, count = run): void {
      const out = signal.coils[coil];
      if (!out) return;
      for (let s = 0; s < count; s++) {
        const sample = firstSample + from.sample + s;
        const turn = typeof frames === 'number' ? frames : (frames[s] ?? 0);
        const phase = adcDemodulationPhase(block, from.sample + s) - 2 * Math.PI * turn;
        const c = Math.cos(phase);
        const si = Math.sin(phase);
        const re = ws.outRe[s] ?? 0;
        const im = ws.outIm[s] ?? 0;
        out.re[sample] = (out.re[sample] ?? 0) + re * c - im * si;
        out.im[sample] = (out.im[sample] ?? 0) + re * si + im * c;
      }
    }

    function readoutOnKernels(): void {
      setRelaxation(dt);
      const z = phasors.get(
        [dt, first.kx, first.ky, first.kz].map((v) => v.toPrecision(12)).join() + shift,
        () => {
          k.phasors(first.kx, first.ky, first.kz, dt / (2 * Math.PI));
          return { zr: ws.zr.slice(), zi: ws.zi.slice() };
        },
      );
      ws.zr.set(z.zr);
      ws.zi.set(z.zi);
      coils.forEach((coil, c) => {
        for (let i = 0; i < n; i++) {
          const wr = coil.re[i] ?? 0;
          const wi = coil.im[i] ?? 0;
          const a = ws.mx[i] ?? 0;
          const b = ws.my[i] ?? 0;
          ws.sx[i] = wr * a - wi * b;
          ws.sy[i] = wr * b + wi * a;
        }
        ws.outRe.fill(0);
        ws.outIm.fill(0);
        k.readout(true, run);
        emit(c);
      });
      ws.outRe.fill(0);
      ws.outIm.fill(0);
      k.readout(false, run);
      if (coils.length === 0) emit(0);
    }
  }
}
