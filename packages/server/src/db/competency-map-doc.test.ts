import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMPETENCIES } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { COMPETENCY_MAP_DOC, competencyMapMarkdown, seedMapModules } from './competency-map-doc.ts';
import { SEED_PROGRAMS } from './seed-programs.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

describe('the competency map of the seeded programs (issue 24.3)', () => {
  it('docs/competency-map.md is the map generated from the seed data (rerun write-competency-map.ts)', () => {
    const doc = readFileSync(path.join(root, COMPETENCY_MAP_DOC), 'utf8');
    expect(doc).toBe(competencyMapMarkdown(SEED_PROGRAMS));
  });

  it('every competency is assessed by at least one seeded module that names it', () => {
    const modules = seedMapModules(SEED_PROGRAMS);
    for (const c of COMPETENCIES)
      expect(modules.filter((m) => m.competencies.includes(c.id)).length, c.id).toBeGreaterThan(0);
  });
});
