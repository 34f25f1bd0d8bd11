/**
 * Slice geometry of a scan in patient coordinates (LPS, docs/conventions.md "Patient axes and image planes").
 *
 * Display planes follow the usual DICOM viewing convention: a row of the image runs along `rowDirection`, a column
 * along `columnDirection`, and pixel (r, c) of an N-row, M-column image has its centre at
 *   sliceCenter + (c − M/2)·Δc·rowDirection + (r − N/2)·Δr·columnDirection,
 * i.e. the slice centre sits on pixel (N/2, M/2), the same index as the centred FFT's origin (recon/fftnd.ts).
 */
import type { Protocol } from '../sequence/protocol.ts';
import { framePhaseCount } from '../sequence/kspace-centre.ts';
import { isThreeDimensional } from '../sequence/timing.ts';
import { PLANE_AXES, add, cross, dot, scale, stackDirections } from '../sequence/orientation.ts';
import type { Meters, Vec3 } from '../units.ts';

export { add, cross, dot, scale, stackDirections } from '../sequence/orientation.ts';

/** Geometry of one reconstructed image: everything DICOM and NIfTI need to place it in the patient. */
export interface ImagePlane {
  /** Image size in pixels: rows (height) and columns (width). */
  rows: number;
  columns: number;
  /** Centre of the slice [m]. */
  center: Vec3;
  rowDirection: Vec3;
  columnDirection: Vec3;
  /** rowDirection × columnDirection. */
  normal: Vec3;
  /** Distance between pixel centres along a column (between rows) and along a row (between columns) [m]. */
  rowSpacing: Meters;
  columnSpacing: Meters;
  sliceThickness: Meters;
}

/** Geometry of a whole scan: one plane per slice, in acquisition order along the normal. */
export interface ScanGeometry {
  slices: readonly ImagePlane[];
  /** Centre-to-centre distance of neighbouring slices [m] (thickness + gap). */
  spacingBetweenSlices: Meters;
  /** Which display axis phase encoding runs along ('column': top→bottom, 'row': left→right). */
  phaseDirection: Protocol['phaseDirection'];
}

/**
 * The acquisition frame of one slice: readout along `readDirection`, phase encoding along `phaseDirection`.
 * The engine stores k-space and images as [phase][read] (read fastest).
 */
export interface AcquisitionFrame {
  plane: ImagePlane;
  readDirection: Vec3;
  phaseDirection: Vec3;
  /** Samples per readout and acquired phase-encoding lines (including phase oversampling). */
  readCount: number;
  phaseCount: number;
  /** Field of view covered by readCount and phaseCount samples [m] (Δk = 1/FOV). */
  fovRead: Meters;
  fovPhase: Meters;
  /** Lines kept after reconstruction (the protocol's phase matrix; oversampled lines are cropped). */
  phaseMatrix: number;
  /** True when display rows run along the readout, i.e. the engine's [phase][read] image must be transposed. */
  transposed: boolean;
}

/** The first of the `phaseMatrix` lines a frame keeps: the oversampled lines are cropped evenly from both ends. */
export function firstKeptLine(frame: AcquisitionFrame): number {
  return (frame.phaseCount - frame.phaseMatrix) / 2;
}

/** Rounds to the nearest even integer ≥ 2 (centred FFTs need even lengths). */
const even = (n: number): number => Math.max(2, 2 * Math.round(n / 2));

/**
 * The orientation-relative angles of a stack whose unit row and column directions are given: the in-plane
 * rotation ψ and the tilts a (about the row), b (about the column) with frame = base·Rz(ψ)·Rx(a)·Ry(b), the
 * inverse of `stackDirections` for |a| < 90° (Tait–Bryan angles z-x'-y''). With M = baseᵀ·frame:
 * M₂₁ = sin a, M₂₀ = −cos a·sin b, M₂₂ = cos a·cos b, M₀₁ = −sin ψ·cos a, M₁₁ = cos ψ·cos a.
 */
export function stackAngles(
  orientation: Protocol['geometry']['orientation'],
  row: Vec3,
  column: Vec3,
): { rotation: number; tiltAboutRow: number; tiltAboutColumn: number } {
  const base = PLANE_AXES[orientation];
  const baseNormal = cross(base.row, base.column);
  const normal = cross(row, column);
  const m21 = dot(baseNormal, column);
  const m20 = dot(baseNormal, row);
  const m22 = dot(baseNormal, normal);
  return {
    rotation: Math.atan2(-dot(base.row, column), dot(base.column, column)),
    tiltAboutRow: Math.asin(Math.max(-1, Math.min(1, m21))),
    tiltAboutColumn: Math.atan2(-m20, m22),
  };
}

/** The display planes of every slice of a protocol. */
export function scanGeometry(protocol: Protocol): ScanGeometry {
  const { row: rowDirection, column: columnDirection, normal } = stackDirections(protocol.geometry);
  const phaseAlongColumn = protocol.phaseDirection === 'column';
  const rows = phaseAlongColumn ? protocol.matrixPhase : protocol.matrixRead;
  const columns = phaseAlongColumn ? protocol.matrixRead : protocol.matrixPhase;
  const fovRows = phaseAlongColumn ? protocol.fovPhase : protocol.fovRead;
  const fovColumns = phaseAlongColumn ? protocol.fovRead : protocol.fovPhase;
  // A 3D slab's partitions are contiguous: the gap does not apply (docs/conventions.md, "3D slabs").
  const spacing = protocol.sliceThickness + (isThreeDimensional(protocol) ? 0 : protocol.sliceGap);
  const slices: ImagePlane[] = [];
  for (let i = 0; i < protocol.sliceCount; i++) {
    const offset = (i - (protocol.sliceCount - 1) / 2) * spacing;
    slices.push({
      rows,
      columns,
      center: add(protocol.geometry.center, scale(normal, offset)),
      rowDirection,
      columnDirection,
      normal,
      rowSpacing: fovRows / rows,
      columnSpacing: fovColumns / columns,
      sliceThickness: protocol.sliceThickness,
    });
  }
  return { slices, spacingBetweenSlices: spacing, phaseDirection: protocol.phaseDirection };
}

/** The acquisition frame of one display plane under a protocol (readout, phase, oversampling). */
export function acquisitionFrame(protocol: Protocol, plane: ImagePlane): AcquisitionFrame {
  const transposed = protocol.phaseDirection === 'row';
  const phaseMatrix = even(protocol.matrixPhase);
  const phaseCount = framePhaseCount(protocol);
  return {
    plane,
    readDirection: transposed ? plane.columnDirection : plane.rowDirection,
    phaseDirection: transposed ? plane.rowDirection : plane.columnDirection,
    readCount: even(protocol.matrixRead),
    phaseCount,
    fovRead: protocol.fovRead,
    fovPhase: (protocol.fovPhase * phaseCount) / phaseMatrix,
    phaseMatrix,
    transposed,
  };
}

/** Patient position of the centre of pixel (0, 0) of a plane: DICOM ImagePositionPatient [m]. */
export function firstPixelCenter(plane: ImagePlane): Vec3 {
  return add(
    plane.center,
    add(
      scale(plane.rowDirection, (-plane.columns / 2) * plane.columnSpacing),
      scale(plane.columnDirection, (-plane.rows / 2) * plane.rowSpacing),
    ),
  );
}
