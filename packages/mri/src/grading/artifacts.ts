/**
 * How strongly a series shows each artifact a module may plant, measured from the physics of its snapshot and
 * from the model's labels on its image grid:
 * - wrap-around: anatomy outside the acquired phase FOV folds back modulo that FOV (Δk = 1/FOV;
 *   reference/analytic_formulas.md §10) — the fraction of the anatomy in view that folded anatomy lands on;
 * - chemical shift: fat displaced by Δf/(BW per pixel) along the readout, and by Δf·echo spacing·lines per shot
 *   along phase on an EPI readout (§9) [pixels];
 * - motion: ghosts, as the image's change against the same scan without the motion in the background more than
 *   GHOST_MARGIN_M from the anatomy (issue 20.4: a bulk shift of the anatomy is no ghost, and no protocol can
 *   undo a patient's movement; a TR synchronised with periodic motion, like gating, removes the ghosts);
 * - susceptibility: off-resonance at air–tissue interfaces, Δf = γ̄·B0·Δχ/3 (Lorentz-corrected cylinder),
 *   dephases a gradient echo by Δf·TE cycles and shifts an EPI readout by Δf·esp·lines pixels; it shows only when
 *   the snapshot simulates the field map;
 * - Gibbs ringing: truncation ripples as wide as a pixel; visible when pixels are coarse. Their amplitude at a
 *   distance x from an edge falls as Δ/(π²·x) (Δ the pixel; below, `gibbsRipple`);
 * - geometric distortion: off-resonance at air–tissue interfaces shifts a readout by Δf/(BW per pixel) pixels
 *   and an EPI readout by Δf·esp·lines per shot along phase (Jezzard & Balaban, MRM 1995;34:65).
 */
import { GYROMAGNETIC_RATIO_HZ_PER_T } from '../constants.ts';
import { acquisitionFrame, add, scale } from '../simulate/geometry.ts';
import { runScanPart, type ScanSnapshot } from '../simulate/snapshot.ts';
import {
  acquiredPhaseLines,
  echoSpacingOf,
  epiShots,
  isEpiReadout,
  readoutKind,
} from '../sequence/timing.ts';
import type { GradingContext } from './context.ts';
import { airFraction } from './labels.ts';
import type { Vec3 } from '../units.ts';

/** Coarsest wrap grid: this many points across the acquired FOV along each axis. */
const WRAP_GRID_POINTS = 64;
/** Extent along phase examined for folding, in acquired FOVs (the fast engine folds up to 4). */
const WRAP_EXTENT_FOVS = 4;
/** A pixel is anatomy (for the motion measure) when less than this fraction of it is air. */
const ANATOMY_AIR_FRACTION = 0.5;
/**
 * Background farther than this from the anatomy [m] is where motion ghosts are measured: a bulk shift or blur of
 * the anatomy (a few mm) stays within it, ghosts repeated along the phase direction land beyond it.
 */
const GHOST_MARGIN_M = 0.015;
/** Susceptibility of air relative to tissue [ppm] (Schenck, Med Phys 1996;23:815). */
export const AIR_TISSUE_SUSCEPTIBILITY_PPM = 9.4;
/** Geometric factor of the field at an interface: a cylinder parallel to B0 (Lorentz-corrected). */
const INTERFACE_FIELD_FACTOR = 1 / 3;

/** Thresholds above which an artifact counts as present. */
export const ARTIFACT_LIMITS = {
  /** Fraction of the anatomy in view overlapped by folded anatomy. */
  wrapOverlap: 0.01,
  /** Fat displacement [pixels]. */
  chemicalShiftPixels: 1,
  /** RMS ghost signal in the background away from the anatomy over the RMS signal of the anatomy. */
  motion: 0.015,
  /** Gradient-echo dephasing at an air–tissue interface [cycles], or EPI displacement [pixels]. */
  susceptibility: 1,
  /** Largest in-plane pixel [m] at which truncation ringing stays below notice. */
  gibbsPixel: 0.0012,
} as const;

