/**
 * One-off codemod of issue 25.2 (ids and clocks in db/): rewrites every import of `newId` or `isoNow` from
 * modules/auth/opaque-tokens.ts in packages/server/src to packages/server/src/db/ids.ts (the other names of that
 * import stay where they are), and the bench's `@larmor/server/modules/auth/opaque-tokens` to
 * `@larmor/server/db/ids`. For branches written before the move; idempotent: a second run changes nothing.
 *
 *   node tools/codemods/db-ids.mjs
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const server = path.join(root, 'packages/server/src');
const ids = path.join(server, 'db/ids.ts');
const MOVED = new Set(['newId', 'isoNow']);

function* tsFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* tsFiles(full);
    else if (entry.name.endsWith('.ts')) yield full;
  }
}

const IMPORT =
  /import \{([^}]*)\} from '([^']*(?:modules\/auth\/|\.\.\/auth\/|\.\/)opaque-tokens(?:\.ts)?)';\n/;

for (const file of [...tsFiles(server), ...tsFiles(path.join(root, 'bench/src'))]) {
  const text = fs.readFileSync(file, 'utf8');
  const match = IMPORT.exec(text);
  if (!match) continue;
  const names = match[1]
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const moved = names.filter((n) => MOVED.has(n)).sort();
  if (moved.length === 0) continue;
  const kept = names.filter((n) => !MOVED.has(n));
  const fromPackage = match[2].startsWith('@larmor/server/');
  let target = fromPackage ? '@larmor/server/db/ids' : path.relative(path.dirname(file), ids);
  if (!fromPackage && !target.startsWith('.')) target = `./${target}`;
  const replacement =
    `import { ${moved.join(', ')} } from '${target}';\n` +
    (kept.length > 0 ? `import { ${kept.join(', ')} } from '${match[2]}';\n` : '');
  fs.writeFileSync(file, text.replace(match[0], replacement));
  console.log(path.relative(root, file));
}
