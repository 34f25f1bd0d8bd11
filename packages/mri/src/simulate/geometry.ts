/**
 * Slice geometry of a scan in patient coordinates (LPS, docs/conventions.md "Patient axes and image planes").
 *
 * Display planes follow the usual DICOM viewing convention: a row of the image runs along `rowDirection`, a column
 * along `columnDirection`, and pixel (r, c) of an N-row, M-column image has its centre at
 *   sliceCenter + (c − M/2)·Δc·rowDirection + (r − N/2)·Δr·columnDirection,
 * i.e. the slice centre sits on pixel (N/2, M/2), the same index as the centred FFT's origin (recon/fftnd.ts).
 */
import type { Protocol } from '../sequence/protocol.ts';
import { isThreeDimensional } from '../sequence/timing.ts';
import type { Meters, Vec3 } from '../units.ts';

/** Unit row and column directions of the display planes before any in-plane rotation (DICOM PS3.3 C.7.6.2.1.1). */
const PLANE_AXES: Record<Protocol['geometry']['orientation'], { row: Vec3; column: Vec3 }> = {
  // Axial: left→right of the screen is patient right→left (+x), top→bottom is anterior→posterior (+y).
  axial: { row: [1, 0, 0], column: [0, 1, 0] },
  // Coronal: screen right is patient left (+x), down is foot (−z).
  coronal: { row: [1, 0, 0], column: [0, 0, -1] },
  // Sagittal: screen right is posterior (+y), down is foot (−z).
  sagittal: { row: [0, 1, 0], column: [0, 0, -1] },
};

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

export const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const scale = (a: Vec3, s: number): Vec3 => [a[0] * s, a[1] * s, a[2] * s];
export const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];

/** Rounds to the nearest even integer ≥ 2 (centred FFTs need even lengths). */
const even = (n: number): number => Math.max(2, 2 * Math.round(n / 2));

/** The display planes of every slice of a protocol. */
export function scanGeometry(protocol: Protocol): ScanGeometry {
  const axes = PLANE_AXES[protocol.geometry.orientation];
  const rotation = protocol.geometry.rotation ?? 0;
  const normal = cross(axes.row, axes.column);
  // Rotate row and column about the normal by `rotation` (right-handed).
  const c = Math.cos(rotation);
  const s = Math.sin(rotation);
  const rowDirection = add(scale(axes.row, c), scale(axes.column, s));
  const columnDirection = add(scale(axes.column, c), scale(axes.row, -s));
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
  const phaseCount = even(phaseMatrix * (1 + Math.max(0, protocol.phaseOversampling)));
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
