/**
 * The PD texture of a model (anatomy/texture.ts) on the fine grid of one slice, row by row, for the resampling of
 * resample.ts. The texture is smooth over its feature size (≈ 4 mm) while the fine grid is ≈ 0.5 mm, so it is
 * evaluated on a coarse grid of about half the feature size in the slice's centre plane and bilinearly
 * interpolated: a few thousand evaluations of the noise per slice instead of one per fine sample. Linear
 * interpolation of the quintic-fade value noise at half its lattice spacing errs by under a tenth of the
 * texture amplitude (below 0.3 % of the signal at ±3 %), far below image noise (bound checked in textureRows.test.ts).
 */
import { valueNoise3Row } from '../../anatomy/noise.ts';
import { textureSeed, type TissueTexture } from '../../anatomy/texture.ts';
import type { AcquisitionFrame } from '../geometry.ts';

/** Coarse-grid spacing as a fraction of the texture's feature size. */
const COARSE_FRACTION = 1 / 2;

export interface TextureRows {
  /** Writes `weight` × the PD texture factor of every read sample of fine line `line` into `out` (fineRead). */
  fill: (line: number, out: Float32Array) => void;
}

/**
 * Texture rows of the fine grid of `frame` (fineRead × finePhase points, point (u, line) at
 * ((u − fineRead/2)·Δread, (line − finePhase/2)·Δphase) from the slice centre, the convention of resample.ts), for
 * lines firstLine…lastLine, asked for in ascending order (the two coarse rows slide along; any other order
 * recomputes them).
 */
export function textureRows(
  texture: TissueTexture,
  frame: AcquisitionFrame,
  fineRead: number,
  finePhase: number,
  firstLine: number,
  lastLine: number,
  weight: number,
): TextureRows {
  const { plane, readDirection, phaseDirection } = frame;
  const readStep = frame.fovRead / fineRead;
  const phaseStep = frame.fovPhase / finePhase;
  const spacing = texture.featureSize * COARSE_FRACTION;
  const cu = Math.max(1, Math.floor(spacing / readStep));
  const cv = Math.max(1, Math.floor(spacing / phaseStep));
  const columns = Math.ceil(fineRead / cu) + 1;
  const seed = textureSeed(texture, 'pd');
  const f = 1 / texture.featureSize;
  const scale = weight * texture.amplitude;
  // Coarse point (r, c) in noise-lattice units: base + c·stepU + r·stepV.
  const stepU = readDirection.map((d) => d * cu * readStep * f);
  const stepV = phaseDirection.map((d) => d * cv * phaseStep * f);
  const u0 = (-fineRead / 2) * readStep;
  const v0 = (firstLine - finePhase / 2) * phaseStep;
  const base = [0, 1, 2].map(
    (k) =>
      ((plane.center[k] as number) + u0 * (readDirection[k] as number) + v0 * (phaseDirection[k] as number)) *
      f,
  );
  const noise = new Float64Array(columns);
  const coarseRow = (r: number, out: Float32Array): void => {
    const x = (base[0] as number) + r * (stepV[0] as number);
    const y = (base[1] as number) + r * (stepV[1] as number);
    const z = (base[2] as number) + r * (stepV[2] as number);
    // Coarse points half a lattice cell apart: the row reuses each cell's lattice values (anatomy/noise.ts).
    valueNoise3Row(x, y, z, stepU[0] as number, stepU[1] as number, stepU[2] as number, columns, seed, noise);
    for (let c = 0; c < columns; c++) out[c] = weight + scale * (noise[c] as number);
  };
  let lower = new Float32Array(columns);
  let upper = new Float32Array(columns);
  let lowerIndex = -2;
  return {
    fill: (line, out) => {
      const offset = Math.min(Math.max(line, firstLine), lastLine) - firstLine;
      const r = Math.floor(offset / cv);
      if (r === lowerIndex + 1) {
        [lower, upper] = [upper, lower];
        coarseRow(r + 1, upper);
      } else if (r !== lowerIndex) {
        coarseRow(r, lower);
        coarseRow(r + 1, upper);
      }
      lowerIndex = r;
      const t = (offset - r * cv) / cv;
      // Linear along each coarse interval: its start value and slope, then one multiply-add per sample.
      let u = 0;
      for (let c = 0; u < fineRead; c++) {
        const a = (lower[c] as number) + ((upper[c] as number) - (lower[c] as number)) * t;
        const b = (lower[c + 1] as number) + ((upper[c + 1] as number) - (lower[c + 1] as number)) * t;
        const slope = (b - a) / cu;
        const end = Math.min(fineRead, u + cu);
        for (let k = 0; u < end; u++, k++) out[u] = a + slope * k;
      }
    },
  };
}
