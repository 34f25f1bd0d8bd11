/**
 * A reading-only module's prepared series (model 100001, issue 24): its starting protocols are the series a new
 * session shows, each run as the session opens with the module's locked presets; the student changes none of
 * them and adds none (simulator.md: "Model 100001 shows only Display Options under Tools and has no New Scan").
 */
import { pulseSequenceListSchema, pulseSequenceSchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/helper.ts';
import {
  call,
  openSession,
  refused,
  studentSession,
  useSimulatorApp,
} from '../sessions/world.test-support.ts';

const SLOW = 180_000;
const SCAN_TIMEOUT_MS = 60_000;
const SMALL = { matrixRead: 32, matrixPhase: 32, sliceCount: 1 };

/** A reading module of the brain with MS lesions: a T1 SE (20) and a FLAIR (11) prepared. */
export const READING_MODULE = {
  anatomicalModelId: 100001,
  sequenceTypes: [],
  presets: { brainStateMode: 'moderateMSlesions' },
  lockedPresets: ['brainStateMode'],
  startingProtocols: [
    { sequenceType: 20, parameters: SMALL },
    { sequenceType: 11, parameters: SMALL },
  ],
};

describe.each(databases)('prepared series of a reading-only module on %s', (kind) => {
  const t = useSimulatorApp(kind, { scanThreads: 1 });

  it(
    'a new session shows them, running then finished, named by type; the student adds, edits, runs, moves and deletes none',
    async () => {
      const { h, active } = await studentSession(t.app, t.db, READING_MODULE);
      expect(active.scoutImages).toEqual([]);
      expect(active.pulseSequences.map((s) => [s.seqnum, s.name])).toEqual([
        [1, 'T1-weighted spin echo'],
        [2, 'FLAIR'],
      ]);
      const base = `v1/sessions/${active.session.id}/pulse-sequences`;
      const deadline = Date.now() + SCAN_TIMEOUT_MS;
      for (;;) {
        const list = pulseSequenceListSchema.parse((await call(t.app, 'GET', base, h)).body);
        if (list.every((s) => s.status === 'finished')) break;
        if (list.some((s) => s.status !== 'running' && s.status !== 'finished') || Date.now() > deadline)
          throw new Error(`prepared series ended ${list.map((s) => s.status).join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const [first] = active.pulseSequences;
      const url = `${base}/${first?.id ?? ''}`;
      const attempts = [
        ['POST', base, { pulseSequenceSchemeId: 20, name: 'More', collectionId: active.collections[0]?.id }],
        ['PATCH', url, { parameters: { repetitionTime: 2 } }],
        ['POST', `${url}/run`, undefined],
        ['POST', `${url}/move`, { position: 2 }],
        ['DELETE', url, undefined],
      ] as const;
      for (const [method, path, body] of attempts) {
        const res = await refused(t.app, t.db, method, path, h, body);
        expect(res.status, `${method} ${path}`).toBe(400);
        expect(JSON.stringify(res.body)).toContain('reading_only');
      }
      const still = pulseSequenceSchema.parse((await call(t.app, 'GET', url, h)).body);
      expect(still.status).toBe('finished');
    },
    SLOW,
  );

  it('other modules open with no sequence (their starting protocols wait for the student)', async () => {
    const { active } = await studentSession(t.app, t.db, {
      startingProtocols: [{ sequenceType: 5, parameters: SMALL }],
    });
    expect(active.pulseSequences).toEqual([]);
    expect(active.scoutImages.length).toBe(3);
  });

  it('a teacher saves a reading-only module with prepared series of any type, and none offered to add', async () => {
    const { world } = await studentSession(t.app, t.db, READING_MODULE);
    const res = await call(t.app, 'PATCH', `v1/modules/${world.labId}`, world.a.teacherHeaders, {
      startingProtocols: [{ sequenceType: 22, parameters: SMALL }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const again = await openSession(t.app, world, world.a.studentHeaders);
    expect(again.pulseSequences.map((s) => s.name)).toEqual(['T2-weighted TSE']);
  });
});
