/**
 * Spin phantoms from anatomical models: the 2D slice of a model that the Bloch engine runs, one isochromat (or a
 * Lorentzian family of them for T2*) per pixel of a slice grid, with the properties of the pixel's tissue at the
 * scanner's field.
 */
import { resampleSlice, type SliceGrid, type SlicePlane } from '../../anatomy/resample.ts';
import type { AnatomicalModel } from '../../anatomy/types.ts';
import type { TissueAtField } from '../../tissue/types.ts';
import { textureFactor } from '../../anatomy/texture.ts';
import { createSpinSet, roundToClassResolution, withT2StarSpread, type SpinSet } from './spins.ts';

export interface SlicePhantomOptions {
  /**
   * Isochromats per pixel for intravoxel dephasing: with n > 1 each pixel whose tissue has T2* < T2 becomes n
   * isochromats spread over a Lorentzian of half-width R2′ = 1/T2* − 1/T2 (`withT2StarSpread`), so the pixel's FID
   * decays with T2* (within 2 % of M0 over 0–3·T2′ from 81 isochromats; dephasing.ts lists the error per count);
   * with 1 (the default) each pixel is one spin and decays with T2 alone.
   */
  isochromats?: number;
  /**
   * Distance [m] to move each spin of a tissue along the plane normal (default none): e.g. to the centre of the
   * slice that a selective pulse excites for a tissue off resonance (bloch/framePhantom.ts).
   */
  normalShift?: (tissue: TissueAtField) => number;
}

/**
 * A 2D spin phantom of a model slice. Each pixel of `grid` on `plane` takes the tissue that fills most of its slab
 * (the partial-volume fractions of `resampleSlice`; a tie goes to the lower label, so air wins a tie and the
 * result is deterministic); pixels where air dominates are skipped. The spin sits at the pixel centre, in the
 * plane (`center + (ix − ⌊nx/2⌋)·Δx·row + (iy − ⌊ny/2⌋)·Δy·column`, the pixel convention of SliceGrid), with
 * rho = PD, T1, T2 [s] of its tissue (times the model's texture factors at the pixel centre, anatomy/texture.ts,
 * where the model has a texture, T1, T2 and T2* then rounded to the engine's class resolution; T2* scales with T2)
 * and the off-resonance of its chemical shift, dw = 2π·Δf [rad/s]
 * (Δf = offResonanceHz of TissueAtField; fat ≈ −3.4 ppm·γ̄·B0, DESIGN.md §3 sign convention
 * M⊥(t) = M⊥(0)·exp(−i·Δω·t)). `tissuesAtField[label]` gives the properties of each label of the model at the
 * scanner's B0 (`tissuesByLabel` of simulate.ts, or `tissueAtField` per key); label 0 is air and never simulated.
 * Spins are ordered by row (iy), then column (ix), then isochromat.
 */
export function spinsFromSlice(
  model: Pick<AnatomicalModel, 'volume' | 'tissues'>,
  plane: SlicePlane,
  grid: SliceGrid,
  tissuesAtField: readonly (TissueAtField | undefined)[],
  options: SlicePhantomOptions = {},
): SpinSet {
  const isochromats = options.isochromats ?? 1;
  if (!Number.isInteger(isochromats) || isochromats < 1)
    throw new RangeError(`isochromats per pixel must be a positive integer, got ${isochromats}`);
  const { nx, ny, fractions } = resampleSlice(model, plane, grid);
  const [dx, dy] = grid.pixelSpacing;
  const cx = Math.floor(nx / 2);
  const cy = Math.floor(ny / 2);
  // Typed arrays of the grid's size, cut to the spins found (no per-pixel allocation: a slice has 10⁵–10⁶ pixels).
  const size = nx * ny;
  const p = {
    x: new Float64Array(size),
    y: new Float64Array(size),
    z: new Float64Array(size),
    rho: new Float64Array(size),
    t1: new Float64Array(size),
    t2: new Float64Array(size),
    dw: new Float64Array(size),
    t2s: new Float64Array(size),
  };
  const texture = model.volume.texture;
  let count = 0;
  for (let iy = 0; iy < ny; iy++) {
    for (let ix = 0; ix < nx; ix++) {
      const pixel = iy * nx + ix;
      let label = 0;
      let most = fractions[0]?.[pixel] ?? 0;
      for (let t = 1; t < fractions.length; t++) {
        const f = fractions[t]?.[pixel] ?? 0;
        if (f > most) {
          label = t;
          most = f;
        }
      }
      if (label === 0) continue;
      const tissue = tissuesAtField[label];
      if (!tissue)
        throw new RangeError(`no tissue properties for label ${label} ('${model.tissues[label] ?? '?'}')`);
      const a = (ix - cx) * dx;
      const b = (iy - cy) * dy;
      const n = options.normalShift?.(tissue) ?? 0;
      const x = plane.center[0] + a * plane.row[0] + b * plane.column[0];
      const y = plane.center[1] + a * plane.row[1] + b * plane.column[1];
      const z = plane.center[2] + a * plane.row[2] + b * plane.column[2];
      p.x[count] = x + n * plane.normal[0];
      p.y[count] = y + n * plane.normal[1];
      p.z[count] = z + n * plane.normal[2];
      // The tissue's texture where the anatomy is (before any chemical-shift displacement of the spin).
      const pd = texture ? textureFactor(texture, 'pd', x, y, z) : 1;
      const t1 = texture ? textureFactor(texture, 't1', x, y, z) : 1;
      const t2 = texture ? textureFactor(texture, 't2', x, y, z) : 1;
      p.rho[count] = tissue.pd * pd;
      // A textured T1 and T2 take the engine's class resolution (spins.ts `roundToClassResolution`): spins of a
      // tissue then share a few values, and with them the engine's spin classes, instead of one class each.
      p.t1[count] = texture ? roundToClassResolution(tissue.t1 * t1) : tissue.t1;
      p.t2[count] = texture ? roundToClassResolution(tissue.t2 * t2) : tissue.t2;
      p.dw[count] = 2 * Math.PI * tissue.offResonanceHz;
      p.t2s[count] = texture ? roundToClassResolution(tissue.t2star * t2) : tissue.t2star;
      count++;
    }
  }
  const used = (a: Float64Array): Float64Array => a.subarray(0, count);
  const spins = createSpinSet({
    x: used(p.x),
    y: used(p.y),
    z: used(p.z),
    rho: used(p.rho),
    t1: used(p.t1),
    t2: used(p.t2),
    dw: used(p.dw),
  });
  return isochromats > 1 ? withT2StarSpread(spins, used(p.t2s), isochromats) : spins;
}
