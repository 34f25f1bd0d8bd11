/**
 * The FOV-centre convention (docs/conventions.md, "FOV centre"): the prescribed slice centre is pixel (N/2, M/2)
 * of the engine's image, and the exported DICOM and NIfTI geometry say so. An object rendered by the fast engine
 * must land, through the DICOM attributes (read back with dcmjs) and through the NIfTI sform, where it is in the
 * patient: a half-pixel disagreement ((N−1)/2 against N/2) would show as a 0.5-pixel error.
 */
import dcmjs from 'dcmjs';
import { describe, expect, it } from 'vitest';
import { acquisitionFrame, scanGeometry } from '../simulate/geometry.ts';
import { LABEL, testProtocol, testTissues, testVolume } from '../simulate/fast/phantom.testing.ts';
import { prepareSlice } from '../simulate/fast/prepare.ts';
import { renderContrast, type RenderedImage } from '../simulate/fast/render.ts';
import type { Protocol } from '../sequence/protocol.ts';
import type { Vec3 } from '../units.ts';
import { dicomMrSeries } from './dicom/mrImage.ts';
import { niftiAffine } from './nifti/write.ts';
import { TEST_SCANNER } from '../scanner.testing.ts';

/**
 * 0.5 mm voxels, 400 × 400 × 8, centred on the isocentre (voxel centres at ±0.25 mm, ±0.75 mm, …), holding a
 * disc of grey matter centred on a voxel centre off the isocentre, uniform along z (the volume is 4 mm thick).
 * The engine samples the labels nearest-neighbour on a fine grid, so an edge can move by up to half a voxel
 * (0.25 mm = 0.06 of the 4 mm pixels below); a half-pixel convention error would move the disc by 2 mm.
 */
const VOXEL_M = 0.0005;
const DISC_CENTRE_M: Vec3 = [0.02025, -0.01225, 0];
/** Between √545 and √548 voxels, so no voxel centre sits on the rim, where rounding could break the symmetry. */
const DISC_RADIUS_M = 0.01168;
const volume = testVolume(
  400,
  (x, y) => (Math.hypot(x - DISC_CENTRE_M[0], y - DISC_CENTRE_M[1]) < DISC_RADIUS_M ? LABEL.greyMatter : 0),
  VOXEL_M,
);
/** Tolerance of the disc's position [pixels]. */
const TOLERANCE_PX = 0.1;

/** Half-width [pixels] of the window the centroid sums over: the disc (radius ≈ 4 px) and most of its ringing. */
const WINDOW_PX = 12;

/**
 * Centroid [column, row] in pixels of the imaginary part (SE magnetisation lies along +y: M⊥ = i·M) over the
 * pixels within `halfWidth` of (c0, r0). Over the whole image the unpaired Nyquist row and column bias it by up
 * to 0.1 pixel; over a window symmetric about the pixel a disc is centred on, it gives that pixel exactly, while
 * a disc centred between pixels (a half-pixel convention error) is off by about 0.5.
 */
function centroid(image: RenderedImage, c0 = 0, r0 = 0, halfWidth = Infinity): [number, number] {
  let sum = 0;
  let sc = 0;
  let sr = 0;
  for (let r = Math.max(0, r0 - halfWidth); r <= Math.min(image.rows - 1, r0 + halfWidth); r++) {
    for (let c = Math.max(0, c0 - halfWidth); c <= Math.min(image.columns - 1, c0 + halfWidth); c++) {
      const m = image.im[r * image.columns + c] ?? 0;
      sum += m;
      sc += m * c;
      sr += m * r;
    }
  }
  return [sc / sum, sr / sum];
}

function render(protocol: Protocol): RenderedImage {
  const plane = scanGeometry(protocol).slices[0];
  if (!plane) throw new Error('no slice');
  const prepared = prepareSlice(volume, acquisitionFrame(protocol, plane));
  return renderContrast(prepared, protocol, TEST_SCANNER, { tissues: testTissues() });
}

