/**
 * Issue 19 item 8: a session holds at most SESSION_COLLECTIONS_MAX collections ("Scan N"); one more answers 409
 * with the error body and a message in words, as a pulse sequence past SESSION_PULSE_SEQUENCES_MAX does, and
 * writes nothing.
 */
import { ERROR_CAUSES, SESSION_COLLECTIONS_MAX, collectionListSchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/helper.ts';
import {
  call,
  errorOf,
  openSession,
  refused,
  useSimulatorApp,
  studentSession,
} from '../sessions/world.test-support.ts';

describe.each(databases)('collections per session on %s', (kind) => {
  const t = useSimulatorApp(kind);

  it(`a session takes ${SESSION_COLLECTIONS_MAX} collections; one more answers 409 and writes nothing; another session still takes one`, async () => {
    const { world, h, active: full } = await studentSession(t.app, t.db);
    const url = `v2/sessions/${full.session.id}/pulse-sequences/collections`;
    // A session opens with "Scan 1".
    for (let n = full.collections.length; n < SESSION_COLLECTIONS_MAX; n++) {
      const res = await call(t.app, 'POST', url, h, {});
      expect(res.status, `collection ${n + 1}: ${JSON.stringify(res.body)}`).toBe(201);
    }
    const over = await refused(t.app, t.db, 'POST', url, h, { name: 'One too many' });
    expect(over.status).toBe(409);
    expect(errorOf(over.body).cause).toBe(ERROR_CAUSES.CONFLICT);
    expect((over.body as { error: { message: string } }).error.message).toBe(
      `A session holds at most ${SESSION_COLLECTIONS_MAX} collections`,
    );
    const list = collectionListSchema.parse((await call(t.app, 'GET', url, h)).body);
    expect(list).toHaveLength(SESSION_COLLECTIONS_MAX);

    const other = await openSession(t.app, world, h);
    const res = await call(
      t.app,
      'POST',
      `v2/sessions/${other.session.id}/pulse-sequences/collections`,
      h,
      {},
    );
    expect(res.status).toBe(201);
  });
});
