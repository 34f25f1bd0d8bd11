/**
 * `larmor render`: renders a scan with the fast engine from the command line. Slices run on worker threads (one
 * per core); the result is a PNG per slice in --out, and optionally a DICOM series (--dicom DIR) and a NIfTI
 * volume (--nifti FILE). Every parameter is a flag in SI units (seconds, metres, radians, hertz, tesla).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  defaultPhaseDirection,
  defaultProtocol,
  isThreeDimensional,
  validateProtocol,
} from '@larmor/mri/sequence';
import { dicomMrSeries, niftiVolume } from '@larmor/mri/io';
import { scanGeometry, type NoiseLevel } from '@larmor/mri/simulate';
import {
  scannerOf,
  SEQUENCE_FAMILIES,
  type PhaseDirection,
  type Protocol,
  type Scanner,
  type SequenceFamily,
  type SliceOrientation,
} from '@larmor/mri';
import { seriesWindow, windowToGrey8 } from '@larmor/mri/recon';
import {
  flagValue,
  numberText,
  oneOfText,
  parseFlags,
  requireFlag,
  UsageError,
  type CliCommand,
  type FlagTypes,
} from '../command.ts';
import { diffusionSeries, type RenderedSeries, type SeriesImage } from '../../jobs/diffusionSeries.ts';
import { encodePngGrey8 } from '../render/png.ts';
import { createThreadQueue } from '../../jobs/threadQueue.ts';
import { derivedValuesLine } from '../render/derived.ts';
import { isNiftiFileName, niftiFileBytes } from '../../exports/nifti.ts';
import { availableModels } from '../../anatomy/modelStore.ts';

const USAGE =
  'render --model brain|knee|ID --sequence SE|TSE|GRE|… --tr S --te S [--ti S] [--flip RAD] [--etl N] ' +
  '[--bw HZ_PER_PIXEL] [--matrix N | --matrix-read N --matrix-phase N] [--fov M | --fov-read M --fov-phase M] ' +
  '[--thickness M] [--gap M] [--slices N] [--orientation axial|sagittal|coronal] [--center X,Y,Z] ' +
  '[--phase-dir row|column] [--nex N] [--oversampling F] [--partial-fourier F] [--fat-sat | --no-fat-sat] ' +
  '[--b-values B,B,… (s/m², DWI)] [--b0 T] [--coil NAME] ' +
  '[--noise 0-3] [--seed N] [--single-coil] [--no-prescan-normalize] [--susceptibility] [--threads N] --out DIR [--dicom DIR] [--nifti FILE.nii|FILE.nii.gz]';

/** Every flag of `larmor render` and its kind; any other flag is a usage error naming it. */
export const RENDER_FLAGS: FlagTypes = {
  model: 'string', sequence: 'string', tr: 'string', te: 'string', ti: 'string', flip: 'string',
  etl: 'string', bw: 'string', matrix: 'string', 'matrix-read': 'string', 'matrix-phase': 'string',
  fov: 'string', 'fov-read': 'string', 'fov-phase': 'string', thickness: 'string', gap: 'string',
  slices: 'string', orientation: 'string', center: 'string', 'phase-dir': 'string', nex: 'string',
  oversampling: 'string', 'partial-fourier': 'string', 'fat-sat': 'boolean', 'no-fat-sat': 'boolean',
  'b-values': 'string', b0: 'string', coil: 'string', noise: 'string', seed: 'string', 'single-coil': 'boolean', susceptibility: 'boolean',
  'no-prescan-normalize': 'boolean', threads: 'string', out: 'string', dicom: 'string', nifti: 'string',
}; // prettier-ignore

type Flags = ReturnType<typeof parseFlags>['flags'];

/** A numeric flag: the default when absent, a UsageError naming the flag when not a finite number in range. */
function numberFlag(flags: Flags, name: string, fallback: number, min = -Infinity, max = Infinity): number {
  return flagValue(flags, name, numberText(min, max), fallback);
}

function integerFlag(flags: Flags, name: string, fallback: number, min: number, max: number): number {
  return flagValue(flags, name, numberText(min, max, true), fallback);
}

function oneOf<T extends string>(flags: Flags, name: string, allowed: readonly T[], fallback: T): T {
  return flagValue(flags, name, oneOfText(allowed), fallback);
}

/** A comma-separated list of numbers in [min, max], or `fallback` when the flag is absent. */
function numberListFlag(
  flags: Flags,
  name: string,
  fallback: readonly number[] | undefined,
  min: number,
  max: number,
): readonly number[] | undefined {
  const raw = flags.get(name);
  if (raw === undefined) return fallback;
  const values = typeof raw === 'string' ? raw.split(',').map(Number) : [NaN];
  if (values.some((v) => !Number.isFinite(v) || v < min || v > max)) {
    throw new UsageError(
      `--${name} must be numbers in [${min}, ${max}] separated by commas, got '${String(raw)}'`,
    );
  }
  return values;
}

/**
 * The protocol described by the flags on `scanner`: what a flag leaves out comes from the family's default
 * protocol (sequence/defaults.ts: bandwidth, echo train, EPI matrix, fat saturation, b-values, …) as a console
 * starts a new sequence, except that a 2D scan defaults to one slice at the isocentre.
 */