/** Whether the model has anatomy (a non-air label) at patient position `p` [m] (nearest voxel). */
function anatomyAt(model: GradingContext['series']['model'], p: Vec3): boolean {
  const { dims, voxelSize, origin, labels } = model.volume;
  const i = Math.round((p[0] - origin[0]) / voxelSize[0]);
  const j = Math.round((p[1] - origin[1]) / voxelSize[1]);
  const k = Math.round((p[2] - origin[2]) / voxelSize[2]);
  if (i < 0 || j < 0 || k < 0 || i >= dims[0] || j >= dims[1] || k >= dims[2]) return false;
  return (labels[(k * dims[1] + j) * dims[0] + i] ?? 0) !== 0;
}

/**
 * Fraction of the anatomy in view that anatomy folded in from beyond the acquired phase FOV lands on, sampled on
 * a coarse grid (at most WRAP_GRID_POINTS across the FOV) in the centre plane of each slice.
 */
export function wrapOverlap(ctx: GradingContext): number {
  const { protocol } = ctx.series.snapshot;
  const { model } = ctx.series;
  let overlap = 0;
  let anatomy = 0;
  for (const plane of ctx.geometry.slices) {
    const frame = acquisitionFrame(protocol, plane);
    const fovAcq = frame.fovPhase;
    const fovShown = protocol.fovPhase;
    const readStep = Math.max(protocol.fovRead / protocol.matrixRead, protocol.fovRead / WRAP_GRID_POINTS);
    const phaseStep = Math.max(protocol.fovPhase / protocol.matrixPhase, fovAcq / WRAP_GRID_POINTS);
    const nRead = Math.max(2, Math.round(protocol.fovRead / readStep));
    const nPhase = 2 * Math.round((WRAP_EXTENT_FOVS * fovAcq) / phaseStep / 2);
    const centre = nPhase / 2;
    const occupied = new Uint8Array(nRead * nPhase);
    for (let r = 0; r < nRead; r++) {
      const along = add(plane.center, scale(frame.readDirection, (r - nRead / 2) * readStep));
      for (let j = 0; j < nPhase; j++) {
        const at = add(along, scale(frame.phaseDirection, (j - centre) * phaseStep));
        occupied[r * nPhase + j] = anatomyAt(model, at) ? 1 : 0;
      }
    }
    for (let r = 0; r < nRead; r++) {
      const row = occupied.subarray(r * nPhase, (r + 1) * nPhase);
      const hit = new Uint8Array(nPhase);
      for (let j = 0; j < nPhase; j++) {
        const y = (j - centre) * phaseStep;
        if (Math.abs(y) < fovShown / 2 && row[j]) anatomy++;
        if (Math.abs(y) < fovAcq / 2 || !row[j]) continue;
        const folded = ((((y + fovAcq / 2) % fovAcq) + fovAcq) % fovAcq) - fovAcq / 2;
        if (Math.abs(folded) >= fovShown / 2) continue;
        const target = Math.round(folded / phaseStep + centre);
        if (row[target]) hit[target] = 1;
      }
      for (const h of hit) overlap += h;
    }
  }
  return anatomy > 0 ? overlap / anatomy : 0;
}

/** Fat displacement of the series [pixels]: 0 when fat is suppressed or absent from the images. */
export function chemicalShiftPixels(ctx: GradingContext): { pixels: number; fatInView: boolean; hz: number } {
  const { protocol } = ctx.series.snapshot;
  const fat = ctx.tissuesInImages().filter((t) => t.chemicalShiftPpm <= -2);
  const hz = Math.abs(ctx.tissueAt('fat').offResonanceHz);
  const suppressed = protocol.fatSaturation || protocol.family === 'STIR' || protocol.family === 'Dixon';
  if (fat.length === 0 || suppressed) return { pixels: 0, fatInView: fat.length > 0, hz };
  const readPixels = hz / protocol.bandwidthPerPixel;
  const kind = readoutKind(protocol.family);
  const phasePixels = isEpiReadout(kind)
    ? hz * echoSpacingOf(protocol) * (acquiredPhaseLines(protocol) / epiShots(protocol))
    : 0;
  return { pixels: Math.max(readPixels, phasePixels), fatInView: true, hz };
}

