/**
 * Exact solutions of the Bloch equation dM/dt = γ·M × B − (Mx/T2, My/T2, (Mz − M0)/T1) over a step of constant
 * field (docs/conventions.md: rotating frame, protons precess clockwise, a phase-0 pulse tips +z towards +y).
 * Written apart from the engine's bloch/rotation.ts on purpose: the converged reference must not share code
 * with what it checks.
 */

/** Magnetisation [same units as M0], mutated in place. */
export interface Magnetisation {
  x: number;
  y: number;
  z: number;
}

/**
 * Rotation under a constant field for dt [s]: Ω = 2π·(bx, by, bz) [rad/s] with (bx, by, bz) = γ̄·B [Hz]; M turns
 * about n = Ω/|Ω| by θ = −|Ω|·dt. Written as the unit quaternion q = (w, u) = (cos(θ/2), n·sin(θ/2)) acting on M
 * (M' = M + 2w·(u × M) + 2·u × (u × M); Kuipers, Quaternions and Rotation Sequences, 1999, §5.14), not as the
 * engine's Rodrigues form, so that the two share no formula.
 */
export function rotate(m: Magnetisation, bx: number, by: number, bz: number, dt: number): void {
  const norm = Math.sqrt(bx * bx + by * by + bz * bz);
  if (norm === 0) return;
  const half = -Math.PI * norm * dt;
  const w = Math.cos(half);
  const k = Math.sin(half) / norm;
  const ux = bx * k;
  const uy = by * k;
  const uz = bz * k;
  // t = 2·(u × M); M' = M + w·t + u × t
  const tx = 2 * (uy * m.z - uz * m.y);
  const ty = 2 * (uz * m.x - ux * m.z);
  const tz = 2 * (ux * m.y - uy * m.x);
  const x = m.x + w * tx + (uy * tz - uz * ty);
  const y = m.y + w * ty + (uz * tx - ux * tz);
  const z = m.z + w * tz + (ux * ty - uy * tx);
  m.x = x;
  m.y = y;
  m.z = z;
}

/** Free precession by `phase` [rad]: M⊥ ← M⊥·e^(−i·phase) (clockwise for a positive frequency). */
export function precessBy(m: Magnetisation, phase: number): void {
  const c = Math.cos(phase);
  const s = Math.sin(phase);
  const x = m.x * c + m.y * s;
  m.y = m.y * c - m.x * s;
  m.x = x;
}

/** Relaxation without fields over dt [s]: M⊥ ← M⊥·e^(−dt/T2), Mz ← M0 + (Mz − M0)·e^(−dt/T1) (t1, t2 [s]). */
export function relaxFor(m: Magnetisation, m0: number, t1: number, t2: number, dt: number): void {
  const e2 = Math.exp(-dt / t2);
  m.x *= e2;
  m.y *= e2;
  m.z = m0 + (m.z - m0) * Math.exp(-dt / t1);
}
