/**
 * The MR attributes of an exported image (PS3.3 C.8.3.1 MR Image module, and the MR Timing, Echo and Diffusion
 * macros' attributes that readers such as dcm2niix look for in single-frame images): how it was acquired, the
 * derived values a console reports (acquisition time, SAR), and per image its echo and diffusion weighting.
 */
import { GYROMAGNETIC_RATIO_HZ_PER_T } from '../../constants.ts';
import { sarEstimate, scanTime } from '../../sequence/derived.ts';
import type { Protocol, Scanner, SequenceFamily } from '../../sequence/protocol.ts';
import { isThreeDimensional } from '../../sequence/timing.ts';
import type { Seconds, Vec3 } from '../../units.ts';
import { radToDeg, sToMs } from '../../units.ts';
import { decimalString as ds, type DicomElement } from './encode.ts';

/** Echo of a multi-echo image: its number from 1 and echo time [s]. */
export interface DicomEcho {
  number: number;
  time: Seconds;
}

/** Diffusion weighting of an image: b [s/m²] and unit gradient direction (LPS); no direction for b = 0 or trace. */
export interface DicomDiffusion {
  bValue: number;
  direction?: Vec3;
}

/** s/m² → s/mm², DICOM's unit of DiffusionBValue. */
const S_PER_M2_TO_S_PER_MM2 = 1e-6;

/** ScanningSequence and SequenceVariant (PS3.3 C.8.3.1, defined terms) of each family. */
const SEQUENCE_TERMS: Record<SequenceFamily, { scanning: string[]; variant: string[] }> = {
  SE: { scanning: ['SE'], variant: ['NONE'] },
  TSE: { scanning: ['SE'], variant: ['SK'] },
  GRE: { scanning: ['GR'], variant: ['SP'] },
  bSSFP: { scanning: ['GR'], variant: ['SS'] },
  IR: { scanning: ['IR', 'SE'], variant: ['NONE'] },
  STIR: { scanning: ['IR', 'SE'], variant: ['NONE'] },
  FLAIR: { scanning: ['IR', 'SE'], variant: ['NONE'] },
  MPRAGE: { scanning: ['IR', 'GR'], variant: ['SK', 'SP', 'MP'] },
  'GRE-EPI': { scanning: ['EP', 'GR'], variant: ['SK'] },
  'SE-EPI': { scanning: ['EP', 'SE'], variant: ['SK'] },
  DWI: { scanning: ['EP', 'SE'], variant: ['SK'] },
  Dixon: { scanning: ['GR'], variant: ['SP'] },
  SWI: { scanning: ['GR'], variant: ['SP'] },
  MOLLI: { scanning: ['IR', 'GR'], variant: ['SS', 'MP'] },
};

/**
 * Attributes shared by every image of a series: sequence, timing, field, matrix, and the console's derived
 * values: AcquisitionDuration (0018,9073) [s] from `scanTime` and SAR (0018,1316) [W/kg] from `sarEstimate`.
 */
export function acquisitionElements(protocol: Protocol, scanner: Scanner): DicomElement[] {
  const terms = SEQUENCE_TERMS[protocol.family];
  const variant = terms.variant.filter((v) => v !== 'NONE' || protocol.phaseOversampling === 0);
  if (protocol.phaseOversampling > 0) variant.push('OSP');
  const options = [
    ...(protocol.partialFourier < 1 ? ['PFP'] : []),
    ...(protocol.fatSaturation ? ['FS'] : []),
  ];
  const phaseAlongColumns = protocol.phaseDirection === 'column';
  return [
    { tag: 0x00180020, vr: 'CS', value: terms.scanning },
    { tag: 0x00180021, vr: 'CS', value: variant.length > 0 ? variant : ['NONE'] },
    { tag: 0x00180022, vr: 'CS', value: options },
    { tag: 0x00180023, vr: 'CS', value: isThreeDimensional(protocol) ? '3D' : '2D' },
    { tag: 0x00180080, vr: 'DS', value: ds(sToMs(protocol.repetitionTime)) },
    ...(protocol.inversionTime !== undefined && terms.scanning.includes('IR')
      ? [{ tag: 0x00180082, vr: 'DS' as const, value: ds(sToMs(protocol.inversionTime)) }]
      : []),
    { tag: 0x00180083, vr: 'DS', value: ds(protocol.nex) },
    { tag: 0x00180084, vr: 'DS', value: ds((GYROMAGNETIC_RATIO_HZ_PER_T * scanner.b0) / 1e6) },
    { tag: 0x00180085, vr: 'SH', value: '1H' },
    { tag: 0x00180087, vr: 'DS', value: ds(scanner.b0) },
    { tag: 0x00180091, vr: 'IS', value: String(Math.round(protocol.echoTrainLength)) },
    { tag: 0x00180095, vr: 'DS', value: ds(protocol.bandwidthPerPixel) },
    {
      tag: 0x00181310,
      vr: 'US',
      value: phaseAlongColumns
        ? [0, protocol.matrixRead, protocol.matrixPhase, 0]
        : [protocol.matrixRead, 0, 0, protocol.matrixPhase],
    },
    { tag: 0x00181312, vr: 'CS', value: phaseAlongColumns ? 'COL' : 'ROW' },
    { tag: 0x00181314, vr: 'DS', value: ds(radToDeg(protocol.flipAngle)) },
    { tag: 0x00181316, vr: 'DS', value: ds(sarEstimate(protocol, scanner).wattsPerKilogram) },
    { tag: 0x00189073, vr: 'FD', value: [scanTime(protocol, scanner).seconds] },
  ];
}

/**
 * Attributes of one image: EchoTime (0018,0081) [ms] and EchoNumbers (0018,0086), then for diffusion
 * DiffusionDirectionality (0018,9075), DiffusionBValue (0018,9087) [s/mm²] and DiffusionGradientOrientation
 * (0018,9089), the attributes dcm2niix reads into .bval/.bvec.
 */
export function imageElements(
  protocol: Protocol,
  echo: DicomEcho | undefined,
  diffusion: DicomDiffusion | undefined,
): DicomElement[] {
  const elements: DicomElement[] = [
    { tag: 0x00180081, vr: 'DS', value: ds(sToMs(echo?.time ?? protocol.echoTime)) },
    { tag: 0x00180086, vr: 'IS', value: String(echo?.number ?? 1) },
  ];
  if (diffusion) {
    const directional = diffusion.bValue > 0 && diffusion.direction !== undefined;
    elements.push(
      {
        tag: 0x00189075,
        vr: 'CS',
        value: directional ? 'DIRECTIONAL' : diffusion.bValue > 0 ? 'ISOTROPIC' : 'NONE',
      },
      { tag: 0x00189087, vr: 'FD', value: [diffusion.bValue * S_PER_M2_TO_S_PER_MM2] },
    );
    if (directional && diffusion.direction) {
      elements.push({ tag: 0x00189089, vr: 'FD', value: [...diffusion.direction] });
    }
  }
  return elements;
}
