/**
 * `larmor render`: renders a scan with the fast engine from the command line. Slices run on worker threads (one
 * per core); the result is a PNG per slice in --out, and optionally a DICOM series (--dicom DIR) and a NIfTI
 * volume (--nifti FILE). Every parameter is a flag in SI units (seconds, metres, radians, hertz, tesla).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  dicomMrSeries,
  listModels,
  niftiVolume,
  scanGeometry,
  SEQUENCE_FAMILIES,
  type NoiseLevel,
  type PhaseDirection,
  type Protocol,
  type Scanner,
  type SequenceFamily,
  type SliceOrientation,
} from '@larmor/mri';
import { parseFlags, requireFlag, UsageError, type CliCommand } from '../command.ts';
import { encodePngGrey8, toGrey8 } from '../render/png.ts';
import { FastSlicePool } from '../render/slicePool.ts';

const USAGE =
  'render --model brain|knee|ID --sequence SE|TSE|GRE|… --tr S --te S [--ti S] [--flip RAD] [--etl N] ' +
  '[--bw HZ_PER_PIXEL] [--matrix N | --matrix-read N --matrix-phase N] [--fov M | --fov-read M --fov-phase M] ' +
  '[--thickness M] [--gap M] [--slices N] [--orientation axial|sagittal|coronal] [--center X,Y,Z] ' +
  '[--phase-dir row|column] [--nex N] [--oversampling F] [--partial-fourier F] [--fat-sat] [--b0 T] [--coil NAME] ' +
  '[--noise 0-3] [--seed N] [--single-coil] [--susceptibility] [--threads N] --out DIR [--dicom DIR] [--nifti FILE]';

type Flags = ReturnType<typeof parseFlags>['flags'];

/** A numeric flag: the default when absent, a UsageError naming the flag when not a finite number in range. */
function numberFlag(flags: Flags, name: string, fallback: number, min = -Infinity, max = Infinity): number {
  const raw = flags.get(name);
  if (raw === undefined) return fallback;
  const value = typeof raw === 'string' ? Number(raw) : NaN;
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new UsageError(`--${name} must be a number in [${min}, ${max}], got '${String(raw)}'`);
  }
  return value;
}

function integerFlag(flags: Flags, name: string, fallback: number, min: number, max: number): number {
  const value = numberFlag(flags, name, fallback, min, max);
  if (!Number.isInteger(value)) throw new UsageError(`--${name} must be an integer, got ${value}`);
  return value;
}

function oneOf<T extends string>(flags: Flags, name: string, allowed: readonly T[], fallback: T): T {
  const raw = flags.get(name);
  if (raw === undefined) return fallback;
  if (typeof raw !== 'string' || !allowed.includes(raw as T)) {
    throw new UsageError(`--${name} must be one of ${allowed.join(', ')}, got '${String(raw)}'`);
  }
  return raw as T;
}

/** The protocol described by the flags (defaults: a 2D axial scan at the isocentre). */
export function protocolFromFlags(flags: Flags): Protocol {
  const family = oneOf<SequenceFamily>(flags, 'sequence', SEQUENCE_FAMILIES, 'SE');
  if (!flags.has('sequence')) throw new UsageError('--sequence is required');
  if (!flags.has('tr') || !flags.has('te')) throw new UsageError('--tr and --te are required [s]');
  const matrix = integerFlag(flags, 'matrix', 256, 8, 1024);
  const fov = numberFlag(flags, 'fov', 0.24, 0.01, 0.6);
  const centerRaw = flags.get('center');
  const center = typeof centerRaw === 'string' ? centerRaw.split(',').map(Number) : [0, 0, 0];
  if (center.length !== 3 || center.some((v) => !Number.isFinite(v))) {
    throw new UsageError('--center must be three numbers X,Y,Z in metres (LPS)');
  }
  const partialFourier = numberFlag(flags, 'partial-fourier', 1, 0.5, 1);
  const ti = flags.has('ti') ? numberFlag(flags, 'ti', 0, 0, 10) : undefined;
  if (['IR', 'STIR', 'FLAIR', 'MPRAGE', 'MOLLI'].includes(family) && ti === undefined) {
    throw new UsageError(`--ti is required for ${family} [s]`);
  }
  return {
    family,
    repetitionTime: numberFlag(flags, 'tr', 0.5, 1e-3, 20),
    echoTime: numberFlag(flags, 'te', 0.015, 0, 1),
    ...(ti !== undefined ? { inversionTime: ti } : {}),
    flipAngle: numberFlag(flags, 'flip', Math.PI / 2, 0, Math.PI),
    echoTrainLength: integerFlag(flags, 'etl', 1, 1, 512),
    bandwidthPerPixel: numberFlag(flags, 'bw', 130, 10, 5000),
    fovRead: numberFlag(flags, 'fov-read', fov, 0.01, 0.6),
    fovPhase: numberFlag(flags, 'fov-phase', fov, 0.01, 0.6),
    matrixRead: integerFlag(flags, 'matrix-read', matrix, 8, 1024),
    matrixPhase: integerFlag(flags, 'matrix-phase', matrix, 8, 1024),
    sliceThickness: numberFlag(flags, 'thickness', 0.005, 1e-4, 0.1),
    sliceGap: numberFlag(flags, 'gap', 0.001, 0, 0.1),
    sliceCount: integerFlag(flags, 'slices', 1, 1, 256),
    geometry: {
      orientation: oneOf<SliceOrientation>(flags, 'orientation', ['axial', 'sagittal', 'coronal'], 'axial'),
      center: [center[0] ?? 0, center[1] ?? 0, center[2] ?? 0],
    },
    phaseDirection: oneOf<PhaseDirection>(flags, 'phase-dir', ['row', 'column'], 'column'),
    nex: integerFlag(flags, 'nex', 1, 1, 64),
    phaseOversampling: numberFlag(flags, 'oversampling', 0, 0, 1),
    fatSaturation: flags.get('fat-sat') === true,
    partialFourier: partialFourier === 0.5 ? 0.51 : partialFourier,
  };
}