/**
 * Motion ghosts: the RMS difference between the fast engine's image of the snapshot and of the same snapshot
 * without motion (same noise seed, so only the motion differs), over the background farther than GHOST_MARGIN_M
 * from the anatomy, relative to the RMS signal of the anatomy, on the middle slice. 0 when the snapshot has no
 * motion. The fast engine stands in for a Bloch snapshot (its motion model is the same phase ramp per line).
 */
export function motionArtifact(ctx: GradingContext): number {
  const { snapshot, model } = ctx.series;
  if (!snapshot.simulation.motion) return 0;
  const slice = Math.floor(snapshot.protocol.sliceCount / 2);
  const moving: ScanSnapshot = { ...snapshot, engine: 'cpusim' };
  const { motion: _motion, ...still } = snapshot.simulation;
  const image = (s: ScanSnapshot): Float32Array => {
    const out = runScanPart(s, model, { kind: 'slice', slice });
    if (out.kind !== 'slice') throw new RangeError('the fast engine gives slices');
    return out.output.magnitude;
  };
  const a = image(moving);
  const b = image({ ...moving, simulation: still });
  const labels = ctx.labels(slice);
  const air = airFraction(labels);
  const plane = ctx.geometry.slices[slice];
  const { rows, columns } = labels;
  const anatomy = new Uint8Array(rows * columns);
  for (let p = 0; p < anatomy.length; p++) anatomy[p] = (air[p] ?? 1) < ANATOMY_AIR_FRACTION ? 1 : 0;
  const near = dilate(anatomy, rows, columns, {
    rows: plane ? Math.ceil(GHOST_MARGIN_M / plane.rowSpacing) : 0,
    columns: plane ? Math.ceil(GHOST_MARGIN_M / plane.columnSpacing) : 0,
  });
  let ghost = 0;
  let background = 0;
  let signal = 0;
  let inside = 0;
  for (let p = 0; p < a.length; p++) {
    if (anatomy[p]) {
      signal += (b[p] ?? 0) ** 2;
      inside++;
    } else if (!near[p]) {
      ghost += ((a[p] ?? 0) - (b[p] ?? 0)) ** 2;
      background++;
    }
  }
  if (background === 0 || signal === 0) return 0;
  return Math.sqrt(ghost / background) / Math.sqrt(signal / inside);
}

/** Marks every index within `radius` of a set index along a line of `n` (both ways). */
function growLine(isSet: (i: number) => boolean, mark: (i: number) => void, n: number, radius: number) {
  let last = -Infinity;
  for (let i = 0; i < n; i++) {
    if (isSet(i)) last = i;
    if (i - last <= radius) mark(i);
  }
  last = Infinity;
  for (let i = n - 1; i >= 0; i--) {
    if (isSet(i)) last = i;
    if (last - i <= radius) mark(i);
  }
}

/** The mask grown by `radius` pixels along rows and columns (a rectangle: one pass per axis). */
function dilate(
  mask: Uint8Array,
  rows: number,
  columns: number,
  radius: { rows: number; columns: number },
): Uint8Array {
  const across = new Uint8Array(mask.length);
  for (let r = 0; r < rows; r++) {
    const at = (c: number) => r * columns + c;
    growLine(
      (c) => mask[at(c)] === 1,
      (c) => (across[at(c)] = 1),
      columns,
      radius.columns,
    );
  }
  const out = new Uint8Array(mask.length);
  for (let c = 0; c < columns; c++) {
    const at = (r: number) => r * columns + c;
    growLine(
      (r) => across[at(r)] === 1,
      (r) => (out[at(r)] = 1),
      rows,
      radius.rows,
    );
  }
  return out;
}

/**
 * Susceptibility artifact at air–tissue interfaces: gradient-echo dephasing Δf·TE [cycles], or an EPI readout's
 * displacement Δf·esp·lines per shot [pixels], whichever is larger; 0 when the snapshot does not simulate the
 * field map (the images then cannot show it), and for a spin echo's refocused non-EPI readout.
 */
