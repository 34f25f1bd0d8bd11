import { labAttemptSchema } from '@larmor/contracts';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call, createSimulatorWorld, useSimulatorApp } from '../../modules/sessions/world.test-support.ts';
import { headersAs } from '../../modules/users/world.test-support.ts';
import { addMembership } from '../../test/fixtures.ts';
import { databases } from '../../test/helper.ts';
import { attemptOrganisationsMigration } from './0010_attempt_organisations.ts';

describe.each(databases)('migration 0010_attempt_organisations on %s', (kind) => {
  const t = useSimulatorApp(kind);

  it("gives an attempt stored under the student's other identity (B) the organisation that owns its program (A)", async () => {
    const world = await createSimulatorWorld(t.app, t.db);
    const identityB = await addMembership(t.db, world.a.student.id, world.b.clientId, 'Student');
    expect(
      (await call(t.app, 'POST', `v1/programs/${world.programId}/enrollments`, world.a.studentHeaders, {}))
        .status,
    ).toBe(200);
    const asB = await headersAs(world.a.student, 'Student', identityB);
    const started = await call(t.app, 'POST', `v1/modules/${world.labId}/attempts`, asB, {});
    expect(started.status).toBe(201);
    const id = labAttemptSchema.parse(started.body).id;
    // As the defect stored it: under the identity the student acted in.
    await t.db
      .updateTable('lab_attempts')
      .set({ client_id: world.b.clientId })
      .where('id', '=', id)
      .execute();

    await attemptOrganisationsMigration.up(t.db as unknown as Kysely<unknown>);
    const row = await t.db
      .selectFrom('lab_attempts')
      .select('client_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.client_id).toBe(world.a.clientId);
  });
});