/** The value at quantile q of all magnitudes (the white level of the PNGs). */
function quantile(images: readonly { magnitude: Float32Array }[], q: number): number {
  const all = Float32Array.from(images.flatMap((i) => Array.from(i.magnitude)));
  all.sort();
  return all[Math.min(all.length - 1, Math.floor(q * all.length))] ?? 0;
}

export const renderCommand: CliCommand = {
  name: 'render',
  summary: USAGE,
  async run(args) {
    const { flags } = parseFlags(args);
    const modelFlag = requireFlag(flags, 'model');
    const out = requireFlag(flags, 'out');
    const models = listModels();
    const info = models.find((m) => m.key === modelFlag || String(m.id) === modelFlag);
    if (!info) throw new UsageError(`--model must be one of ${models.map((m) => m.key).join(', ')}`);
    const protocol = protocolFromFlags(flags);
    const coilFlag = flags.get('coil');
    const coil = typeof coilFlag === 'string' ? coilFlag : (info.coils[0]?.uniqueName ?? 'body');
    if (!info.coils.some((c) => c.uniqueName === coil)) {
      throw new UsageError(`--coil must be one of ${info.coils.map((c) => c.uniqueName).join(', ')}`);
    }
    const scanner: Scanner = {
      b0: numberFlag(flags, 'b0', 1.5, 0.1, 7),
      maxGradient: 0.045,
      maxSlewRate: 200,
      coil,
    };
    const noiseLevel = integerFlag(flags, 'noise', 1, 0, 3) as NoiseLevel;
    const seed = integerFlag(flags, 'seed', 1, 0, 2 ** 32 - 1);
    const threads = integerFlag(flags, 'threads', 0, 0, 256);

    const started = performance.now();
    const pool = new FastSlicePool(threads > 0 ? threads : undefined);
    let results;
    try {
      results = await pool.run({
        modelId: info.id,
        protocol,
        scanner,
        noiseLevel,
        seed,
        receive: flags.get('single-coil') === true ? 'single' : 'array',
        susceptibility: flags.get('susceptibility') === true,
      });
    } finally {
      await pool.close();
    }
    const geometry = scanGeometry(protocol);
    mkdirSync(out, { recursive: true });
    const white = quantile(results, 0.995);
    results.forEach((r, i) => {
      const name = path.join(out, `slice-${String(i + 1).padStart(3, '0')}.png`);
      writeFileSync(name, encodePngGrey8(toGrey8(r.magnitude, white), r.columns, r.rows));
    });
    const dicomDir = flags.get('dicom');
    if (typeof dicomDir === 'string') {
      mkdirSync(dicomDir, { recursive: true });
      const now = new Date().toISOString();
      const files = dicomMrSeries({
        images: results,
        geometry,
        protocol,
        scanner,
        scanKey: `cli/${info.key}/${seed}/${now}`,
        date: now.slice(0, 10).replaceAll('-', ''),
        time: now.slice(11, 19).replaceAll(':', ''),
        seriesDescription: `${protocol.family} ${info.name}`,
      });
      files.forEach((f, i) =>
        writeFileSync(path.join(dicomDir, `IM${String(i + 1).padStart(4, '0')}.dcm`), f),
      );
    }
    const niftiFile = flags.get('nifti');
    if (typeof niftiFile === 'string') {
      mkdirSync(path.dirname(path.resolve(niftiFile)), { recursive: true });
      writeFileSync(
        niftiFile,
        niftiVolume({ images: results, geometry, repetitionTime: protocol.repetitionTime }),
      );
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${results.length} ${protocol.family} slice(s) of ${info.name} on ${pool.size} thread(s) in ${seconds.toFixed(2)} s → ${out}`,
    );
    return 0;
  },
};