export function susceptibilityMeasure(ctx: GradingContext): number {
  const { protocol, scanner, simulation } = ctx.series.snapshot;
  if (!simulation.susceptibility) return 0;
  const hz =
    GYROMAGNETIC_RATIO_HZ_PER_T * scanner.b0 * AIR_TISSUE_SUSCEPTIBILITY_PPM * 1e-6 * INTERFACE_FIELD_FACTOR;
  const kind = readoutKind(protocol.family);
  const gradientEcho = ['GRE', 'Dixon', 'SWI', 'GRE-EPI', 'bSSFP'].includes(protocol.family);
  const dephasing = gradientEcho ? hz * protocol.echoTime : 0;
  const displacement = isEpiReadout(kind)
    ? hz * echoSpacingOf(protocol) * (acquiredPhaseLines(protocol) / epiShots(protocol))
    : 0;
  return Math.max(dephasing, displacement);
}

/** Largest in-plane pixel of the series [m] (the width of its truncation ringing). */
export function gibbsPixel(ctx: GradingContext): number {
  const { protocol } = ctx.series.snapshot;
  return Math.max(protocol.fovRead / protocol.matrixRead, protocol.fovPhase / protocol.matrixPhase);
}

/**
 * Distance from an edge [m] at which the Gibbs ripple is measured: inside a tissue next to a strong edge
 * (CSF–cord, fat–muscle, skull–brain), where a radiographer reads small structures.
 */
export const GIBBS_RIPPLE_DISTANCE_M = 0.005;

/**
 * Amplitude of the truncation ripple GIBBS_RIPPLE_DISTANCE_M from a step edge, as a fraction of the step: a
 * step truncated at k_max = 1/(2Δ) is ½ + Si(π·x/Δ)/π (Bracewell, The Fourier Transform, ch. 4), whose ripple
 * about the step's level has the envelope Δ/(π²·x) far from the edge (Si(z) → π/2 − cos z / z); the first
 * overshoot, at x ≈ Δ, is the fixed ≈ 9 % of the Gibbs phenomenon. Δ: the coarser in-plane pixel [m].
 */
export function gibbsRipple(ctx: GradingContext): number {
  return gibbsPixel(ctx) / (Math.PI * Math.PI * GIBBS_RIPPLE_DISTANCE_M);
}

/** Displacement of tissue at an air–tissue interface by its off-resonance, and where it runs. */
export interface Distortion {
  /** Largest displacement [pixels]; 0 when the snapshot does not simulate the field map. */
  pixels: number;
  /** The axis it runs along: an EPI readout shifts along phase, any other along the readout. */
  along: 'phase' | 'read';
  /** Off-resonance at the interface [Hz]. */
  hz: number;
  /** Whether the snapshot simulates the field map (the images can show distortion at all). */
  simulated: boolean;
}

/**
 * Geometric distortion at an air–tissue interface, Δf = γ̄·B0·Δχ/3 (as `susceptibilityMeasure`): along phase
 * Δf·esp·lines per shot on an EPI readout (the phase bandwidth per pixel is 1/(esp·lines per shot)), along the
 * readout Δf/(BW per pixel) otherwise.
 */
export function distortionPixels(ctx: GradingContext): Distortion {
  const { protocol, scanner, simulation } = ctx.series.snapshot;
  const hz =
    GYROMAGNETIC_RATIO_HZ_PER_T * scanner.b0 * AIR_TISSUE_SUSCEPTIBILITY_PPM * 1e-6 * INTERFACE_FIELD_FACTOR;
  const epi = isEpiReadout(readoutKind(protocol.family));
  const along = epi ? 'phase' : 'read';
  const simulated = simulation.susceptibility === true;
  if (!simulated) return { pixels: 0, along, hz, simulated };
  const pixels = epi
    ? hz * echoSpacingOf(protocol) * (acquiredPhaseLines(protocol) / epiShots(protocol))
    : hz / protocol.bandwidthPerPixel;
  return { pixels, along, hz, simulated };
}
