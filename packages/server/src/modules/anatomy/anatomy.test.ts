import { anatomicalModelSchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from '../../test/helper.ts';
import { createContentWorld } from '../content/programs/world.test-support.ts';
import { call } from '../sessions/world.test-support.ts';

describe.each(databases)('anatomical models (v1/anatomical-models) on %s', (kind) => {
  const t = useTestApp(kind);

  it('a user reads a model with its features, regions and coils; another user’s path answers 403; the free plan reads only free models', async () => {
    const world = await createContentWorld(t.db);
    const { student, studentHeaders } = world.a;
    const res = await call(t.app, 'GET', `v1/anatomical-models/${student.id}/single/2`, studentHeaders);
    expect(res.status).toBe(200);
    expect(anatomicalModelSchema.parse(res.body)).toMatchObject({
      id: 2,
      name: 'Knee',
      regions: [{ id: 1, name: 'Right knee' }],
    });
    expect(anatomicalModelSchema.parse(res.body).coils).toContainEqual({
      unique_name: 'knee8',
      shown_name: 'Knee coil (8 channels)',
    });
    // A variant names the engine model it is built from (the 3D viewer builds that one): 223 is the abdomen.
    const variant = await call(t.app, 'GET', `v1/anatomical-models/${student.id}/single/223`, studentHeaders);
    expect(anatomicalModelSchema.parse(variant.body)).toMatchObject({ id: 223, engineModelId: 5 });
    expect(
      (await call(t.app, 'GET', `v1/anatomical-models/${student.id}/single/99999`, studentHeaders)).status,
    ).toBe(404);
    expect(
      (await call(t.app, 'GET', `v1/anatomical-models/${world.a.teacher.id}/single/2`, studentHeaders))
        .status,
    ).toBe(403);
    const free = world.freeUser.id;
    expect(
      (await call(t.app, 'GET', `v1/anatomical-models/${free}/single/2`, world.freeHeaders)).status,
    ).toBe(200);
    expect(
      (await call(t.app, 'GET', `v1/anatomical-models/${free}/single/4`, world.freeHeaders)).status,
    ).toBe(403);
    expect(
      (await call(t.app, 'GET', `v1/anatomical-models/${free}/single/x`, world.freeHeaders)).status,
    ).toBe(400);
  });
});
