/**
 * Scout (localiser) images: one fast, low-resolution gradient-echo slice in each of the three planes through a
 * point, for planning slices (simulator spec, planning). Same engine and conventions as `simulate`.
 */
import type { AnatomicalModel } from '../anatomy/types.ts';
import { defaultPhaseDirection } from '../sequence/defaults.ts';
import type { Protocol, Scanner, SliceOrientation } from '../sequence/protocol.ts';
import type { Meters, Vec3 } from '../units.ts';
import { scanGeometry, type ImagePlane } from './geometry.ts';
import type { RenderedImage } from './fast/render.ts';
import { simulateSlice, type SimulateOptions } from './simulate.ts';

/**
 * A localiser protocol: spoiled GRE, TR 8 ms, TE 4 ms, 25°, 256 × 256 over `fov`, 8 mm slice, phase encoded in
 * the orientation's default direction (across the body, so nothing wraps along its long axis).
 */
export function scoutProtocol(orientation: SliceOrientation, center: Vec3, fov: Meters): Protocol {
  return {
    family: 'GRE',
    repetitionTime: 0.008,
    echoTime: 0.004,
    flipAngle: (25 * Math.PI) / 180,
    echoTrainLength: 1,
    bandwidthPerPixel: 300,
    fovRead: fov,
    fovPhase: fov,
    matrixRead: 256,
    matrixPhase: 256,
    sliceThickness: 0.008,
    sliceGap: 0,
    sliceCount: 1,
    geometry: { orientation, center },
    phaseDirection: defaultPhaseDirection(orientation),
    nex: 1,
    phaseOversampling: 0,
    fatSaturation: false,
    partialFourier: 1,
  };
}

/** A scout image and its plane. */
export interface ScoutImage {
  orientation: SliceOrientation;
  plane: ImagePlane;
  image: RenderedImage;
}

/** Axial, sagittal and coronal scouts through `center` covering `fov` [m] (default: 0.3 m). */
export function scoutImages(
  anatomy: AnatomicalModel,
  scanner: Scanner,
  options: SimulateOptions,
  center: Vec3 = [0, 0, 0],
  fov: Meters = 0.3,
): ScoutImage[] {
  return (['axial', 'sagittal', 'coronal'] as const).map((orientation) => {
    const protocol = scoutProtocol(orientation, center, fov);
    const { image } = simulateSlice(anatomy, protocol, scanner, { ...options, receive: 'single' }, 0);
    const plane = scanGeometry(protocol).slices[0] as ImagePlane;
    return { orientation, plane, image };
  });
}
