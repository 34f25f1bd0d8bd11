/**
 * `larmor gallery`: a picture of every anatomical model as this installation builds it (issue 22: "screenshots of
 * each model in docs"). Each model is scanned at its centre in the three orientations with a T1-weighted spin
 * echo and a T2-weighted TSE, by the fast engine on worker threads as `larmor render` scans, and the slices are
 * written as PNGs with an index.html that names each model, its protocol and its credit (docs/models.md).
 *
 * The knee, abdomen and spine are derived from the SPL atlases, which may not be committed in any derived form:
 * their pictures are made on the machine that holds the atlases (`npm run gallery` writes them to docs/gallery/,
 * which git ignores), never kept in the repository.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { scannerOf, type Protocol } from '@larmor/mri';
import { seriesWindow, windowToGrey8 } from '@larmor/mri/recon';
import { parseFlags, UsageError, type CliCommand } from '../command.ts';
import { encodePngGrey8 } from '../render/png.ts';
import { createThreadQueue } from '../../jobs/threadQueue.ts';
import { availableModels } from '../../anatomy/modelStore.ts';
import { validProtocolFromFlags } from './render.ts';
import { galleryPage, type GalleryModel } from '../render/gallery-page.ts';

const USAGE = 'gallery --out DIR [--models KEY,KEY,…] [--matrix N] [--threads N]';

/** The two contrasts every model is shown in, as `larmor render` flags [s]. */
export const GALLERY_CONTRASTS = [
  {
    key: 't1',
    title: 'T1-weighted spin echo, TR 500 ms, TE 15 ms',
    flags: { sequence: 'SE', tr: '0.5', te: '0.015' },
  },
  {
    key: 't2',
    title: 'T2-weighted TSE, TR 4000 ms, TE 100 ms, echo train 16',
    flags: { sequence: 'TSE', tr: '4', te: '0.1', etl: '16' },
  },
] as const;

export const GALLERY_ORIENTATIONS = ['axial', 'sagittal', 'coronal'] as const;

/**
 * Field of view by model [m]: a typical clinical field for that body part (head 240 mm, knee 160 mm, lumbar
 * spine 300 mm, abdomen and pelvis 400 mm, shoulder and hand 200 mm), chosen to frame the model; 240 mm for any
 * other model.
 */
const FOV_BY_MODEL: Readonly<Record<string, number>> = {
  brain: 0.24,
  knee: 0.16,
  spine: 0.3,
  abdomen: 0.4,
  pelvis: 0.4,
  heart: 0.32,
  shoulder: 0.2,
  hand: 0.2,
};
const DEFAULT_FOV_M = 0.24;

/**
 * The protocol of one gallery picture of model `key` on `scanner`, centred on `center` [m, LPS] (the model's
 * first region), checked as `larmor render` checks its flags.
 */
export function galleryProtocol(
  key: string,
  center: readonly [number, number, number],
  contrast: (typeof GALLERY_CONTRASTS)[number],
  orientation: (typeof GALLERY_ORIENTATIONS)[number],
  matrix: number,
  scanner: ReturnType<typeof scannerOf>,
): Protocol {
  const flags = new Map<string, string | true>(Object.entries(contrast.flags));
  flags.set('orientation', orientation);
  flags.set('center', center.join(','));
  flags.set('fov', String(FOV_BY_MODEL[key] ?? DEFAULT_FOV_M));
  flags.set('matrix', String(matrix));
  flags.set('thickness', '0.005');
  return validProtocolFromFlags(flags, scanner);
}

function integer(raw: string | true | undefined, name: string, fallback: number, min: number, max: number) {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (typeof raw !== 'string' || !Number.isInteger(value) || value < min || value > max) {
    throw new UsageError(`--${name} must be a whole number in [${min}, ${max}], got '${String(raw)}'`);
  }
  return value;
}

export const galleryCommand: CliCommand = {
  name: 'gallery',
  summary: `${USAGE}   a T1 and a T2 picture of every model in three orientations, as PNGs and an index.html`,
  async run(args) {
    const { flags } = parseFlags(args, {
      out: 'string',
      models: 'string',
      matrix: 'string',
      threads: 'string',
    });
    const out = flags.get('out');
    if (typeof out !== 'string') throw new UsageError('--out is required');
    const every = availableModels();
    const wanted = flags.get('models');
    const keys = typeof wanted === 'string' ? wanted.split(',') : every.map((m) => m.key);
    const unknown = keys.filter((k) => !every.some((m) => m.key === k));
    if (unknown.length > 0) {
      throw new UsageError(
        `--models: no model ${unknown.join(', ')}; the models are ${every.map((m) => m.key).join(', ')}`,
      );
    }
    const models = every.filter((m) => keys.includes(m.key));
    const matrix = integer(flags.get('matrix'), 'matrix', 256, 32, 512);
    const threads = integer(flags.get('threads'), 'threads', 0, 0, 256);

    const queue = createThreadQueue(threads > 0 ? { threads } : {});
    const shown: GalleryModel[] = [];
    try {
      for (const info of models) {
        const scanner = scannerOf({ b0field: 1.5, coil: info.coils[0]?.uniqueName ?? 'body' });
        const pictures = GALLERY_CONTRASTS.flatMap((contrast) =>
          GALLERY_ORIENTATIONS.map(async (orientation) => {
            const center = info.regions[0]?.center ?? [0, 0, 0];
            const protocol = galleryProtocol(info.key, center, contrast, orientation, matrix, scanner);
            const job = await queue.submit({
              engine: 'cpusim',
              model: { id: info.id },
              protocol,
              scanner,
              simulation: { noiseLevel: 1, receive: 'array', prescanNormalize: true, susceptibility: false },
              tissueOverrides: {},
              seed: 1,
            });
            const [slice] = (await job.result).slices;
            if (!slice) throw new Error(`the ${info.key} ${contrast.key} ${orientation} scan gave no slice`);
            const file = `${info.key}/${contrast.key}-${orientation}.png`;
            const window = seriesWindow([slice.magnitude]);
            mkdirSync(path.join(out, info.key), { recursive: true });
            writeFileSync(
              path.join(out, file),
              encodePngGrey8(windowToGrey8(slice.magnitude, window), slice.columns, slice.rows),
            );
            return { file, contrast: contrast.title, orientation };
          }),
        );
        shown.push({
          key: info.key,
          name: info.name,
          ...(info.notice ? { notice: info.notice } : {}),
          fovMm: Math.round(1000 * (FOV_BY_MODEL[info.key] ?? DEFAULT_FOV_M)),
          pictures: await Promise.all(pictures),
        });
        console.log(`${info.name}: ${pictures.length} pictures → ${path.join(out, info.key)}`);
      }
    } finally {
      await queue.close();
    }
    writeFileSync(path.join(out, 'index.html'), galleryPage(shown, matrix));
    console.log(`${path.join(out, 'index.html')}: ${shown.length} model(s)`);
    return 0;
  },
};
