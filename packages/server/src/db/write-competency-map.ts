/** Writes docs/competency-map.md from the seed data (competency-map-doc.ts). Run from the repository root. */
import { writeFileSync } from 'node:fs';
import { COMPETENCY_MAP_DOC, competencyMapMarkdown } from './competency-map-doc.ts';
import { SEED_PROGRAMS } from './seed-programs.ts';

writeFileSync(COMPETENCY_MAP_DOC, competencyMapMarkdown(SEED_PROGRAMS));
console.info(`Wrote ${COMPETENCY_MAP_DOC}`);
