/**
 * Learning-content calls of the API bench (issue 10), measured by api.ts's runner at its regular load (50
 * concurrent connections): `GET /api/v1/catalog` (the student's dashboard and catalogue) and the calls of a
 * module page (`GET /api/v1/modules/{labId}`, which also records the module as opened last, and
 * `GET /api/v1/programs/{programId}` for its program and course outline), as the seeded demo student in the
 * seeded program "MRI Fundamentals". Figures: `<db>.catalog.*`, `<db>.module.*`, `<db>.moduleProgram.*`.
 */
import type { Options as AutocannonOptions } from 'autocannon';

type Measure = (options: AutocannonOptions) => Promise<{ perSec: number; p99Ms: number }>;

interface CatalogAnswer {
  items: { program: { id: string } }[];
}
interface ProgramAnswer {
  courses: { modules: { id: string }[] }[];
}

/** Measures the content calls of `accessToken`'s user against the server at `address`. */
export async function contentFigures(
  prefix: string,
  address: string,
  accessToken: string,
  measure: Measure,
): Promise<Record<string, number>> {
  const headers = { authorization: `Bearer ${accessToken}` };
  const catalog = (await (await fetch(`${address}/api/v1/catalog`, { headers })).json()) as CatalogAnswer;
  const programId = catalog.items[0]?.program.id;
  if (!programId) throw new Error('the bench user sees no program: is the demo content seeded?');
  const programUrl = `${address}/api/v1/programs/${programId}`;
  const program = (await (await fetch(programUrl, { headers })).json()) as ProgramAnswer;
  const labId = program.courses[0]?.modules[0]?.id;
  if (!labId) throw new Error('the seeded program has no module');
  const calls: Record<string, AutocannonOptions> = {
    catalog: { url: `${address}/api/v1/catalog`, headers },
    module: { url: `${address}/api/v1/modules/${labId}`, headers },
    moduleProgram: { url: programUrl, headers },
  };
  const figures: Record<string, number> = {};
  for (const [name, options] of Object.entries(calls)) {
    const measured = await measure(options);
    figures[`${prefix}.${name}.perSec`] = measured.perSec;
    figures[`${prefix}.${name}.p99.ms`] = measured.p99Ms;
  }
  return figures;
}