export function protocolFromFlags(flags: Flags, scanner: Scanner): Protocol {
  const family = oneOf<SequenceFamily>(flags, 'sequence', SEQUENCE_FAMILIES, 'SE');
  if (!flags.has('sequence')) throw new UsageError('--sequence is required');
  if (!flags.has('tr') || !flags.has('te')) throw new UsageError('--tr and --te are required [s]');
  const base = defaultProtocol(family, scanner);
  const matrixRead = integerFlag(flags, 'matrix', base.matrixRead, 8, 1024);
  const matrixPhase = integerFlag(flags, 'matrix', base.matrixPhase, 8, 1024);
  const fovRead = numberFlag(flags, 'fov', base.fovRead, 0.01, 0.6);
  const fovPhase = numberFlag(flags, 'fov', base.fovPhase, 0.01, 0.6);
  const centerRaw = flags.get('center');
  const center = typeof centerRaw === 'string' ? centerRaw.split(',').map(Number) : [0, 0, 0];
  if (center.length !== 3 || center.some((v) => !Number.isFinite(v))) {
    throw new UsageError('--center must be three numbers X,Y,Z in metres (LPS)');
  }
  const partialFourier = numberFlag(flags, 'partial-fourier', base.partialFourier, 0.5, 1);
  const ti = flags.has('ti') ? numberFlag(flags, 'ti', 0, 0, 10) : undefined;
  if (['IR', 'STIR', 'FLAIR', 'MPRAGE', 'MOLLI'].includes(family) && ti === undefined) {
    throw new UsageError(`--ti is required for ${family} [s]`);
  }
  const orientation = oneOf<SliceOrientation>(
    flags,
    'orientation',
    ['axial', 'sagittal', 'coronal'],
    'axial',
  );
  const bValues = numberListFlag(flags, 'b-values', base.bValues, 0, 1e10);
  return {
    ...base,
    repetitionTime: numberFlag(flags, 'tr', base.repetitionTime, 1e-3, 20),
    echoTime: numberFlag(flags, 'te', base.echoTime, 0, 1),
    ...(ti !== undefined ? { inversionTime: ti } : {}),
    flipAngle: numberFlag(flags, 'flip', base.flipAngle, 0, Math.PI),
    echoTrainLength: integerFlag(flags, 'etl', base.echoTrainLength, 1, 512),
    bandwidthPerPixel: numberFlag(flags, 'bw', base.bandwidthPerPixel, 10, 5000),
    fovRead: numberFlag(flags, 'fov-read', fovRead, 0.01, 0.6),
    fovPhase: numberFlag(flags, 'fov-phase', fovPhase, 0.01, 0.6),
    matrixRead: integerFlag(flags, 'matrix-read', matrixRead, 8, 1024),
    matrixPhase: integerFlag(flags, 'matrix-phase', matrixPhase, 8, 1024),
    sliceThickness: numberFlag(flags, 'thickness', base.sliceThickness, 1e-4, 0.1),
    sliceGap: numberFlag(flags, 'gap', base.sliceGap, 0, 0.1),
    sliceCount: integerFlag(flags, 'slices', isThreeDimensional(base) ? base.sliceCount : 1, 1, 256),
    geometry: {
      orientation,
      center: [center[0] ?? 0, center[1] ?? 0, center[2] ?? 0],
    },
    phaseDirection: oneOf<PhaseDirection>(
      flags,
      'phase-dir',
      ['row', 'column'],
      defaultPhaseDirection(orientation),
    ),
    nex: integerFlag(flags, 'nex', base.nex, 1, 64),
    phaseOversampling: numberFlag(flags, 'oversampling', base.phaseOversampling, 0, 1),
    fatSaturation: flags.has('fat-sat') || (base.fatSaturation && !flags.has('no-fat-sat')),
    partialFourier: partialFourier === 0.5 ? 0.51 : partialFourier,
    ...(bValues ? { bValues } : {}),
  };
}

/**
 * The protocol of the flags, checked against every limit of the scanner (sequence/validate.ts), as the console
 * and the server check it: a UsageError quoting each violation, so an impossible protocol is never rendered.
 */
export function validProtocolFromFlags(flags: Flags, scanner: Scanner): Protocol {
  const protocol = protocolFromFlags(flags, scanner);
  const violations = validateProtocol(protocol, scanner);
  if (violations.length > 0) {
    throw new UsageError(
      `the protocol cannot run on this scanner:\n${violations.map((v) => `  ${v.message}`).join('\n')}`,
    );
  }
  return protocol;
}

