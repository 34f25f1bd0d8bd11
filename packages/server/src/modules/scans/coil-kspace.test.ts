/**
 * GET …/reconstructed-images/{id}/kspace/{index}?coil=c (issue 13: the k-space view "per coil where there are
 * several"): the series says how many channels received it; channel 0 is the stored k-space byte for byte, the
 * others are computed again from the scan's snapshot; a channel the scan does not have answers 400 {coil: max}.
 */
import { pulseSequenceSchema, reconstructedImagesSchema, scanSummarySchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/helper.ts';
import { call, errorOf, studentSession, useSimulatorApp } from '../sessions/world.test-support.ts';

/** Longest a tiny scan may take on a loaded CI machine [ms]. */
const SCAN_TIMEOUT_MS = 60_000;

describe.each(databases)('k-space per receive channel on %s', (kind) => {
  const t = useSimulatorApp(kind, { scanThreads: 1 });

  it('serves every channel of the knee coil: channel 0 is the stored k-space, the others differ, 8 is refused', async () => {
    const { world, h, active } = await studentSession(t.app, t.db);
    const sessionId = active.session.id;
    const created = pulseSequenceSchema.parse(
      (
        await call(t.app, 'POST', `v1/sessions/${sessionId}/pulse-sequences`, h, {
          pulseSequenceSchemeId: 5,
          name: 'Tiny SE',
          collectionId: active.collections[0]?.id,
        })
      ).body,
    );
    await call(t.app, 'PATCH', `v1/sessions/${sessionId}/pulse-sequences/${created.id}`, h, {
      parameters: { matrixRead: 32, matrixPhase: 32, sliceCount: 2 },
    });
    const scan = scanSummarySchema.parse(
      (await call(t.app, 'POST', `v1/sessions/${sessionId}/pulse-sequences/${created.id}/run`, h)).body,
    );
    const deadline = Date.now() + SCAN_TIMEOUT_MS;
    for (;;) {
      const res = await call(t.app, 'GET', `v1/sessions/${sessionId}/pulse-sequences/${created.id}`, h);
      if (pulseSequenceSchema.parse(res.body).status !== 'running') break;
      if (Date.now() > deadline) throw new Error('scan did not settle');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const meta = await call(t.app, 'GET', `v1/sessions/${sessionId}/reconstructed-images/${scan.id}`, h);
    expect(meta.status, JSON.stringify(meta.body)).toBe(200);
    const series = reconstructedImagesSchema.parse(meta.body);
    expect(series.receiveChannels).toBe(8);
    expect(series.receiveCoil).toMatch(/Knee/);
    const slice = series.slices[1];
    if (!slice) throw new Error('no slice 1');
    const get = (query: string) =>
      t.app.inject({ method: 'GET', url: `${slice.kspaceUrl}${query}`, headers: h });

    const stored = await get('');
    const first = await get('?coil=0');
    const last = await get('?coil=7');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/octet-stream');
    expect(Buffer.compare(first.rawPayload, stored.rawPayload)).toBe(0);
    expect(last.rawPayload.byteLength).toBe(series.kspaceRows * series.kspaceColumns * 8);
    expect(Buffer.compare(last.rawPayload, stored.rawPayload)).not.toBe(0);

    const beyond = await get('?coil=8');
    expect(beyond.statusCode).toBe(400);
    expect(errorOf(beyond.json())).toMatchObject({
      validation: { coil: 'max' },
      message: 'This scan was received on 8 channels: coil must be 0 to 7',
    });
    expect((await get('?coil=-1')).statusCode).toBe(400);
    expect((await get('?coil=one')).statusCode).toBe(400);
    // Another organisation's student reads nothing of it.
    const foreign = await t.app.inject({
      method: 'GET',
      url: `${slice.kspaceUrl}?coil=3`,
      headers: world.b.studentHeaders,
    });
    expect(foreign.statusCode).toBe(403);
  });
});
