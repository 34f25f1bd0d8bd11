/**
 * One-off codemod of issue 25.2 (programs, courses and labs as one content module): after
 * `git mv packages/server/src/modules/{programs,courses,labs} packages/server/src/modules/content/`, rewrites every
 * relative import in packages/server/src that reaches an old path (modules/programs/…) to the new one
 * (modules/content/programs/…), and the moved files' own imports of everything else.
 *
 *   node tools/codemods/content-module.mjs [--skip dir,dir] [--remove-shims]
 *
 * --skip: folders (relative to packages/server/src) left as they are; the old paths they import are then kept
 * as re-export shims. --remove-shims: delete those shims (run once every branch is merged and nothing is
 * skipped). Idempotent: a second run changes nothing.
 */
import fs from 'node:fs';
import path from 'node:path';

const SRC = path.resolve('packages/server/src');
const MODULES = path.join(SRC, 'modules');
const MOVED = ['programs', 'courses', 'labs'];
const args = process.argv.slice(2);
const skipArg = args[args.indexOf('--skip') + 1];
const skip = args.includes('--skip') && skipArg ? skipArg.split(',').map((dir) => path.join(SRC, dir)) : [];
const removeShims = args.includes('--remove-shims');

/** The new place of a path under an old module folder, or null. */
function moved(target) {
  for (const name of MOVED) {
    const old = path.join(MODULES, name);
    if (target === old || target.startsWith(`${old}${path.sep}`)) {
      return path.join(MODULES, 'content', path.relative(MODULES, target));
    }
  }
  return null;
}

/** Where a moved file lived before the move. */
function originalDir(file) {
  const content = path.join(MODULES, 'content');
  const rel = path.relative(content, path.dirname(file));
  return rel.startsWith('..') ? null : path.join(MODULES, rel);
}

const specifier = (from, to) => {
  const rel = path.relative(path.dirname(from), to).split(path.sep).join('/');
  return rel.startsWith('.') ? rel : `./${rel}`;
};

function rewrite(file) {
  const text = fs.readFileSync(file, 'utf8');
  const next = text.replace(
    /((?:from|import\(|vi\.mock\(|new URL\()\s*')(\.{1,2}\/[^']+)'/g,
    (all, head, spec) => {
      const target = path.resolve(path.dirname(file), spec);
      const now = moved(target);
      if (now) return `${head}${specifier(file, now)}'`;
      if (fs.existsSync(target)) return all;
      const before = originalDir(file);
      if (!before) return all;
      const old = path.resolve(before, spec);
      const resolved = moved(old) ?? old;
      if (!fs.existsSync(resolved)) {
        console.warn(`unresolved: ${path.relative(SRC, file)}: ${spec}`);
        return all;
      }
      return `${head}${specifier(file, resolved)}'`;
    },
  );
  if (next !== text) {
    fs.writeFileSync(file, next);
    console.log(`rewrote ${path.relative(SRC, file)}`);
  }
}

function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (skip.some((skipped) => full === skipped || full.startsWith(`${skipped}${path.sep}`))) continue;
    if (MOVED.some((name) => full === path.join(MODULES, name))) continue; // the shims, if any
    if (entry.isDirectory()) walk(full);
    else if (/\.(ts|tsx|mts)$/.test(entry.name)) rewrite(full);
  }
}

walk(SRC);
if (removeShims) {
  for (const name of MOVED) fs.rmSync(path.join(MODULES, name), { recursive: true, force: true });
}
