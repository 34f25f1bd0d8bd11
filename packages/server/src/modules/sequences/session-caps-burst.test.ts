/**
 * Issue 19 item 8, under a parallel burst: a session's caps (SESSION_COLLECTIONS_MAX collections,
 * SESSION_PULSE_SEQUENCES_MAX pulse sequences) are counted under the session's lock, so calls sent all at once
 * cannot pass them, and parallel creates never share a sequence number.
 */
import {
  ERROR_CAUSES,
  PULSE_SEQUENCES_MANY_MAX,
  SESSION_COLLECTIONS_MAX,
  SESSION_PULSE_SEQUENCES_MAX,
} from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/helper.ts';
import { call, errorOf, studentSession, useSimulatorApp } from '../sessions/world.test-support.ts';

/** Parallel calls sent at once in each burst. */
const BURST = 8;

describe.each(databases)('session caps under a parallel burst on %s', (kind) => {
  const t = useSimulatorApp(kind);

  it('of a burst of collection creates, exactly the free places are taken; the rest answer 409', async () => {
    const { h, active } = await studentSession(t.app, t.db);
    const { session, collections } = active;
    const url = `v2/sessions/${session.id}/pulse-sequences/collections`;
    const free = 3;
    for (let n = collections.length; n < SESSION_COLLECTIONS_MAX - free; n++) {
      expect((await call(t.app, 'POST', url, h, {})).status).toBe(201);
    }
    const answers = await Promise.all(Array.from({ length: BURST }, () => call(t.app, 'POST', url, h, {})));
    expect(answers.map((a) => a.status).sort()).toEqual([
      ...Array<number>(free).fill(201),
      ...Array<number>(BURST - free).fill(409),
    ]);
    for (const a of answers.filter((x) => x.status === 409)) {
      expect(errorOf(a.body).cause).toBe(ERROR_CAUSES.CONFLICT);
    }
    const stored = await t.db
      .selectFrom('sim_collections')
      .select('id')
      .where('session_id', '=', session.id)
      .execute();
    expect(stored).toHaveLength(SESSION_COLLECTIONS_MAX);
  });

  it('of a burst of pulse-sequence creates, exactly the free places are taken, each with its own seqnum', async () => {
    const { h, active } = await studentSession(t.app, t.db);
    const { session, collections } = active;
    const collectionId = collections[0]?.id;
    const many = `v1/sessions/${session.id}/pulse-sequences-many`;
    const create = (count: number) =>
      call(t.app, 'POST', many, h, {
        pulseSequences: Array.from({ length: count }, (_, i) => ({
          pulseSequenceSchemeId: 5,
          name: `SE ${i + 1}`,
          collectionId,
        })),
      });
    const pairsFree = 2;
    let stored = 0;
    while (stored < SESSION_PULSE_SEQUENCES_MAX - 2 * pairsFree) {
      const count = Math.min(PULSE_SEQUENCES_MANY_MAX, SESSION_PULSE_SEQUENCES_MAX - 2 * pairsFree - stored);
      expect((await create(count)).status).toBe(201);
      stored += count;
    }
    const answers = await Promise.all(Array.from({ length: BURST }, () => create(2)));
    expect(answers.map((a) => a.status).sort()).toEqual([
      ...Array<number>(pairsFree).fill(201),
      ...Array<number>(BURST - pairsFree).fill(409),
    ]);
    const rows = await t.db
      .selectFrom('sim_pulse_sequences')
      .select('seqnum')
      .where('session_id', '=', session.id)
      .execute();
    expect(rows).toHaveLength(SESSION_PULSE_SEQUENCES_MAX);
    expect(new Set(rows.map((r) => r.seqnum)).size).toBe(SESSION_PULSE_SEQUENCES_MAX);
  });
});
