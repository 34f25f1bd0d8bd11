/**
 * Where the build finds the SPL atlases and writes what it derives from them. The atlases sit in
 * `../shared/data/anatomy` beside the project root, or wherever LARMOR_ANATOMY_DIR points; the derived label
 * volumes go into the git-ignored `.cache/anatomy/` of the project root (never into git: the atlas licence and
 * the project's rule keep atlas-derived data out of the history).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The project root (this file is packages/mri/scripts/knee/paths.ts). */
export const PROJECT_ROOT = resolve(import.meta.dirname, '../../../..');

/** The anatomy data folder: LARMOR_ANATOMY_DIR, else ../shared/data/anatomy from the project root. */
export function anatomyDir(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.LARMOR_ANATOMY_DIR;
  return fromEnv && fromEnv !== '' ? resolve(fromEnv) : resolve(PROJECT_ROOT, '../shared/data/anatomy');
}

/** The knee atlas's label map and colour table, or undefined when either is absent. */
export function kneeAtlasFiles(dir: string = anatomyDir()): { seg: string; ctbl: string } | undefined {
  const seg = join(dir, 'spl-knee', 'seg.nrrd');
  const ctbl = join(dir, 'spl-knee', 'labels.ctbl');
  return existsSync(seg) && existsSync(ctbl) ? { seg, ctbl } : undefined;
}

/** The derived knee label volume (gzip of the LARMORLV format), in the git-ignored cache. */
export const KNEE_ASSET_PATH = join(PROJECT_ROOT, '.cache', 'anatomy', 'spl-knee-labels.bin.gz');

/** The abdominal atlas's label map and colour table, or undefined when either is absent. */
export function abdomenAtlasFiles(dir: string = anatomyDir()): { seg: string; ctbl: string } | undefined {
  const seg = join(dir, 'spl-abdomen', 'seg.nrrd');
  const ctbl = join(dir, 'spl-abdomen', 'labels.ctbl');
  return existsSync(seg) && existsSync(ctbl) ? { seg, ctbl } : undefined;
}

/** The derived abdomen label volume (gzip of the LARMORLV format), in the git-ignored cache. */
export const ABDOMEN_ASSET_PATH = join(PROJECT_ROOT, '.cache', 'anatomy', 'spl-abdomen-labels.bin.gz');
