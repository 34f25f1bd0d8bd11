import { catalogResponseSchema, programSchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from '../test/helper.ts';
import { signedInAs } from '../test/sign-in.ts';
import { seedDemoData } from './seed.ts';
import { DEMO_PROGRAM_TITLE, SEED_PROGRAMS } from './seed-programs.ts';

describe.each(databases)('demo learning content on %s', (kind) => {
  const t = useTestApp(kind);

  async function catalogOf(headers: { authorization: string }) {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/catalog', headers });
    return catalogResponseSchema.parse(res.json());
  }

  it('seeds three programs of 30 modules with instructions, the demo students enrolled in each', async () => {
    await seedDemoData(t.db, t.app.config.passwordHashCost);
    const student = await signedInAs(t, 'student', 'larmor-student');
    const catalog = await catalogOf(student);
    expect(catalog.items.map((i) => i.program.title).sort()).toEqual(
      ['MRI Fundamentals', 'Image quality and artifacts', 'Clinical protocols and safety'].sort(),
    );
    const totals = catalog.items.map((i) => i.progress.modulesTotal);
    expect(totals.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(30);
    for (const item of catalog.items) expect(item, item.program.title).toMatchObject({ enrolled: true });
    const fundamentals = catalog.items.find((i) => i.program.title === DEMO_PROGRAM_TITLE);
    expect(fundamentals?.progress.modulesTotal).toBe(10);
    const programId = fundamentals?.program.id ?? '';
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/programs/${programId}`, headers: student });
    const program = programSchema.parse(res.json());
    expect(program.courses.map((c) => c.title)).toEqual([
      'Contrast and weighting',
      'Inversion recovery',
      'Speed: echo trains, EPI and diffusion',
    ]);
    const titles = program.courses.flatMap((c) => c.modules.map((m) => m.title));
    expect(titles).toEqual(
      expect.arrayContaining(['Make CSF bright: T2-weighted spin echo of the brain', 'Null the CSF: FLAIR']),
    );
    const labId = program.courses[0]?.modules[0]?.id ?? '';
    const lab = await t.app.inject({ method: 'GET', url: `/api/v1/modules/${labId}`, headers: student });
    const body = lab.json() as { instructions: string; competencies: string[] };
    expect(body.instructions).toMatch(/## Clinical scene[\s\S]+## Goal[\s\S]+## Steps[\s\S]+## Learn more/);
    // The module's competencies are stored with it and answered by the module API (issue 24.3).
    expect(body.competencies).toEqual(['image-contrast', 'pulse-sequences']);
    const enrolled = await t.db.selectFrom('enrollments').select('user_id').execute();
    expect(enrolled).toHaveLength(2 * SEED_PROGRAMS.length);
  });

  it('the free-plan user sees the program with only the free modules; the teacher sees it read-only', async () => {
    await seedDemoData(t.db, t.app.config.passwordHashCost);
    const free = await catalogOf(await signedInAs(t, 'freeuser', 'larmor-free'));
    expect(free.freePlan).toBe(true);
    expect(free.items).toHaveLength(SEED_PROGRAMS.length);
    const freeFundamentals = free.items.find((i) => i.program.title === DEMO_PROGRAM_TITLE);
    expect(freeFundamentals).toMatchObject({ enrolled: false, canEnroll: true });
    // The free plan shows only the modules within its limits (Brain and Knee, SE and GRE, 1.5 T).
    expect(freeFundamentals?.progress.modulesTotal).toBeGreaterThan(0);
    expect(freeFundamentals?.progress.modulesTotal).toBeLessThan(10);
    const teacher = await catalogOf(await signedInAs(t, 'teacher', 'larmor-teacher'));
    for (const item of teacher.items) expect(item.program.canEdit, item.program.title).toBe(false);
    const admin = await catalogOf(await signedInAs(t, 'admin', 'larmor-admin'));
    for (const item of admin.items) expect(item.program.canEdit, item.program.title).toBe(true);
  });
});