/** Patient position [mm] of pixel (column c, row r) from the DICOM attributes as dcmjs reads them. */
function dicomPosition(protocol: Protocol, image: RenderedImage, c: number, r: number): number[] {
  const [file] = dicomMrSeries({
    images: [image],
    geometry: scanGeometry(protocol),
    protocol,
    scanner: TEST_SCANNER,
    scanKey: 'fov-centre',
    date: '20261123',
    time: '120000',
  });
  if (!file) throw new Error('no file');
  const buffer = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer;
  const data = dcmjs.data.DicomMetaDictionary.naturalizeDataset(
    dcmjs.data.DicomMessage.readFile(buffer).dict,
  );
  const position = data['ImagePositionPatient'] as number[];
  const orientation = data['ImageOrientationPatient'] as number[];
  const [betweenRows = NaN, betweenColumns = NaN] = data['PixelSpacing'] as number[];
  // PS3.3 C.7.6.2.1.1: P = S + c·Δcolumns·X + r·Δrows·Y, X the row direction and Y the column direction.
  return [0, 1, 2].map(
    (i) =>
      (position[i] ?? NaN) +
      c * betweenColumns * (orientation[i] ?? NaN) +
      r * betweenRows * (orientation[i + 3] ?? NaN),
  );
}

/** RAS position [mm] of voxel (i, j, 0) through the NIfTI sform. */
function niftiPosition(protocol: Protocol, i: number, j: number): number[] {
  return niftiAffine(scanGeometry(protocol))
    .slice(0, 3)
    .map((row) => (row[0] ?? NaN) * i + (row[1] ?? NaN) * j + (row[3] ?? NaN));
}

describe('FOV centre: the engine, DICOM and NIfTI put pixel (N/2, M/2) on the prescribed centre', () => {
  const cases: { name: string; protocol: Protocol; expectedMm: number[] }[] = [
    {
      name: 'axial, FOV off the isocentre, non-square matrix',
      protocol: testProtocol({
        matrixRead: 64,
        matrixPhase: 48,
        fovRead: 0.256,
        fovPhase: 0.192,
        // The disc sits 3 columns and 4 rows from the centre (4 mm pixels).
        geometry: { orientation: 'axial', center: [0.00825, 0.00375, 0] },
      }),
      expectedMm: [20.25, -12.25, 0],
    },
    {
      name: 'coronal, phase along rows (transposed), FOV off the isocentre',
      protocol: testProtocol({
        matrixRead: 64,
        matrixPhase: 64,
        fovRead: 0.256,
        fovPhase: 0.256,
        phaseDirection: 'row',
        // The disc sits 2 columns and 3 rows from the centre (4 mm pixels).
        geometry: { orientation: 'coronal', center: [0.01225, -0.01225, 0.012] },
      }),
      // The slice at y = −12.25 mm cuts the disc through its centre; along z the volume is centred on 0.
      expectedMm: [20.25, -12.25, 0],
    },
  ];

  it.each(cases)(
    '$name: the disc lands at its patient position (within 0.1 pixel)',
    ({ protocol, expectedMm }) => {
      const image = render(protocol);
      const [roughC, roughR] = centroid(image);
      const [c, r] = centroid(image, Math.round(roughC), Math.round(roughR), WINDOW_PX);
      const pixelMm =
        Math.min(protocol.fovRead / protocol.matrixRead, protocol.fovPhase / protocol.matrixPhase) * 1000;
      const viaDicom = dicomPosition(protocol, image, c, r);
      viaDicom.forEach((v, i) =>
        expect(Math.abs(v - (expectedMm[i] ?? NaN))).toBeLessThan(TOLERANCE_PX * pixelMm),
      );
      const viaNifti = niftiPosition(protocol, c, r);
      const lpsToRas = [-1, -1, 1];
      viaNifti.forEach((v, i) =>
        expect(Math.abs(v - (lpsToRas[i] ?? NaN) * (expectedMm[i] ?? NaN))).toBeLessThan(
          TOLERANCE_PX * pixelMm,
        ),
      );
    },
  );

  it('puts the prescribed centre itself on pixel (N/2, M/2) in both exports', () => {
    const { protocol } = cases[0] ?? { protocol: testProtocol() };
    const plane = scanGeometry(protocol).slices[0];
    if (!plane) throw new Error('no slice');
    const image = render(protocol);
    const centre = protocol.geometry.center.map((x) => x * 1000);
    dicomPosition(protocol, image, plane.columns / 2, plane.rows / 2).forEach((v, i) =>
      expect(v).toBeCloseTo(centre[i] ?? NaN, 6),
    );
  });
});
