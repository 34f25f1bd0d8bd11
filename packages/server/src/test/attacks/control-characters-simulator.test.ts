/**
 * Attack suite (issue 19 item 7): the text fields of the simulator and module calls refuse control characters
 * as every other text field does (contracts `textSchema`, docs/api.md "Errors"): sequence and collection
 * names, `instanceId`, configuration names and string values, tissue keys, a module's preset coil, its
 * objective ids. Each answers 400 with the field's rule `control` and writes nothing, on SQLite and PostgreSQL.
 */
import { CONTROL_CHARACTER_RULE } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import {
  call,
  databases,
  errorOf,
  refused,
  sequenceInSession,
  useSimulatorApp,
  type Headers,
  type SimulatorWorld,
} from '../simulator.ts';

/** NUL, CR LF, BEL, ESC, DEL and a C1 control (CSI). */
const CONTROLS = ['\u0000', '\r\nX', '\u0007', '\u001b[2J', '\u007f', '\u009b'];

interface Ctx {
  world: SimulatorWorld;
  student: Headers;
  teacher: Headers;
  sessionId: string;
  collectionId: string;
  sequenceId: string;
  /** A receive coil of the module's model. */
  coil: string;
}

interface TextField {
  method: 'POST' | 'PATCH';
  url: (ctx: Ctx) => string;
  caller: 'student' | 'teacher';
  body: (ctx: Ctx, bad: string) => object;
  /** The key the validation map names. */
  field: string;
}

const objective = (id: string) => ({ kind: 'noWrap', id, points: 1 });

/** A teacher's new module of the world's course: a minimal one with `extra` over it, `field` holding the text. */
function newModule(field: string, extra: TextField['body']): TextField {
  return {
    method: 'POST',
    url: (c) => `v1/courses/${c.world.courseId}/modules`,
    caller: 'teacher',
    body: (c, bad) => ({ title: 'Lab', anatomicalModelId: 2, sequenceTypes: [5], ...extra(c, bad) }),
    field,
  };
}

const FIELDS: TextField[] = [
  {
    method: 'POST',
    url: () => 'v1/sessions',
    caller: 'student',
    body: (c, bad) => ({ labId: c.world.labId, programId: c.world.programId, instanceId: `tab${bad}` }),
    field: 'instanceId',
  },
  {
    method: 'POST',
    url: (c) => `v2/sessions/${c.sessionId}/pulse-sequences/collections`,
    caller: 'student',
    body: (_c, bad) => ({ name: `Scan${bad}` }),
    field: 'name',
  },
  {
    method: 'POST',
    url: (c) => `v1/sessions/${c.sessionId}/pulse-sequences`,
    caller: 'student',
    body: (c, bad) => ({ pulseSequenceSchemeId: 5, name: `T1${bad}`, collectionId: c.collectionId }),
    field: 'name',
  },
  {
    method: 'POST',
    url: (c) => `v1/sessions/${c.sessionId}/pulse-sequences-many`,
    caller: 'student',
    body: (c, bad) => ({
      pulseSequences: [{ pulseSequenceSchemeId: 5, name: `T1${bad}`, collectionId: c.collectionId }],
    }),
    field: 'pulseSequences.0.name',
  },
  {
    method: 'PATCH',
    url: (c) => `v1/sessions/${c.sessionId}/pulse-sequences/${c.sequenceId}`,
    caller: 'student',
    body: (_c, bad) => ({ name: `T1${bad}` }),
    field: 'name',
  },
  {
    method: 'POST',
    url: (c) => `v1/sessions/${c.sessionId}/configuration`,
    caller: 'student',
    body: (c, bad) => ({ configurationId: `coil${bad}`, value: c.coil }),
    field: 'configurationId',
  },
  {
    method: 'POST',
    url: (c) => `v1/sessions/${c.sessionId}/configuration`,
    caller: 'student',
    body: (c, bad) => ({ configurationId: 'coil', value: `${c.coil}${bad}` }),
    field: 'value',
  },
  {
    method: 'POST',
    url: () => 'v1/tissue-characteristics/configuration',
    caller: 'student',
    body: (c, bad) => ({
      tissue_characteristic_id: `fat${bad}`,
      lab_id: c.world.labId,
      session_id: c.sessionId,
      t1: 300,
      t2: 80,
    }),
    field: 'tissue_characteristic_id',
  },
  newModule('presets.coil', (c, bad) => ({ presets: { coil: `${c.coil}${bad}` } })),
  newModule('tissueOverrides.0.tissue', (_c, bad) => ({
    tissueOverrides: [{ tissue: `fat${bad}`, t1Ms: 300, t2Ms: 80 }],
  })),
  newModule('objectives.0.id', (_c, bad) => ({ objectives: [objective(`wrap${bad}`)] })),
];

describe.each(databases)('control characters in the simulator and module text fields on %s', (kind) => {
  const t = useSimulatorApp(kind);

  async function arrange(): Promise<Ctx> {
    const {
      world,
      h: student,
      active,
      sessionId,
      sequence,
    } = await sequenceInSession(t.app, t.db, {
      name: 'T1',
      parameters: null,
    });
    const collectionId = active.collections[0]?.id ?? '';
    const sequenceId = sequence.id;
    const coils = await call(t.app, 'GET', `v1/sessions/${sessionId}/coils`, student);
    const coil = (coils.body as unknown as { unique_name: string }[])[0]?.unique_name ?? '';
    expect(coil).not.toBe('');
    return { world, student, teacher: world.a.teacherHeaders, sessionId, collectionId, sequenceId, coil };
  }

  it('answer 400 with rule "control" for the field and write nothing', async () => {
    const ctx = await arrange();
    for (const entry of FIELDS) {
      for (const bad of CONTROLS) {
        const url = entry.url(ctx);
        const label = `${entry.method} ${url} ${entry.field} ${JSON.stringify(bad)}`;
        const headers = entry.caller === 'student' ? ctx.student : ctx.teacher;
        const res = await refused(t.app, t.db, entry.method, url, headers, entry.body(ctx, bad));
        expect(res.status, `${label} ${JSON.stringify(res.body)}`).toBe(400);
        expect(errorOf(res.body).validation, label).toMatchObject({ [entry.field]: CONTROL_CHARACTER_RULE });
      }
    }
  });

  it('the same values without the control characters are accepted (the fields above are the ones tried)', async () => {
    const ctx = await arrange();
    for (const entry of FIELDS) {
      const headers = entry.caller === 'student' ? ctx.student : ctx.teacher;
      const res = await call(t.app, entry.method, entry.url(ctx), headers, entry.body(ctx, ''));
      expect(res.status, `${entry.method} ${entry.url(ctx)} ${JSON.stringify(res.body)}`).toBeLessThan(300);
    }
  });
});
