import { catalogResponseSchema, programSchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { bearer } from '../test/fixtures.ts';
import { databases, useTestApp } from '../test/helper.ts';
import { seedDemoData } from './seed.ts';
import { DEMO_PROGRAM_TITLE } from './seed-programs.ts';

describe.each(databases)('demo learning content on %s', (kind) => {
  const t = useTestApp(kind);

  async function signIn(username: string, password: string) {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
    expect(res.statusCode, username).toBe(200);
    return bearer((res.json() as { accessToken: string }).accessToken);
  }

  async function catalogOf(headers: { authorization: string }) {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/catalog', headers });
    return catalogResponseSchema.parse(res.json());
  }

  it('seeds "MRI Fundamentals": three courses, nine modules with instructions, the demo students enrolled', async () => {
    await seedDemoData(t.db, t.app.config.passwordHashCost);
    const student = await signIn('student', 'larmor-student');
    const catalog = await catalogOf(student);
    expect(catalog.items.map((i) => i.program.title)).toEqual([DEMO_PROGRAM_TITLE]);
    expect(catalog.items[0]).toMatchObject({ enrolled: true, progress: { modulesTotal: 9 } });
    const programId = catalog.items[0]?.program.id ?? '';
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/programs/${programId}`, headers: student });
    const program = programSchema.parse(res.json());
    expect(program.courses.map((c) => c.title)).toEqual([
      'Contrast and weighting',
      'Artifacts and how to fix them',
      'Neuro and MSK protocols',
    ]);
    const titles = program.courses.flatMap((c) => c.modules.map((m) => m.title));
    expect(titles).toEqual(
      expect.arrayContaining([
        'Make CSF bright: T2-weighted spin echo of the brain',
        'Null the CSF: FLAIR',
        'Fix the wrap-around on a knee',
        'Suppress fat: STIR vs fat saturation',
      ]),
    );
    const labId = program.courses[0]?.modules[0]?.id ?? '';
    const lab = await t.app.inject({ method: 'GET', url: `/api/v1/modules/${labId}`, headers: student });
    expect((lab.json() as { instructions: string }).instructions).toMatch(/## Goal[\s\S]+## Steps/);
    const enrolled = await t.db.selectFrom('enrollments').select('user_id').execute();
    expect(enrolled).toHaveLength(2);
  });

  it('the free-plan user sees the program with only the free modules; the teacher sees it read-only', async () => {
    await seedDemoData(t.db, t.app.config.passwordHashCost);
    const free = await catalogOf(await signIn('freeuser', 'larmor-free'));
    expect(free.freePlan).toBe(true);
    expect(free.items).toHaveLength(1);
    expect(free.items[0]).toMatchObject({ enrolled: false, canEnroll: true, progress: { modulesTotal: 6 } });
    const teacher = await catalogOf(await signIn('teacher', 'larmor-teacher'));
    expect(teacher.items[0]?.program).toMatchObject({ title: DEMO_PROGRAM_TITLE, canEdit: false });
    const admin = await catalogOf(await signIn('admin', 'larmor-admin'));
    expect(admin.items[0]?.program.canEdit).toBe(true);
  });
});
