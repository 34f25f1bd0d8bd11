/**
 * The competency map of the seeded programs as Markdown (issue 24.3), for docs/competency-map.md: generated from
 * the seed data with the same `competencyMap` the teachers' view of the app uses, never written by hand.
 * `npx node packages/server/src/db/write-competency-map.ts` writes it; competency-map-doc.test.ts checks it.
 */
import { competencyMap, COMPETENCIES, type CompetencyMapModuleInput } from '@larmor/contracts';
import { linkedArticles, type SeedProgram } from './seed-content-kit.ts';

/** The doc's path from the repository root. */
export const COMPETENCY_MAP_DOC = 'docs/competency-map.md';

/** Every seeded module as the map reads it. */
export function seedMapModules(programs: readonly SeedProgram[]): CompetencyMapModuleInput[] {
  return programs.flatMap((program) =>
    program.courses.flatMap((course) =>
      course.modules.map(({ lab }) => ({
        labId: null,
        courseId: null,
        program: program.title,
        course: course.title,
        title: lab.title,
        competencies: lab.competencies,
        objectives: lab.objectives ?? [],
      })),
    ),
  );
}

const cell = (text: string) => text.replaceAll('|', '\\|');

/** The Markdown of docs/competency-map.md. */
export function competencyMapMarkdown(programs: readonly SeedProgram[]): string {
  const modules = programs.flatMap((p) => p.courses.flatMap((c) => c.modules));
  const map = competencyMap(seedMapModules(programs));
  const lines = [
    '# Competency map of the seeded programs',
    '',
    '<!-- Generated from the seed data (packages/server/src/db/seed-*.ts) by',
    '     `npx node packages/server/src/db/write-competency-map.ts`; competency-map-doc.test.ts fails when it is',
    '     stale. Do not edit by hand. -->',
    '',
    `${programs.length} programs, ${modules.length} modules. Competencies after the UK NSHCS/SoR MRI competencies`,
    'and the ARRT MRI content outline (contracts `COMPETENCIES`). A module assesses a competency when it names it',
    '(**named**) or when one of its objectives is of a kind that assesses it (contracts `OBJECTIVE_KIND_COMPETENCY`).',
    '',
    '## Competencies',
    '',
    '| Competency | ARRT MRI content outline | UK (NSHCS/SoR) | Modules |',
    '| --- | --- | --- | --- |',
    ...map.competencies.map((c) => `| ${c.title} | ${cell(c.arrt)} | ${cell(c.uk)} | ${c.modules.length} |`),
  ];
  for (const c of map.competencies) {
    const summary = COMPETENCIES.find((k) => k.id === c.id)?.summary ?? '';
    lines.push('', `## ${c.title}`, '', summary, '');
    if (c.modules.length === 0) {
      lines.push('No module assesses it yet.');
      continue;
    }
    lines.push(
      '| Program | Course | Module | Named | Objectives that assess it |',
      '| --- | --- | --- | --- | --- |',
    );
    for (const m of c.modules) {
      const objectives = m.objectives.map((o) => o.title).join('; ') || '–';
      lines.push(
        `| ${cell(m.program)} | ${cell(m.course)} | ${cell(m.title)} | ${m.named ? 'yes' : 'no'} | ${cell(objectives)} |`,
      );
    }
  }
  lines.push('', '## Knowledge-base articles linked from the modules', '');
  lines.push('| Module | Articles |', '| --- | --- |');
  for (const { lab } of modules) {
    const slugs = linkedArticles(lab.instructions ?? '').map((s) => `\`${s}\``);
    lines.push(`| ${cell(lab.title)} | ${slugs.join(', ')} |`);
  }
  return `${lines.join('\n')}\n`;
}
