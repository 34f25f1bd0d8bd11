import { PROTOCOL_B_VALUES_MAX, PROTOCOL_ECHO_TIMES_MAX, pulseSequenceSchema } from '@larmor/contracts';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call, databases, sequenceInSession, useSimulatorApp } from '../../test/simulator.ts';
import { boundedLists, boundedListsMigration, type Lists } from './0009_bounded_lists.ts';

describe('migration 0009_bounded_lists: stored echo times and b-values within their bounds and families', () => {
  it('drops the b-values of a spin echo (250,000 stored by an attack) and keeps its other parameters', () => {
    const stored = { echoTime: 0.015, bValues: Array<number>(250_000).fill(0) };
    expect(boundedLists(stored, 'SE')).toEqual({ echoTime: 0.015 });
  });

  it('cuts a DWI list and a multi-echo GRE list to their bounds', () => {
    const dwi = boundedLists({ bValues: Array.from({ length: 40 }, (_, i) => i) }, 'DWI');
    expect(dwi?.bValues).toEqual(Array.from({ length: PROTOCOL_B_VALUES_MAX }, (_, i) => i));
    const gre = boundedLists({ echoTimes: Array<number>(100).fill(0.01) }, 'GRE');
    expect(gre?.echoTimes).toHaveLength(PROTOCOL_ECHO_TIMES_MAX);
  });

  it('leaves lists within their bounds on their families unchanged (null: nothing to write)', () => {
    expect(boundedLists({ bValues: [0, 1000] }, 'DWI')).toBeNull();
    expect(boundedLists({ echoTimes: [0.0023, 0.0046] }, 'Dixon')).toBeNull();
    const spinEcho: Lists & { echoTime: number } = { echoTime: 0.1 };
    expect(boundedLists(spinEcho, 'TSE')).toBeNull();
  });

  it('drops echo times of a single-echo family and a list that is not a list', () => {
    expect(boundedLists({ echoTimes: [0.01, 0.02] }, 'TSE')).toEqual({});
    expect(boundedLists({ bValues: 'many' }, 'DWI')).toEqual({});
  });
});

describe.each(databases)('migration 0009_bounded_lists on %s', (kind) => {
  const t = useSimulatorApp(kind);

  it('repairs a stored spin echo with 250,000 b-values, so the session lists its sequences again', async () => {
    const { h, active, sequence } = await sequenceInSession(t.app, t.db, { name: 'SE', parameters: null });
    const { session } = active;
    const { id } = sequence;
    const row = await t.db
      .selectFrom('sim_pulse_sequences')
      .select('parameters')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const parameters = JSON.parse(row.parameters) as Record<string, unknown>;
    await t.db
      .updateTable('sim_pulse_sequences')
      .set({ parameters: JSON.stringify({ ...parameters, bValues: Array<number>(250_000).fill(0) }) })
      .where('id', '=', id)
      .execute();
    const url = `v1/sessions/${session.id}/pulse-sequences/${id}`;
    expect((await call(t.app, 'GET', url, h)).status).toBe(500);

    await boundedListsMigration.up(t.db as unknown as Kysely<never>);
    const read = await call(t.app, 'GET', url, h);
    expect(read.status).toBe(200);
    expect(pulseSequenceSchema.parse(read.body).parameters).toEqual(parameters);
  });
});
