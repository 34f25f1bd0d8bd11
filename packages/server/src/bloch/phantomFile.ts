import { createSpinSet, withT2StarSpread, type SpinSet } from '@larmor/mri/bloch';

/** Isochromats per spin that model T2* as a Lorentzian off-resonance spread (withT2StarSpread). */
export const T2STAR_ISOCHROMATS = 24;

/** SPINS.json: equal-length arrays; x, y, z [m], rho, T1, T2, T2s [s], dw [rad/s]; null T1/T2/T2s = no decay. */
export interface PhantomFile {
  x: number[];
  y: number[];
  z: number[];
  rho: number[];
  T1: (number | null)[];
  T2: (number | null)[];
  T2s?: (number | null)[];
  dw?: number[];
}

const decay = (v: number | null | undefined): number => (v === null || v === undefined ? Infinity : v);

/** The spins of a SPINS.json document, with T2* isochromats where T2s is given; `count` = spins in the file. */
export function spinsFromPhantom(json: unknown): { spins: SpinSet; count: number } {
  const p = json as Partial<PhantomFile>;
  for (const key of ['x', 'y', 'z', 'rho', 'T1', 'T2'] as const)
    if (!Array.isArray(p[key])) throw new Error(`phantom: '${key}' must be an array`);
  const n = p.x?.length ?? 0;
  for (const key of ['y', 'z', 'rho', 'T1', 'T2', 'T2s', 'dw'] as const) {
    const a = p[key];
    if (a !== undefined && (!Array.isArray(a) || a.length !== n))
      throw new Error(`phantom: '${key}' must be an array of ${n} values like 'x'`);
  }
  const spins = createSpinSet({
    x: p.x ?? [],
    y: p.y ?? [],
    z: p.z ?? [],
    rho: p.rho ?? [],
    t1: (p.T1 ?? []).map(decay),
    t2: (p.T2 ?? []).map(decay),
    dw: p.dw ?? new Array<number>(n).fill(0),
  });
  const t2s = p.T2s;
  return { spins: t2s ? withT2StarSpread(spins, t2s.map(decay), T2STAR_ISOCHROMATS) : spins, count: n };
}