export const renderCommand: CliCommand = {
  name: 'render',
  summary: USAGE,
  async run(args) {
    const { flags } = parseFlags(args, RENDER_FLAGS);
    const modelFlag = requireFlag(flags, 'model');
    const out = requireFlag(flags, 'out');
    const niftiName = flags.get('nifti');
    if (niftiName !== undefined && (typeof niftiName !== 'string' || !isNiftiFileName(niftiName))) {
      throw new UsageError(`--nifti must name a .nii or .nii.gz file (.nii.gz is gzip-compressed)`);
    }
    const models = availableModels();
    const info = models.find((m) => m.key === modelFlag || String(m.id) === modelFlag);
    if (!info) throw new UsageError(`--model must be one of ${models.map((m) => m.key).join(', ')}`);
    const coilFlag = flags.get('coil');
    const coil = typeof coilFlag === 'string' ? coilFlag : (info.coils[0]?.uniqueName ?? 'body');
    if (!info.coils.some((c) => c.uniqueName === coil)) {
      throw new UsageError(`--coil must be one of ${info.coils.map((c) => c.uniqueName).join(', ')}`);
    }
    const scanner = scannerOf({ b0field: numberFlag(flags, 'b0', 1.5, 0.1, 7), coil });
    const protocol = validProtocolFromFlags(flags, scanner);
    const noiseLevel = integerFlag(flags, 'noise', 1, 0, 3) as NoiseLevel;
    const seed = integerFlag(flags, 'seed', 1, 0, 2 ** 32 - 1);
    const threads = integerFlag(flags, 'threads', 0, 0, 256);

    const started = performance.now();
    const queue = createThreadQueue(threads > 0 ? { threads } : {});
    const scan = async (p: Protocol, s: number): Promise<readonly SeriesImage[]> => {
      const job = await queue.submit({
        engine: 'cpusim',
        model: { id: info.id },
        protocol: p,
        scanner,
        simulation: {
          noiseLevel,
          receive: flags.get('single-coil') === true ? 'single' : 'array',
          prescanNormalize: !flags.has('no-prescan-normalize'),
          susceptibility: flags.get('susceptibility') === true,
        },
        tissueOverrides: {},
        seed: s,
      });
      return (await job.result).slices;
    };
    let series: RenderedSeries[];
    try {
      // DWI: a trace series per b-value and the ADC map, each in its own folder (b0/, b1000/, adc/).
      series =
        protocol.family === 'DWI'
          ? await diffusionSeries(protocol, seed, scan)
          : [
              {
                name: '',
                description: `${protocol.family} ${info.name}`,
                protocol,
                images: await scan(protocol, seed),
              },
            ];
    } finally {
      await queue.close();
    }
    const geometry = scanGeometry(protocol);
    const now = new Date().toISOString();
    series.forEach((s, number) => {
      const images = s.images;
      const pngDir = path.join(out, s.name);
      mkdirSync(pngDir, { recursive: true });
      // The PNGs show the series' default window, the one the DICOM carries and the viewers open with.
      const window = seriesWindow(images.map((r) => r.magnitude));
      images.forEach((r, i) => {
        const name = path.join(pngDir, `slice-${String(i + 1).padStart(3, '0')}.png`);
        writeFileSync(name, encodePngGrey8(windowToGrey8(r.magnitude, window), r.columns, r.rows));
      });
      const dicomFlag = flags.get('dicom');
      if (typeof dicomFlag === 'string') {
        const dicomDir = path.join(dicomFlag, s.name);
        mkdirSync(dicomDir, { recursive: true });
        const files = dicomMrSeries({
          images,
          geometry,
          protocol: s.protocol,
          scanner,
          // One study and frame of reference for a DWI scan's series (b0/, b1000/, adc/); each its own series UID.
          scanKey: `cli/${info.key}/${seed}/${now}`,
          ...(s.name ? { seriesKey: s.name } : {}),
          date: now.slice(0, 10).replaceAll('-', ''),
          time: now.slice(11, 19).replaceAll(':', ''),
          seriesDescription: s.description,
          seriesNumber: number + 1,
          ...(s.imageType ? { imageType: s.imageType } : {}),
          ...(info.notice ? { anatomyNotice: info.notice } : {}),
        });
        files.forEach((f, i) =>
          writeFileSync(path.join(dicomDir, `IM${String(i + 1).padStart(4, '0')}.dcm`), f),
        );
      }
      const niftiFlag = flags.get('nifti');
      if (typeof niftiFlag === 'string') {
        // DWI series get their name before the extension: scan-b1000.nii.gz, scan-adc.nii.gz.
        const niftiFile = s.name ? niftiFlag.replace(/(\.nii(\.gz)?)$/, `-${s.name}$1`) : niftiFlag;
        mkdirSync(path.dirname(path.resolve(niftiFile)), { recursive: true });
        const nii = niftiVolume({
          images,
          geometry,
          repetitionTime: protocol.repetitionTime,
          ...(info.notice ? { anatomyNotice: info.notice } : {}),
        });
        writeFileSync(niftiFile, niftiFileBytes(niftiFile, nii));
      }
    });
    const seconds = (performance.now() - started) / 1000;
    const slices = series[0]?.images.length ?? 0;
    const names = series.length > 1 ? ` (${series.map((s) => s.name).join(', ')})` : '';
    console.log(
      `${slices} ${protocol.family} slice(s)${names} of ${info.name} on ${queue.concurrency} thread(s) in ${seconds.toFixed(2)} s → ${out}`,
    );
    console.log(derivedValuesLine(protocol, scanner, info.id));
    return 0;
  },
};
