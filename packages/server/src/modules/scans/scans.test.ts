import {
  ERROR_CAUSES,
  ERROR_CODES,
  reconstructedImagesSchema,
  scanEventSchema,
  scanSummarySchema,
  type ScanEvent,
} from '@larmor/contracts';
import type { ScanSnapshot } from '@larmor/mri/simulate';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import crypto from 'node:crypto';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../test/helper.ts';
import {
  call,
  databases,
  errorOf,
  heldQueue,
  refused,
  runSequence,
  SCAN_TIMEOUT_MS,
  sequenceInSession,
  testDataDir,
  TINY_PARAMETERS,
  untilSettled,
  useTestApp,
  type Headers,
} from '../../test/simulator.ts';

const dataDir = testDataDir();

describe.each(databases)('scans: run, events, images on %s', (kind) => {
  const t = useTestApp(kind, { dataDir, scanThreads: 1 });

  /** A session with a tiny SE (32 × 32, `slices` slices) on the knee, CPU simulator. */
  const tinySequence = (slices = 2, lab: Record<string, unknown> = {}) =>
    sequenceInSession(t.app, t.db, { parameters: { ...TINY_PARAMETERS, sliceCount: slices }, lab });
  const settled = (h: Headers, sessionId: string, id: string) => untilSettled(t.app, h, sessionId, id);
  const run = (h: Headers, sessionId: string, id: string) => runSequence(t.app, h, sessionId, id);

  it('run answers 202 at once; the scan ends finished with images and k-space fetchable as raw Float32 slices', async () => {
    const { world, h, sessionId, sequence } = await tinySequence(2);
    const started = await run(h, sessionId, sequence.id);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const scan = scanSummarySchema.parse(started.body);
    expect(scan.status).toBe('running');
    const done = await settled(h, sessionId, sequence.id);
    expect(done.status, done.lastScan?.errorMessage ?? '').toBe('finished');
    expect(done.lastScan).toMatchObject({ id: scan.id, progress: 100 });
    const meta = await call(t.app, 'GET', `v1/sessions/${sessionId}/reconstructed-images/${scan.id}`, h);
    expect(meta.status, JSON.stringify(meta.body)).toBe(200);
    const series = reconstructedImagesSchema.parse(meta.body);
    expect(series.slices).toHaveLength(2);
    expect(series.parameters.matrixRead).toBe(32);
    expect(series.window.width).toBeGreaterThan(0);
    for (const slice of series.slices) {
      const pixels = await t.app.inject({ method: 'GET', url: slice.url, headers: h });
      expect(pixels.statusCode).toBe(200);
      expect(pixels.headers['content-type']).toBe('application/octet-stream');
      const image = new Float32Array(new Uint8Array(pixels.rawPayload).buffer);
      expect(image.length).toBe(series.rows * series.columns);
      expect(Math.max(...image)).toBeGreaterThan(0);
      const kspace = await t.app.inject({ method: 'GET', url: slice.kspaceUrl, headers: h });
      expect(kspace.rawPayload.byteLength).toBe(series.kspaceRows * series.kspaceColumns * 8);
    }
    const beyond = await call(
      t.app,
      'GET',
      `v1/sessions/${sessionId}/reconstructed-images/${scan.id}/slices/2`,
      h,
    );
    expect(beyond.status).toBe(404);
    const other = await call(
      t.app,
      'GET',
      `v1/sessions/${sessionId}/reconstructed-images/${scan.id}`,
      world.b.studentHeaders,
    );
    expect(other.status).toBe(403);
    const foreignSlice = await t.app.inject({
      method: 'GET',
      url: series.slices[0]?.url ?? '',
      headers: world.b.studentHeaders,
    });
    expect(foreignSlice.statusCode).toBe(403);
  });

  it('each run is a new acquisition with its own seed; the stored snapshot gives byte-identical images again', async () => {
    const { h, sessionId, sequence } = await tinySequence(1);
    const first = scanSummarySchema.parse((await run(h, sessionId, sequence.id)).body);
    await settled(h, sessionId, sequence.id);
    const second = scanSummarySchema.parse((await run(h, sessionId, sequence.id)).body);
    await settled(h, sessionId, sequence.id);
    const rows = await t.db
      .selectFrom('sim_scans')
      .select(['id', 'seed', 'snapshot'])
      .orderBy('created_at')
      .execute();
    expect(rows.map((r) => r.id)).toEqual([first.id, second.id]);
    expect(rows[0]?.seed).not.toBe(rows[1]?.seed);
    const runtime = t.app.simulator;
    const stored = await runtime.blobs.get(`scans/${first.id}/image-0.f32`);
    const secondStored = await runtime.blobs.get(`scans/${second.id}/image-0.f32`);
    expect(Buffer.from(stored).equals(Buffer.from(secondStored))).toBe(false);
    const job = await (await runtime.queue()).submit(JSON.parse(rows[0]?.snapshot ?? '') as ScanSnapshot);
    const again = (await job.result).slices[0]?.magnitude ?? new Float32Array();
    expect(Buffer.from(again.buffer, again.byteOffset, again.byteLength).equals(Buffer.from(stored))).toBe(
      true,
    );
  });

  it('run refuses a protocol the scanner can no longer play (400, nothing written) and a second run while one runs (409)', async () => {
    const { h, sessionId, sequence } = await tinySequence(1, { backend: 'censol' });
    // A weaker gradient raises the minimum TE above the stored one.
    await t.db
      .updateTable('sim_pulse_sequences')
      .set({ parameters: JSON.stringify({ ...sequence.parameters, echoTime: 0.0015 }) })
      .execute();
    const refusedRun = await refused(
      t.app,
      t.db,
      'POST',
      `v1/sessions/${sessionId}/pulse-sequences/${sequence.id}/run`,
      h,
    );
    expect(refusedRun.status).toBe(400);
    expect(errorOf(refusedRun.body).validation?.['parameters.echoTime']).toBe('min');
    await t.db
      .updateTable('sim_pulse_sequences')
      .set({ parameters: JSON.stringify(sequence.parameters) })
      .execute();
    // The scan stays running until it is cancelled, so the second run always meets it.
    vi.spyOn(t.app.simulator, 'queue').mockResolvedValue(heldQueue());
    expect((await run(h, sessionId, sequence.id)).status).toBe(202);
    const twice = await run(h, sessionId, sequence.id);
    expect(twice.status, JSON.stringify(twice.body)).toBe(409);
    expect(errorOf(twice.body).cause).toBe(ERROR_CAUSES.CONFLICT);
    const cancelled = await call(
      t.app,
      'POST',
      `v1/sessions/${sessionId}/pulse-sequences/${sequence.id}/cancel`,
      h,
    );
    expect(scanSummarySchema.parse(cancelled.body).status).toBe('cancelled');
  });

  it('a restarted server (no Redis) runs again the scans it left running, from their stored snapshots', async () => {
    const { h, sessionId, sequence } = await tinySequence(1);
    const first = scanSummarySchema.parse((await run(h, sessionId, sequence.id)).body);
    expect((await settled(h, sessionId, sequence.id)).status).toBe('finished');
    const stored = await t.db
      .selectFrom('sim_scans')
      .selectAll()
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    // As if the server had stopped while this scan ran.
    const left = {
      ...stored,
      id: crypto.randomUUID(),
      series_number: stored.series_number + 1,
      status: 'running',
      progress: 0,
      result: null,
      finished_at: null,
    };
    await t.db.insertInto('sim_scans').values(left).execute();
    const restarted = await buildApp({
      config: testConfig({ dataDir, scanThreads: 1 }),
      database: { db: t.db, kind: t.kind, close: () => Promise.resolve() },
      logger: false,
    });
    try {
      await restarted.ready();
      const deadline = Date.now() + SCAN_TIMEOUT_MS;
      let status = 'running';
      while (status === 'running' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        status = (
          await t.db
            .selectFrom('sim_scans')
            .select('status')
            .where('id', '=', left.id)
            .executeTakeFirstOrThrow()
        ).status;
      }
      expect(status).toBe('finished');
      const runtime = restarted.simulator;
      const again = await runtime.blobs.get(`scans/${left.id}/image-0.f32`);
      const original = await runtime.blobs.get(`scans/${first.id}/image-0.f32`);
      expect(Buffer.from(again).equals(Buffer.from(original))).toBe(true);
    } finally {
      await restarted.close();
    }
  });

  it('cancel stops a running scan within a second; it stays cancelled and stores no images', async () => {
    const { h, sessionId, sequence } = await tinySequence(1, { backend: 'censol' });
    await call(t.app, 'PATCH', `v1/sessions/${sessionId}/pulse-sequences/${sequence.id}`, h, {
      parameters: { matrixRead: 256, matrixPhase: 256, sliceCount: 10 },
    });
    const scan = scanSummarySchema.parse((await run(h, sessionId, sequence.id)).body);
    const runtime = t.app.simulator;
    const until = Date.now() + 5_000;
    while (!runtime.running.has(scan.id) && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    const started = Date.now();
    const cancelled = await call(
      t.app,
      'POST',
      `v1/sessions/${sessionId}/pulse-sequences/${sequence.id}/cancel`,
      h,
    );
    expect(cancelled.status).toBe(200);
    expect(scanSummarySchema.parse(cancelled.body).status).toBe('cancelled');
    while (runtime.running.has(scan.id) && Date.now() - started < 1_000)
      await new Promise((r) => setTimeout(r, 10));
    expect(runtime.running.has(scan.id)).toBe(false);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect((await settled(h, sessionId, sequence.id)).status).toBe('cancelled');
    expect(await runtime.blobs.list(`scans/${scan.id}/`)).toEqual([]);
    const images = await call(t.app, 'GET', `v1/sessions/${sessionId}/reconstructed-images/${scan.id}`, h);
    expect(images.status).toBe(404);
  });

  it('a failing blob store ends the scan in error with a message, never running; the session stays usable', async () => {
    const { h, sessionId, sequence } = await tinySequence(1);
    const runtime = t.app.simulator;
    const put = runtime.blobs.put.bind(runtime.blobs);
    runtime.blobs.put = () => Promise.reject(new Error('no space left on device'));
    try {
      await run(h, sessionId, sequence.id);
      const failed = await settled(h, sessionId, sequence.id);
      expect(failed.status).toBe('error');
      expect(failed.lastScan?.errorMessage).toMatch(/no space left on device/);
    } finally {
      runtime.blobs.put = put;
    }
    expect((await run(h, sessionId, sequence.id)).status).toBe(202);
    expect((await settled(h, sessionId, sequence.id)).status).toBe('finished');
  });

  it('closing the session cancels its running scan; a closed session’s images answer 700701', async () => {
    const { h, sessionId, sequence } = await tinySequence(1, { backend: 'censol' });
    await call(t.app, 'PATCH', `v1/sessions/${sessionId}/pulse-sequences/${sequence.id}`, h, {
      parameters: { matrixRead: 256, matrixPhase: 256, sliceCount: 10 },
    });
    const scan = scanSummarySchema.parse((await run(h, sessionId, sequence.id)).body);
    expect((await call(t.app, 'PUT', `v1/sessions/${sessionId}/close`, h)).status).toBe(200);
    const row = await t.db
      .selectFrom('sim_scans')
      .select('status')
      .where('id', '=', scan.id)
      .executeTakeFirst();
    expect(row?.status).toBe('cancelled');
    const images = await call(t.app, 'GET', `v1/sessions/${sessionId}/reconstructed-images/${scan.id}`, h);
    expect(errorOf(images.body).code).toBe(ERROR_CODES.INSTANCE_NOT_RUNNING);
  });

  it('DICOM (zip) and NIfTI (.nii.gz) downloads of a finished series', async () => {
    const { world, h, sessionId, sequence } = await tinySequence(2);
    const scan = scanSummarySchema.parse((await run(h, sessionId, sequence.id)).body);
    expect((await settled(h, sessionId, sequence.id)).status).toBe('finished');
    const base = `/api/v1/sessions/${sessionId}/reconstructed-images/${scan.id}`;
    const zip = await t.app.inject({ method: 'GET', url: `${base}?format=dicom`, headers: h });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const bytes = zip.rawPayload;
    expect(bytes.readUInt32LE(0)).toBe(0x04034b50);
    expect(bytes.includes(Buffer.from('IM0002.dcm'))).toBe(true);
    expect(bytes.includes(Buffer.from('DICM'))).toBe(true);
    const nifti = await t.app.inject({ method: 'GET', url: `${base}?format=nifti`, headers: h });
    expect(nifti.statusCode).toBe(200);
    const nii = gunzipSync(nifti.rawPayload);
    expect(nii.readInt32LE(0)).toBe(348);
    // dim[1..3] (offsets 42, 44, 46): 32 × 32 × 2 slices.
    expect([nii.readInt16LE(42), nii.readInt16LE(44), nii.readInt16LE(46)]).toEqual([32, 32, 2]);
    const bad = await call(
      t.app,
      'GET',
      `v1/sessions/${sessionId}/reconstructed-images/${scan.id}?format=png`,
      h,
    );
    expect(bad.status).toBe(400);
    // Refused writes beside stored images leave rows and blobs as they were.
    const runUrl = `v1/sessions/${sessionId}/pulse-sequences/${sequence.id}/run`;
    expect((await refused(t.app, t.db, 'POST', runUrl, world.b.studentHeaders)).status).toBe(403);
    const patchUrl = `v1/sessions/${sessionId}/pulse-sequences/${sequence.id}`;
    const tooShort = await refused(t.app, t.db, 'PATCH', patchUrl, h, {
      parameters: { repetitionTime: 0.001 },
    });
    expect(tooShort.status).toBe(400);
    expect((await t.app.simulator.blobs.list(`scans/${scan.id}/`)).length).toBe(4);
  });

  it('events: the session’s stream carries running, progress and finished; Last-Event-ID replays what was missed', async () => {
    const { h, sessionId, sequence } = await tinySequence(2);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address}/api/v1/sessions/${sessionId}/events`;
    const controller = new AbortController();
    const response = await fetch(url, { headers: h, signal: controller.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events: { id: string; event: ScanEvent }[] = [];
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    const collect = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const id = /^id: (.*)$/m.exec(frame)?.[1];
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (id && data) events.push({ id, event: scanEventSchema.parse(JSON.parse(data)) });
          if (data && scanEventSchema.parse(JSON.parse(data)).status === 'finished') return;
        }
      }
    })();
    await new Promise((r) => setTimeout(r, 50));
    await run(h, sessionId, sequence.id);
    await Promise.race([
      collect,
      new Promise((_, reject) => setTimeout(() => reject(new Error('no finished event')), SCAN_TIMEOUT_MS)),
    ]);
    controller.abort();
    const statuses = events.map((e) => e.event.status);
    expect(statuses[0]).toBe('running');
    expect(statuses.at(-1)).toBe('finished');
    expect(events.some((e) => e.event.status === 'running' && e.event.progress === 50)).toBe(true);
    // Reconnecting after the first event replays the rest.
    const replay = new AbortController();
    const again = await fetch(url, {
      headers: { ...h, 'last-event-id': events[0]?.id ?? '' },
      signal: replay.signal,
    });
    const text = await (async () => {
      const r = (again.body as ReadableStream<Uint8Array>).getReader();
      let out = '';
      while (!out.includes('"finished"')) out += decoder.decode((await r.read()).value);
      return out;
    })();
    replay.abort();
    expect(text).toContain(`id: ${events.at(-1)?.id ?? 'none'}`);
    expect(text).not.toContain(`id: ${events[0]?.id ?? 'none'}\n`);
  });
});
