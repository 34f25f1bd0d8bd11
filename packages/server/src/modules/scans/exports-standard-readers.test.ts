/**
 * The session API's downloads as the standard imaging tools read them (issue 16: "for every export path the
 * sessions and viewers issues add"): a finished series' `?format=nifti` is a real .nii.gz that nibabel loads with
 * the series' shape and voxel size; its `?format=dicom` zip, unpacked by Python's zipfile, converts with dcm2niix
 * into a volume that matches the NIfTI in world coordinates; dcmtk renders each file with its stored window with
 * the tissue in mid-grey; dciodvfy finds no error. Skipped with a message where the tools are missing, except in
 * CI (process.env.CI set), where a missing tool fails.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pulseSequenceSchema, scanSummarySchema, type PulseSequence } from '@larmor/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import {
  renderWithFileWindow,
  dciodvfyErrors,
  missingReaders,
  pythonReader,
  READER_PACKAGES,
  run,
  type Comparison,
  type GreyLevels,
  type NiftiInfo,
} from '../../exports/standardReaders.testing.ts';
import { useTestApp } from '../../test/helper.ts';
import {
  call,
  createSimulatorWorld,
  openSession,
  testDataDir,
  type Headers,
} from '../sessions/world.test-support.ts';

const inCi = Boolean(process.env['CI']);
const skip = missingReaders.length > 0 && !inCi;
if (skip) {
  console.warn(
    `[standard readers, session downloads] skipped: missing ${missingReaders.join(', ')}. ` +
      `Install the Debian packages ${READER_PACKAGES} (.ci/run does) to run these tests.`,
  );
}

/** Longest the small scan may take on a loaded machine [ms]. */
const SCAN_TIMEOUT_MS = 60_000;
/** The series: a 64 × 64 spin echo of the knee, 3 slices (big enough for the tissue statistics). */
const MATRIX = 64;
const SLICES = 3;

describe.skipIf(skip)('session downloads read by nibabel, dcm2niix, dcmtk and dciodvfy', () => {
  const t = useTestApp('sqlite', { dataDir: testDataDir(), scanThreads: 1 });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'larmor-session-readers-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function finishedSeries(): Promise<{ h: Headers; base: string }> {
    const world = await createSimulatorWorld(t.app, t.db);
    const h = world.a.studentHeaders;
    const active = await openSession(t.app, world, h);
    const sessionId = active.session.id;
    const created = await call(t.app, 'POST', `v1/sessions/${sessionId}/pulse-sequences`, h, {
      pulseSequenceSchemeId: 5,
      name: 'Knee SE',
      collectionId: active.collections[0]?.id,
    });
    const sequence = pulseSequenceSchema.parse(created.body);
    const patched = await call(t.app, 'PATCH', `v1/sessions/${sessionId}/pulse-sequences/${sequence.id}`, h, {
      parameters: { matrixRead: MATRIX, matrixPhase: MATRIX, sliceCount: SLICES },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const started = await call(
      t.app,
      'POST',
      `v1/sessions/${sessionId}/pulse-sequences/${sequence.id}/run`,
      h,
    );
    const scan = scanSummarySchema.parse(started.body);
    const deadline = Date.now() + SCAN_TIMEOUT_MS;
    let settled: PulseSequence;
    for (;;) {
      const res = await call(t.app, 'GET', `v1/sessions/${sessionId}/pulse-sequences/${sequence.id}`, h);
      settled = pulseSequenceSchema.parse(res.body);
      if (settled.status !== 'running') break;
      if (Date.now() > deadline) throw new Error('scan did not settle');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(settled.status).toBe('finished');
    return { h, base: `/api/v1/sessions/${sessionId}/reconstructed-images/${scan.id}` };
  }

  it('has every standard reader installed', () => {
    expect(missingReaders, `install the Debian packages ${READER_PACKAGES}`).toEqual([]);
  });

  it('?format=nifti and ?format=dicom of a finished series open in the standard tools and agree in world space', async () => {
    const { h, base } = await finishedSeries();
    const nifti = await t.app.inject({ method: 'GET', url: `${base}?format=nifti`, headers: h });
    expect(nifti.statusCode).toBe(200);
    const niftiFile = path.join(dir, 'series.nii.gz');
    writeFileSync(niftiFile, nifti.rawPayload);
    const info = pythonReader<NiftiInfo>('nifti', niftiFile);
    expect(info.gzip).toBe(true);
    expect(info.shape).toEqual([MATRIX, MATRIX, SLICES]);
    expect(info.calMax).toBeGreaterThan(info.calMin);

    const zip = await t.app.inject({ method: 'GET', url: `${base}?format=dicom`, headers: h });
    expect(zip.statusCode).toBe(200);
    const zipFile = path.join(dir, 'series.zip');
    writeFileSync(zipFile, zip.rawPayload);
    const dicomDir = path.join(dir, 'dcm');
    const unzip = run('/usr/bin/python3', ['-m', 'zipfile', '-e', zipFile, dicomDir]);
    expect(unzip.status, unzip.stderr).toBe(0);
    const files = readdirSync(dicomDir)
      .filter((f) => f.endsWith('.dcm'))
      .sort()
      .map((f) => path.join(dicomDir, f));
    expect(files).toHaveLength(SLICES);

    const outDir = path.join(dir, 'dcm2niix');
    mkdirSync(outDir, { recursive: true });
    const converted = run('dcm2niix', ['-z', 'n', '-b', 'n', '-f', 'series_%s', '-o', outDir, dicomDir]);
    expect(converted.status, converted.stdout + converted.stderr).toBe(0);
    const volumes = readdirSync(outDir).filter((f) => f.endsWith('.nii'));
    expect(volumes).toHaveLength(1);
    const c = pythonReader<Comparison>('compare', niftiFile, path.join(outDir, volumes[0] ?? ''));
    expect(c.insideFraction).toBe(1);
    expect(c.worldErrorMm).toBeLessThan(1e-3);
    expect(c.correlation).toBeGreaterThan(0.99999);

    const pairs = files.flatMap((file) => {
      const pgm = `${file}.pgm`;
      const rendered = renderWithFileWindow(file, pgm);
      expect(rendered.status, rendered.stderr).toBe(0);
      return [file, pgm];
    });
    for (const grey of pythonReader<GreyLevels[]>('grey', ...pairs)) {
      expect(grey.tissueMean).toBeGreaterThan(64);
      expect(grey.tissueMean).toBeLessThan(192);
    }
    for (const file of files) expect(dciodvfyErrors(file), file).toEqual([]);
  });
});
