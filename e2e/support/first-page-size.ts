/**
 * What the first page (/, the landing and sign-in page) loads, from the built app's Vite manifest: the entry chunk
 * and its static imports, plus the lazily loaded sign-in page and its static imports. `firstPageJavaScript` counts
 * their JavaScript; `firstPageTotal` adds index.html, their CSS and the landing page's images (dist/figures/landing).
 * Sizes in bytes, raw and gzipped (level 9; PNGs are counted as they are, since they do not compress further).
 * For `npm run bench`; standalone: `npm exec -- node e2e/support/first-page-size.ts` after
 * `npm run build --workspace @larmor/web`.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** Where the landing page's images are emitted (build/landing-figures.ts). */
export const LANDING_FIGURES_DIR = path.join('figures', 'landing');

export interface PageSize {
  files: string[];
  bytes: number;
  gzipBytes: number;
}

/** The module of the first page's lazily loaded route (the sign-in page lives in the auth feature). */
export const FIRST_PAGE_MODULE = 'src/features/auth/index.ts';

/** The manifest chunks the first page loads: the entry and the sign-in page, with their static imports. */
function firstPageChunks(distDir: string): ManifestChunk[] {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const seen = new Map<string, ManifestChunk>();
  const visit = (key: string): void => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (chunk === undefined) throw new Error(`manifest has no ${key}`);
    seen.set(key, chunk);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const entry = Object.entries(manifest).find(([, c]) => c.isEntry === true)?.[0];
  if (entry === undefined) throw new Error('manifest has no entry');
  visit(entry);
  visit(FIRST_PAGE_MODULE);
  return [...seen.values()];
}

function measure(distDir: string, files: string[]): PageSize {
  let bytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    const content = fs.readFileSync(path.join(distDir, file));
    bytes += content.length;
    gzipBytes += /\.(png|jpg)$/.test(file) ? content.length : zlib.gzipSync(content, { level: 9 }).length;
  }
  return { files, bytes, gzipBytes };
}

export function firstPageJavaScript(distDir: string): PageSize {
  const files = firstPageChunks(distDir)
    .map((chunk) => chunk.file)
    .filter((file) => file.endsWith('.js'));
  return measure(distDir, files);
}

/** Everything the first page loads: index.html, its JavaScript and CSS, and the landing page's images. */
export function firstPageTotal(distDir: string): PageSize {
  const chunks = firstPageChunks(distDir);
  const scripts = chunks.map((chunk) => chunk.file).filter((file) => file.endsWith('.js'));
  const styles = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))];
  const images = fs
    .readdirSync(path.join(distDir, LANDING_FIGURES_DIR))
    .filter((file) => /\.(png|jpg)$/.test(file))
    .map((file) => path.join(LANDING_FIGURES_DIR, file));
  return measure(distDir, ['index.html', ...scripts, ...styles, ...images]);
}

if (import.meta.main) {
  const dist = path.resolve(import.meta.dirname, '..', '..', 'packages', 'web', 'dist');
  const script = firstPageJavaScript(dist);
  const total = firstPageTotal(dist);
  console.log(
    `first page JavaScript: ${script.files.length} files, ${script.bytes} B, ${script.gzipBytes} B gzipped`,
  );
  console.log(
    `first page in all: ${total.files.length} files, ${total.bytes} B, ${total.gzipBytes} B gzipped`,
  );
}
