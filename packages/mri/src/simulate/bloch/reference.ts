import { hasMotion, stepMotionCycles } from './motionPhase.ts';
import { adcDemodulationPhase, adcSampleTimes, planBlock } from './plan.ts';
import { precess, relax, rotateInField, type Vector3 } from './rotation.ts';
import { displacementAt, emptySignal, type BlochScan, type BlochSignal } from './scan.ts';

/**
 * The plain reference engine (STYLE.md §10): Float64, spin by spin, step by step. Every RF raster step is an
 * exact rotation about the effective field (B1, γ̄·G·r + Δω/2π) followed by relaxation over the step; between
 * RF steps, precession by 2π·Δk·r + Δω·dt and relaxation are applied in closed form over each step of linear
 * gradient. Rigid motion: spins sit at the block start's translation d(t_b), plus each step's motion phase
 * ∫γ̄G·(d(t) − d(t_b)) dt on free steps (motionPhase.ts), and the translation at the step's middle on RF steps.
 * Slow on purpose: the production engine (engine.ts `simulateBloch`) is tested against it.
 */
export function simulateReference(scan: BlochScan): BlochSignal {
  const { timeline, spins } = scan;
  const times = adcSampleTimes(timeline);
  const coils = scan.coils ?? [
    { re: new Float32Array(spins.count).fill(1), im: new Float32Array(spins.count) },
  ];
  const signal = emptySignal(times, coils.length);
  const m: Vector3 = { x: 0, y: 0, z: 0 };
  const state = {
    x: Float64Array.from(spins.mx),
    y: Float64Array.from(spins.my),
    z: Float64Array.from(spins.mz),
  };
  let blockStart = 0;
  let firstSample = 0;
  for (const block of timeline.blocks) {
    const plan = planBlock(block, firstSample);
    const [ox, oy, oz] = displacementAt(scan.motion, blockStart);
    const moved = hasMotion(scan.motion)
      ? stepMotionCycles({ block, start: blockStart, motion: scan.motion, d0: [ox, oy, oz] }, plan.steps)
      : new Float64Array(plan.steps.length);
    const cosOffset = Math.cos(plan.rfPhaseOffset);
    const sinOffset = Math.sin(plan.rfPhaseOffset);
    for (let j = 0; j < spins.count; j++) {
      const x = (spins.x[j] ?? 0) + ox;
      const y = (spins.y[j] ?? 0) + oy;
      const z = (spins.z[j] ?? 0) + oz;
      const dw = spins.dw[j] ?? 0;
      const rho = spins.rho[j] ?? 0;
      const t1 = spins.t1[j] ?? Infinity;
      const t2 = spins.t2[j] ?? Infinity;
      m.x = state.x[j] ?? 0;
      m.y = state.y[j] ?? 0;
      m.z = state.z[j] ?? 0;
      for (let i = 0; i < plan.steps.length; i++) {
        const step = plan.steps[i];
        if (!step) continue;
        const motionCycles = moved[i] ?? 0;
        if (step.rf) {
          const offset =
            (step.kx * x + step.ky * y + step.kz * z + motionCycles) / step.dt + dw / (2 * Math.PI);
          const bx = step.b1re * cosOffset - step.b1im * sinOffset;
          const by = step.b1re * sinOffset + step.b1im * cosOffset;
          rotateInField(m, bx, by, offset, step.dt);
        } else {
          precess(m, 2 * Math.PI * (step.kx * x + step.ky * y + step.kz * z + motionCycles) + dw * step.dt);
        }
        relax(m, rho, t1, t2, step.dt);
        if (step.sample >= 0) {
          const n = step.sample - firstSample;
          const phase = adcDemodulationPhase(block, n);
          const c = Math.cos(phase);
          const s = Math.sin(phase);
          coils.forEach((coil, k) => {
            const wr = coil.re[j] ?? 0;
            const wi = coil.im[j] ?? 0;
            const sr = wr * m.x - wi * m.y;
            const si = wr * m.y + wi * m.x;
            const out = signal.coils[k];
            if (!out) return;
            out.re[step.sample] = (out.re[step.sample] ?? 0) + sr * c - si * s;
            out.im[step.sample] = (out.im[step.sample] ?? 0) + sr * s + si * c;
          });
        }
      }
      state.x[j] = m.x;
      state.y[j] = m.y;
      state.z[j] = m.z;
    }
    blockStart += block.duration;
    firstSample += block.adc?.numSamples ?? 0;
  }
  return signal;
}
