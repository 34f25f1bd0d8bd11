/** Test builders of the k-space view: a series' metadata and a phantom's k-space (not product code). */
import type { ReconstructedImages } from '@larmor/contracts/sessions';
import { createFft2d, type ComplexArray } from '@larmor/mri/recon';
import { defaultProtocol, REFERENCE_SCANNER } from '@larmor/mri/sequence';
import type { Protocol } from '@larmor/mri';
import type { KSpaceFrame } from './kspace.ts';

/**
 * A finished TSE series (128 read × 96 phase, 50 % phase oversampling, partial Fourier 0.75: 108 of 144 lines
 * stored); `parameters` patches its protocol.
 */
export function seriesMeta(
  overrides: Partial<ReconstructedImages> = {},
  parameters: Partial<Protocol> = {},
): ReconstructedImages {
  const protocol = {
    ...defaultProtocol('TSE', REFERENCE_SCANNER),
    matrixRead: 128,
    matrixPhase: 96,
    phaseOversampling: 0.5,
    partialFourier: 0.75,
    ...parameters,
  };
  return {
    scanId: 's',
    pulseSequenceId: 'p',
    seriesNumber: 1,
    rows: 96,
    columns: 128,
    pixelSpacing: [0.002, 0.002],
    sliceThickness: 0.005,
    kspaceRows: 108,
    kspaceColumns: 128,
    pixelFormat: 'float32le',
    window: { center: 1, width: 2 },
    parameters: protocol as ReconstructedImages['parameters'],
    seed: 1,
    receiveChannels: 1,
    receiveCoil: 'Head (16 channels)',
    slices: [],
    dicomUrl: '',
    niftiUrl: '',
    ...overrides,
  };
}

/** The centred k-space of a bright square (half the FOV wide) in a dark field. */
export function squarePhantom(frame: KSpaceFrame): ComplexArray {
  const re = new Float64Array(frame.rows * frame.columns);
  const im = new Float64Array(re.length);
  for (let r = frame.rows / 4; r < (3 * frame.rows) / 4; r++)
    re.fill(1, r * frame.columns + frame.columns / 4, r * frame.columns + (3 * frame.columns) / 4);
  createFft2d(frame.rows, frame.columns).forward(re, im);
  return { re, im };
}
