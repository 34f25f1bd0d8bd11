/**
 * The JavaScript the first page (/, sign-in) loads, from the built app's Vite manifest: the entry chunk and
 * its static imports, plus the lazily loaded sign-in page and its static imports. Sizes in bytes, raw and
 * gzipped (level 9). For `npm run bench`: `firstPageJavaScript(distDir)`; standalone:
 * `npm exec -- node e2e/support/first-page-size.ts` after `npm run build --workspace @larmor/web`.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** The module of the first page's lazily loaded route (the sign-in page lives in the auth feature). */
export const FIRST_PAGE_MODULE = 'src/features/auth/index.ts';

export function firstPageJavaScript(distDir: string): { files: string[]; bytes: number; gzipBytes: number } {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const seen = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (chunk === undefined) throw new Error(`manifest has no ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const entry = Object.entries(manifest).find(([, c]) => c.isEntry === true)?.[0];
  if (entry === undefined) throw new Error('manifest has no entry');
  visit(entry);
  visit(FIRST_PAGE_MODULE);
  const files = [...seen].map((k) => manifest[k]?.file ?? '').filter((f) => f.endsWith('.js'));
  let bytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    const content = fs.readFileSync(path.join(distDir, file));
    bytes += content.length;
    gzipBytes += zlib.gzipSync(content, { level: 9 }).length;
  }
  return { files, bytes, gzipBytes };
}

if (import.meta.main) {
  const dist = path.resolve(import.meta.dirname, '..', '..', 'packages', 'web', 'dist');
  const result = firstPageJavaScript(dist);
  console.log(
    `first page JavaScript: ${result.files.length} files, ${result.bytes} B, ${result.gzipBytes} B gzipped`,
  );
}
