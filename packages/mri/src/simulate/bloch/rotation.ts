/**
 * Exact rotations of the Bloch equation dM/dt = γ·M × B in the rotating frame (docs/conventions.md): with
 * Ω = γB = 2π·(b1re, b1im, Δf) [rad/s] constant over a step, M turns about Ω by −|Ω|·dt (protons precess
 * clockwise), so a phase-0 pulse (B1 along +x) tips +z towards +y and free precession gives
 * M⊥(t) = M⊥(0)·exp(−i·2π·Δf·t). Rodrigues' formula: M' = M cosθ + (n×M) sinθ + n(n·M)(1 − cosθ).
 */

/** A magnetisation vector, mutated in place. */
export interface Vector3 {
  x: number;
  y: number;
  z: number;
}

/** Rotates m for dt [s] under the field (bx, by, bz) [Hz] (γ̄·B in the rotating frame). */
export function rotateInField(m: Vector3, bx: number, by: number, bz: number, dt: number): void {
  const norm = Math.hypot(bx, by, bz);
  if (norm === 0) return;
  const theta = -2 * Math.PI * norm * dt;
  const nx = bx / norm;
  const ny = by / norm;
  const nz = bz / norm;
  const c = Math.cos(theta);
  const s = Math.sin(theta);
  const dot = (nx * m.x + ny * m.y + nz * m.z) * (1 - c);
  const x = m.x * c + (ny * m.z - nz * m.y) * s + nx * dot;
  const y = m.y * c + (nz * m.x - nx * m.z) * s + ny * dot;
  const z = m.z * c + (nx * m.y - ny * m.x) * s + nz * dot;
  m.x = x;
  m.y = y;
  m.z = z;
}

/** Free precession: M⊥ ← M⊥·exp(−i·phase), phase [rad]. */
export function precess(m: Vector3, phase: number): void {
  const c = Math.cos(phase);
  const s = Math.sin(phase);
  const x = m.x * c + m.y * s;
  m.y = m.y * c - m.x * s;
  m.x = x;
}

/** Relaxation over dt [s] towards M = (0, 0, rho): closed form of the Bloch equation without fields. */
export function relax(m: Vector3, rho: number, t1: number, t2: number, dt: number): void {
  const e2 = Math.exp(-dt / t2);
  const e1 = Math.exp(-dt / t1);
  m.x *= e2;
  m.y *= e2;
  m.z = rho + (m.z - rho) * e1;
}
