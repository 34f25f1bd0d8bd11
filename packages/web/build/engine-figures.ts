/**
 * A Vite plugin that renders figures with the engine at build time and serves them at `<base>/<name>.png` (or `.jpg`).
 * Rendered PNGs are cached in a git-ignored folder by a hash of their spec, of @larmor/mri's sources and of the knee
 * asset's stamp (atlas or procedural knee), so a rebuild renders only what changed; `vite build` emits them into dist/, `vite` (dev) serves them on request.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { ABDOMEN_ATLAS_NOTICE, KNEE_ATLAS_NOTICE } from '@larmor/mri/anatomy';
import {
  figureContentType,
  figureFileName,
  abdomenAssetPath,
  kneeAssetPath,
  renderFigure,
  type FigureSpec,
} from './render-figure.ts';

const MRI_SOURCES = fileURLToPath(new URL('../../mri/src', import.meta.url));
/** The Colin27 notice, which goes with every image derived from the brain model (DESIGN.md §3). */
const COLIN27_NOTICE = fileURLToPath(
  new URL('../../mri/assets/brain/COPYRIGHT-colin27.txt', import.meta.url),
);
export const COLIN27_NOTICE_NAME = 'COPYRIGHT-colin27.txt';
/** The SPL Knee Atlas credit, which goes with every image of the atlas knee (the atlas licence asks for it). */
export const KNEE_ATLAS_NOTICE_NAME = 'NOTICE-spl-knee-atlas.txt';
const kneeAtlasNotice = (): string => `${KNEE_ATLAS_NOTICE}\n`;
/** The SPL Abdominal Atlas credit, which goes with every image of the atlas abdomen or spine. */
export const ABDOMEN_ATLAS_NOTICE_NAME = 'NOTICE-spl-abdominal-atlas.txt';
const abdomenAtlasNotice = (): string => `${ABDOMEN_ATLAS_NOTICE}\n`;
const fromAbdomen = (spec: FigureSpec): boolean => spec.model === 'abdomen' || spec.model === 'spine';

/** A hash of every @larmor/mri source file: a change in the engine renders the figures again. */
function engineHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir).sort()) {
      const file = path.join(dir, entry);
      if (statSync(file).isDirectory()) walk(file);
      else if (entry.endsWith('.ts') && !entry.endsWith('.test.ts')) hash.update(readFileSync(file));
    }
  };
  walk(MRI_SOURCES);
  // The knee is the atlas knee where its derived asset exists (its stamp names its inputs), else the procedural one.
  const kneeStamp = `${kneeAssetPath()}.sha256`;
  hash.update(existsSync(kneeStamp) ? readFileSync(kneeStamp) : 'procedural knee');
  const abdomenStamp = `${abdomenAssetPath()}.sha256`;
  hash.update(existsSync(abdomenStamp) ? readFileSync(abdomenStamp) : 'procedural trunk');
  return hash.digest('hex');
}

export interface EngineFiguresOptions {
  figures: readonly FigureSpec[];
  /** URL path the figures are served under, e.g. 'figures/kb' (no leading or trailing slash). */
  base: string;
  /** The cache folder (git-ignored). */
  cacheDir: string;
}

export function engineFigures(options: EngineFiguresOptions): Plugin {
  let engine: string | undefined;
  const fileOf = (spec: FigureSpec): Uint8Array => {
    engine ??= engineHash();
    const key = createHash('sha256').update(engine).update(JSON.stringify(spec)).digest('hex').slice(0, 16);
    const file = path.join(options.cacheDir, `${key}.${figureFileName(spec)}`);
    if (existsSync(file)) return readFileSync(file);
    const png = renderFigure(spec);
    mkdirSync(options.cacheDir, { recursive: true });
    writeFileSync(file, png);
    return png;
  };
  const prefix = `/${options.base}/`;
  return {
    name: 'larmor-engine-figures',
    generateBundle() {
      for (const spec of options.figures) {
        this.emitFile({
          type: 'asset',
          fileName: `${options.base}/${figureFileName(spec)}`,
          source: fileOf(spec),
        });
      }
      if (options.figures.some((spec) => spec.model === 'brain')) {
        const fileName = `${options.base}/${COLIN27_NOTICE_NAME}`;
        this.emitFile({ type: 'asset', fileName, source: readFileSync(COLIN27_NOTICE) });
      }
      if (options.figures.some((spec) => spec.model === 'knee') && existsSync(kneeAssetPath())) {
        const fileName = `${options.base}/${KNEE_ATLAS_NOTICE_NAME}`;
        this.emitFile({ type: 'asset', fileName, source: kneeAtlasNotice() });
      }
      if (options.figures.some(fromAbdomen) && existsSync(abdomenAssetPath())) {
        const fileName = `${options.base}/${ABDOMEN_ATLAS_NOTICE_NAME}`;
        this.emitFile({ type: 'asset', fileName, source: abdomenAtlasNotice() });
      }
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = req.url ?? '';
        if (!url.startsWith(prefix)) return next();
        if (url.split('?')[0] === `${prefix}${COLIN27_NOTICE_NAME}`) {
          res.setHeader('Content-Type', 'text/plain; charset=utf-8');
          res.end(readFileSync(COLIN27_NOTICE));
          return;
        }
        if (url.split('?')[0] === `${prefix}${KNEE_ATLAS_NOTICE_NAME}` && existsSync(kneeAssetPath())) {
          res.setHeader('Content-Type', 'text/plain; charset=utf-8');
          res.end(kneeAtlasNotice());
          return;
        }
        if (url.split('?')[0] === `${prefix}${ABDOMEN_ATLAS_NOTICE_NAME}` && existsSync(abdomenAssetPath())) {
          res.setHeader('Content-Type', 'text/plain; charset=utf-8');
          res.end(abdomenAtlasNotice());
          return;
        }
        const spec = options.figures.find((f) => `${prefix}${figureFileName(f)}` === url.split('?')[0]);
        if (!spec) return next();
        res.setHeader('Content-Type', figureContentType(spec));
        res.end(fileOf(spec));
      });
    },
  };
}
