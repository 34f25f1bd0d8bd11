import { scoutImageSchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/helper.ts';
import { call, studentSession, useSimulatorApp } from '../sessions/world.test-support.ts';

describe.each(databases)('scout images on %s', (kind) => {
  const t = useSimulatorApp(kind, { scanThreads: 1 });

  it('a session’s scouts are the localiser planes through the isocenter or a region, computed once', async () => {
    const { world, h, active } = await studentSession(t.app, t.db);
    const { session, scoutImages } = active;
    expect(scoutImages.map((s) => s.id)).toEqual(['axial', 'sagittal', 'coronal']);
    const res = await call(t.app, 'GET', `v1/sessions/${session.id}/scout-images/sagittal?regionId=1`, h);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const scout = scoutImageSchema.parse(res.body);
    expect(scout).toMatchObject({ orientation: 'sagittal', regionId: 1, rows: 256, columns: 256 });
    const pixels = new Float32Array(Buffer.from(scout.pixels, 'base64').buffer.slice(0));
    expect(pixels.length).toBe(256 * 256);
    expect(Math.max(...pixels)).toBeGreaterThan(0);
    // The tissue under each pixel (tissue name on hover): indices into the model's tissue keys, 0 is air.
    const labels = Buffer.from(scout.labels, 'base64');
    expect(labels.length).toBe(256 * 256);
    expect(scout.tissues[0]).toBe('air');
    expect(Math.max(...labels)).toBeGreaterThan(0);
    expect(Math.max(...labels)).toBeLessThan(scout.tissues.length);
    const blobs = await t.app.simulator.blobs.list('scouts/');
    const again = await call(t.app, 'GET', `v1/sessions/${session.id}/scout-images/sagittal?regionId=1`, h);
    expect(scoutImageSchema.parse(again.body).pixels).toBe(scout.pixels);
    expect(await t.app.simulator.blobs.list('scouts/')).toEqual(blobs);
    expect((await call(t.app, 'GET', `v1/sessions/${session.id}/scout-images/oblique`, h)).status).toBe(400);
    expect(
      (await call(t.app, 'GET', `v1/sessions/${session.id}/scout-images/axial?regionId=9`, h)).status,
    ).toBe(400);
    expect(
      (await call(t.app, 'GET', `v1/sessions/${session.id}/scout-images/axial`, world.b.studentHeaders))
        .status,
    ).toBe(403);
  });
});
