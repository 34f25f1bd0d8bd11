import { reconstructedImagesSchema, scanSummarySchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import {
  call,
  databases,
  sequenceInSession,
  TINY_PARAMETERS,
  untilSettled,
  useSimulatorApp,
} from '../../test/simulator.ts';

/** The (0020,0011) SeriesNumber of the first DICOM file in a stored (uncompressed) zip, explicit VR little endian. */
function dicomSeriesNumber(zip: Buffer): number {
  const tag = Buffer.from([0x20, 0x00, 0x11, 0x00, 0x49, 0x53]);
  const at = zip.indexOf(tag);
  if (at < 0) throw new Error('no SeriesNumber in the zip');
  const length = zip.readUInt16LE(at + 6);
  return Number(
    zip
      .subarray(at + 8, at + 8 + length)
      .toString('latin1')
      .trim(),
  );
}

describe.each(databases)('scans: every run is a new series (issue 20.5) on %s', (kind) => {
  const t = useSimulatorApp(kind, { scanThreads: 1 });

  it('running a sequence twice gives two scans with series numbers 1 and 2, both readable, DICOM SeriesNumber matching', async () => {
    const small = { ...TINY_PARAMETERS, echoTime: 0.015 };
    const { h, sessionId, sequence } = await sequenceInSession(t.app, t.db, { parameters: small });
    const base = `v1/sessions/${sessionId}/pulse-sequences/${sequence.id}`;
    const first = scanSummarySchema.parse((await call(t.app, 'POST', `${base}/run`, h)).body);
    expect((await untilSettled(t.app, h, sessionId, sequence.id)).status).toBe('finished');
    const longerTe = { parameters: { echoTime: 0.09 } };
    expect((await call(t.app, 'PATCH', base, h, longerTe)).status).toBe(200);
    const second = scanSummarySchema.parse((await call(t.app, 'POST', `${base}/run`, h)).body);
    const done = await untilSettled(t.app, h, sessionId, sequence.id);
    expect(done.status).toBe('finished');
    expect([first.seriesNumber, second.seriesNumber]).toEqual([1, 2]);
    expect(done.lastScan).toMatchObject({ id: second.id, seriesNumber: 2 });

    const listed = await call(t.app, 'GET', `${base}/scans`, h);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(
      scanSummarySchema
        .array()
        .parse(listed.body)
        .map((s) => [s.id, s.seriesNumber]),
    ).toEqual([
      [first.id, 1],
      [second.id, 2],
    ]);

    for (const [scan, echoTime] of [
      [first, 0.015],
      [second, 0.09],
    ] as const) {
      const meta = await call(t.app, 'GET', `v1/sessions/${sessionId}/reconstructed-images/${scan.id}`, h);
      expect(meta.status, JSON.stringify(meta.body)).toBe(200);
      const images = reconstructedImagesSchema.parse(meta.body);
      expect(images.seriesNumber).toBe(scan.seriesNumber);
      expect(images.parameters.echoTime).toBeCloseTo(echoTime, 6);
      const zip = await t.app.inject({
        method: 'GET',
        url: `/api/v1/sessions/${sessionId}/reconstructed-images/${scan.id}?format=dicom`,
        headers: h,
      });
      expect(zip.statusCode).toBe(200);
      expect(dicomSeriesNumber(zip.rawPayload)).toBe(scan.seriesNumber);
    }
  });
});
