/**
 * A DWI scan through the session (issue 23.7): besides the scan itself (its first b-value, b = 0), each b-value's
 * trace and the ADC map are series of their own, listed in the metadata, each readable with `?series`, each with
 * its b-value in the DICOM (DiffusionBValue) and a DERIVED ImageType for the computed ones; the ADC map reads
 * the tissue library's ADC in pure CSF and white matter (free water is not masked away).
 */
import {
  reconstructedImagesSchema,
  scanResultImagesSchema,
  type Objective,
  type ScanEvent,
} from '@larmor/contracts';
import { scanGeometry, TRACE_DIRECTIONS } from '@larmor/mri/simulate';
import { pureTissueRegions, regionMeans } from '@larmor/mri/testing';
import { gunzipSync, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createModelStore } from '../../anatomy/modelStore.ts';
import { gradeScanResults } from '../grading/service.ts';
import { findScanResult } from '../scan-results/repository.ts';
import { call, runToFinish, sequenceInSession, type Headers, useSimulatorApp } from '../../test/simulator.ts';

/** Building the brain and scanning four times takes a while on the loaded 2-core machine. */
const SLOW = 180_000;
/** DWI (sequence type 12): one axial slice through the lateral ventricles, b = 0 and 1000 s/mm². */
const DWI_SCHEME = 12;

/** The doubles of DiffusionBValue (0018,9087, FD) of an explicit-VR little-endian DICOM file; null when absent. */
function diffusionBValue(file: Uint8Array): number | null {
  const bytes = Buffer.from(file);
  const at = bytes.indexOf(Buffer.from([0x18, 0x00, 0x87, 0x90, 0x46, 0x44]));
  return at < 0 ? null : bytes.readDoubleLE(at + 8);
}

/** The text of element (group,element) of value representation `vr` (a short-length VR) of a DICOM file. */
function dicomText(file: Uint8Array, group: number, element: number, vr: string): string {
  const bytes = Buffer.from(file);
  const tag = Buffer.alloc(6);
  tag.writeUInt16LE(group, 0);
  tag.writeUInt16LE(element, 2);
  tag.write(vr, 4, 'latin1');
  const at = bytes.indexOf(tag);
  if (at < 0) throw new Error(`no (${group.toString(16)},${element.toString(16)}) in the file`);
  const length = bytes.readUInt16LE(at + 6);
  return bytes
    .subarray(at + 8, at + 8 + length)
    .toString('utf8')
    .replace(/[\0 ]+$/, '');
}

/** ImageType (0008,0008, CS) of a DICOM file. */
const imageType = (file: Uint8Array): string => dicomText(file, 0x0008, 0x0008, 'CS');

/** The series identity a DICOM file carries: SeriesNumber, SeriesInstanceUID, SeriesDescription, StudyInstanceUID. */
const seriesIdentity = (file: Uint8Array) => ({
  number: Number(dicomText(file, 0x0020, 0x0011, 'IS')),
  uid: dicomText(file, 0x0020, 0x000e, 'UI'),
  description: dicomText(file, 0x0008, 0x103e, 'LO'),
  study: dicomText(file, 0x0020, 0x000d, 'UI'),
});

describe('DWI through the session: every b-value, the trace and the ADC map as series (issue 23.7)', () => {
  const t = useSimulatorApp('sqlite', { scanThreads: 1 });

  const get = (h: Headers, url: string) => t.app.inject({ method: 'GET', url, headers: h });

  /**
   * A finished DWI scan (b = 0 and 1000 s/mm², 128², one axial slice through the ventricles) of a new session;
   * `events` receives its session's events from the run to the scan's end.
   */
  async function dwiScan(options: { noise?: number; events?: ScanEvent[] }) {
    const { h, sessionId, sequence } = await sequenceInSession(t.app, t.db, {
      scheme: DWI_SCHEME,
      name: 'DWI',
      lab: { anatomicalModelId: 1, sequenceTypes: [DWI_SCHEME] },
      parameters: { sliceCount: 1, matrixRead: 128, matrixPhase: 128, echoTime: 0.11, bValues: [0, 1e9] },
    });
    const through = { spatials: { orientation: 'axial', center: [0, 0, 0.01] } };
    const path = `v1/sessions/${sessionId}/pulse-sequences/${sequence.id}`;
    const moved = await call(t.app, 'PATCH', path, h, through);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    if (options.noise !== undefined) {
      const level = { configurationId: 'noise', value: options.noise };
      const configured = await call(t.app, 'POST', `v1/sessions/${sessionId}/configuration`, h, level);
      expect(configured.status, JSON.stringify(configured.body)).toBe(200);
    }
    const events = options.events;
    let ended: Promise<void> = Promise.resolve();
    if (events) {
      ended = new Promise((resolve) => {
        const stop = t.app.simulator.events.subscribe(sessionId, ({ event }) => {
          events.push(event);
          if (event.status !== 'running') {
            stop();
            resolve();
          }
        });
      });
    }
    const done = await runToFinish(t.app, h, sessionId, sequence.id);
    await ended;
    return { h, sessionId, scanId: done.lastScan?.id ?? '' };
  }

  it(
    'serves b0, the b1000 trace and the ADC map with their b-values in the DICOM; ADC of CSF ≈ 3.0e-3, WM ≈ 0.7–0.8e-3 mm²/s',
    async () => {
      // Noise off: a magnitude image's noise floor (Rician bias) would raise the attenuated CSF at b = 1000.
      const { h, sessionId, scanId } = await dwiScan({ noise: 0 });
      const meta = await call(t.app, 'GET', `v1/sessions/${sessionId}/reconstructed-images/${scanId}`, h);
      expect(meta.status, JSON.stringify(meta.body)).toBe(200);
      const scan = reconstructedImagesSchema.parse(meta.body);
      expect(scan.series).toBe('');
      expect(scan.diffusionSeries?.map((s) => [s.name, s.bValue, s.imageType?.at(-1) ?? null])).toEqual([
        ['', 0, null],
        ['b1000', 1000, 'TRACEW'],
        ['adc', null, 'ADC'],
      ]);
      expect(scan.diffusionSeries?.[1]?.description).toMatch(/b=1000 s\/mm²/);

      // Each series' pixels, DICOM b-value and ImageType.
      const pixels = new Map<string, Float32Array>();
      const identities = new Map<string, ReturnType<typeof seriesIdentity>>();
      for (const listed of scan.diffusionSeries ?? []) {
        const one = reconstructedImagesSchema.parse((await get(h, listed.url)).json());
        expect(one.series).toBe(listed.name);
        const slice = one.slices[0];
        if (!slice) throw new Error('no slice');
        const image = await get(h, slice.url);
        expect(image.statusCode).toBe(200);
        pixels.set(listed.name, new Float32Array(new Uint8Array(image.rawPayload).buffer.slice(0)));
        const zip = await get(h, one.dicomUrl);
        expect(zip.statusCode).toBe(200);
        const files = Object.values(unzipSync(new Uint8Array(zip.rawPayload)));
        expect(files).toHaveLength(1);
        const file = files[0] as Uint8Array;
        expect(diffusionBValue(file)).toBe(listed.bValue);
        expect(imageType(file).startsWith(listed.name === '' ? 'ORIGINAL' : 'DERIVED')).toBe(true);
        identities.set(listed.name, seriesIdentity(file));
        expect(identities.get(listed.name)?.number).toBe(listed.seriesNumber);
      }
      // Each series its own SeriesNumber (the scan's N, then N01, N02), SeriesInstanceUID and a description
      // naming what it holds; one study for them all.
      const n = scan.seriesNumber;
      expect([...identities.values()].map((i) => i.number)).toEqual([n, 100 * n + 1, 100 * n + 2]);
      expect(new Set([...identities.values()].map((i) => i.uid)).size).toBe(3);
      expect(new Set([...identities.values()].map((i) => i.study)).size).toBe(1);
      expect(identities.get('')?.description).toMatch(/^DWI b=0 s\/mm² /);
      expect(identities.get('b1000')?.description).toMatch(/^DWI TRACEW b=1000 s\/mm² /);
      expect(identities.get('adc')?.description).toMatch(/^DWI ADC /);
      const kspace = await get(h, scan.slices[0]?.kspaceUrl.replace('kspace/0', 'kspace/0?series=adc') ?? '');
      expect(kspace.statusCode).toBe(404);
      expect((await get(h, `${scan.dicomUrl}&series=b3000`)).statusCode).toBe(404);

      // Pure CSF and white matter of the slice (the model's labels), their b = 0, b = 1000 and ADC means.
      const brain = createModelStore({ maxEntries: 1 }).get(1);
      const plane = scanGeometry(scan.parameters).slices[0];
      if (!plane) throw new Error('no plane');
      const regions = pureTissueRegions(brain.volume, plane);
      const labelOf = (key: string) => brain.tissues.findIndex((k) => k === key);
      const mean = (name: string, tissue: string) => {
        const image = pixels.get(name);
        if (!image) throw new Error(`no ${name}`);
        return regionMeans(image, regions).get(labelOf(tissue)) ?? NaN;
      };
      expect(regions.get(labelOf('csf'))?.length ?? 0).toBeGreaterThanOrEqual(20);
      expect(regions.get(labelOf('whiteMatter'))?.length ?? 0).toBeGreaterThanOrEqual(20);
      // b = 0: CSF bright (T2 shine); b = 1000: CSF dark (free water attenuated by e^(−3)).
      expect(mean('', 'csf') / mean('', 'whiteMatter')).toBeGreaterThan(2);
      expect(mean('b1000', 'csf') / mean('b1000', 'whiteMatter')).toBeLessThan(0.5);
      // ADC map in 10⁻⁶ mm²/s: CSF 3.0e-3 mm²/s within 10 %, white matter 0.7–0.8e-3 mm²/s.
      expect(mean('adc', 'csf')).toBeGreaterThan(2700);
      expect(mean('adc', 'csf')).toBeLessThan(3300);
      expect(mean('adc', 'whiteMatter')).toBeGreaterThan(650);
      expect(mean('adc', 'whiteMatter')).toBeLessThan(850);
    },
    SLOW,
  );

  it(
    'the grader judges a kept DWI scan on its b > 0 trace: white matter brighter than CSF, diffusion weighting',
    async () => {
      const { h, scanId } = await dwiScan({});
      const kept = await call(t.app, 'POST', 'v1/scan-results', h, { scanId });
      expect(kept.status, JSON.stringify(kept.body)).toBe(201);
      const row = await findScanResult(t.db, String(kept.body?.['id']));
      if (!row) throw new Error('no scan result');
      // On the b = 0 image CSF is about three times as bright as white matter (T2 shine-through): judged there,
      // "white matter brighter than CSF" fails; on the b = 1000 trace free water is dark and it passes.
      const restricted: Objective = {
        id: 'restricted',
        kind: 'contrastOrder',
        points: 2,
        brighter: 'whiteMatter',
        darker: 'csf',
      };
      const weighting: Objective = { id: 'dwi', kind: 'weighting', points: 1, weighting: 'diffusion' };
      // Issue 24: the ADC is read from the scan's ADC map (stored in 10⁻⁶ mm²/s). With the default noise the
      // magnitude floor lifts the b = 1000 trace, so white matter (0.7e-3 mm²/s in the library) reads about
      // 0.6e-3: inside 0.5–0.9e-3; CSF (3e-3, read about 2.3e-3 under the same bias) is not.
      const wmAdc: Objective = {
        id: 'adc-wm',
        kind: 'adcRange',
        points: 1,
        tissue: 'whiteMatter',
        minMm2PerS: 0.5e-3,
        maxMm2PerS: 0.9e-3,
      };
      const csfAdc: Objective = { ...wmAdc, id: 'adc-csf', tissue: 'csf' };
      const checks = await gradeScanResults(
        t.app.simulator.blobs,
        [restricted, weighting, wmAdc, csfAdc],
        [row],
        {},
      );
      expect(checks[0]?.passed, checks[0]?.measured ?? '').toBe(true);
      expect(checks[0]?.value ?? 0).toBeGreaterThan(1.2);
      expect(checks[1]?.passed, checks[1]?.measured ?? '').toBe(true);
      expect(checks[2]?.passed, checks[2]?.measured ?? '').toBe(true);
      expect(checks[2]?.measured).toMatch(/^ADC 0\.[5-8]\d × 10⁻³ mm²\/s in white matter/);
      expect(checks[3]).toMatchObject({ passed: false });
      expect(checks[3]?.value ?? 0).toBeGreaterThan(2e-3);
      expect(checks[3]?.change.map((c) => c.label)).toEqual(['b-values', 'NEX (averages)']);
    },
    SLOW,
  );

  it(
    'progress spans the scan itself and every further b-value scan: it rises step by step to 100, not 99 after the first',
    async () => {
      const events: ScanEvent[] = [];
      await dwiScan({ events });
      // One slice, b = 0 and 1000: the scan itself (b = 0) and one scan per trace direction at b = 1000.
      const scans = 1 + TRACE_DIRECTIONS;
      const running = events.filter((e) => e.status === 'running').map((e) => e.progress);
      expect(events.at(-1)).toMatchObject({ status: 'finished', progress: 100 });
      for (let i = 1; i < running.length; i++) expect(running[i]).toBeGreaterThan(running[i - 1] as number);
      // Each finished scan moves the figure by its share: the first ends at 100 / scans %, not at 99 %.
      const shares = Array.from({ length: scans - 1 }, (_, k) => Math.floor((100 * (k + 1)) / scans));
      for (const share of shares) expect(running).toContain(share);
      expect(running.at(-1)).toBe(99);
    },
    SLOW,
  );

  it(
    'the FSL download: one 4D NIfTI with a volume per b-value (b = 0, the b = 1000 trace) and its .bval/.bvec',
    async () => {
      const { h, sessionId, scanId } = await dwiScan({});
      const scan = reconstructedImagesSchema.parse(
        (await call(t.app, 'GET', `v1/sessions/${sessionId}/reconstructed-images/${scanId}`, h)).body,
      );
      const fslUrl = scan.fslUrl ?? '';
      expect(fslUrl).toMatch(/format=fsl/);
      const zip = await get(h, fslUrl);
      expect(zip.statusCode).toBe(200);
      expect(zip.headers['content-disposition']).toMatch(/-dwi-fsl\.zip"$/);
      const files = unzipSync(new Uint8Array(zip.rawPayload));
      expect(Object.keys(files).sort()).toEqual(['dwi.bval', 'dwi.bvec', 'dwi.nii.gz']);
      const text = (name: string) => new TextDecoder().decode(files[name]);
      // FSL: b-values in s/mm², one column per volume; trace and b = 0 volumes have no gradient direction.
      expect(text('dwi.bval')).toBe('0 1000\n');
      expect(text('dwi.bvec')).toBe('0 0\n0 0\n0 0\n');
      const nii = gunzipSync(files['dwi.nii.gz'] as Uint8Array);
      const view = new DataView(nii.buffer, nii.byteOffset, nii.byteLength);
      const dim = Array.from({ length: 5 }, (_, i) => view.getInt16(40 + 2 * i, true));
      expect(dim).toEqual([4, scan.columns, scan.rows, 1, 2]);
      // Volume k is the series' own NIfTI volume, voxel for voxel: b = 0 (the scan itself), then the trace.
      const voxels = 4 * scan.rows * scan.columns;
      // Voxels start at vox_offset: after the header and the anatomy's credit (a comment extension).
      const voxOffsetOf = (bytes: Uint8Array) =>
        new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getFloat32(108, true);
      const volumeOf = async (url: string) => {
        const one = gunzipSync(new Uint8Array((await get(h, url)).rawPayload));
        const start = voxOffsetOf(one);
        return Buffer.from(one.subarray(start, start + voxels));
      };
      const [b0, b1000] = [scan.niftiUrl, scan.niftiUrl.replace('format=nifti', 'format=nifti&series=b1000')];
      const start = voxOffsetOf(nii);
      expect(Buffer.from(nii.subarray(start, start + voxels)).equals(await volumeOf(b0))).toBe(true);
      expect(
        Buffer.from(nii.subarray(start + voxels, start + 2 * voxels)).equals(await volumeOf(b1000)),
      ).toBe(true);
      expect(nii.length).toBe(start + 2 * voxels);
      expect(new TextDecoder().decode(nii.subarray(360, start))).toContain(
        'Brain model derived from Colin27',
      );
    },
    SLOW,
  );

  it('a scan without diffusion series has no FSL download (404)', async () => {
    const { h, sessionId, sequence } = await sequenceInSession(t.app, t.db, {
      parameters: { matrixRead: 32, matrixPhase: 32, sliceCount: 1, echoTime: 0.015 },
    });
    const done = await runToFinish(t.app, h, sessionId, sequence.id);
    const base = `v1/sessions/${sessionId}/reconstructed-images/${done.lastScan?.id ?? ''}`;
    const scan = reconstructedImagesSchema.parse((await call(t.app, 'GET', base, h)).body);
    expect(scan.fslUrl).toBeUndefined();
    expect((await call(t.app, 'GET', `${base}?format=fsl`, h)).status).toBe(404);
  });

  it(
    'a kept DWI scan result lists the same series (b0, the b1000 trace, the ADC map) and serves each with ?series=',
    async () => {
      const { h, sessionId, scanId } = await dwiScan({});
      const kept = await call(t.app, 'POST', 'v1/scan-results', h, { scanId });
      expect(kept.status, JSON.stringify(kept.body)).toBe(201);
      const base = `v1/scan-results/${String(kept.body?.['id'])}/images`;
      const listed = scanResultImagesSchema.parse((await call(t.app, 'GET', base, h)).body);
      const session = reconstructedImagesSchema.parse(
        (await call(t.app, 'GET', `v1/sessions/${sessionId}/reconstructed-images/${scanId}`, h)).body,
      );
      expect(listed.series).toBe('');
      const strip = ({ url: _url, ...rest }: { url: string }) => rest;
      expect(listed.diffusionSeries?.map(strip)).toEqual(session.diffusionSeries?.map(strip));
      for (const s of session.diffusionSeries ?? []) {
        const one = scanResultImagesSchema.parse(
          (await get(h, listed.diffusionSeries?.find((l) => l.name === s.name)?.url ?? '')).json(),
        );
        expect(one.series).toBe(s.name);
        const kept0 = await get(h, one.slices[0]?.url ?? '');
        const served = reconstructedImagesSchema.parse((await get(h, s.url)).json());
        const own0 = await get(h, served.slices[0]?.url ?? '');
        expect(kept0.statusCode).toBe(200);
        expect(Buffer.from(kept0.rawPayload).equals(Buffer.from(own0.rawPayload))).toBe(true);
        expect(one.window).toEqual(served.window);
      }
      expect((await call(t.app, 'GET', `${base}?series=b3000`, h)).status).toBe(404);
      expect((await call(t.app, 'GET', `${base}/0?series=b3000`, h)).status).toBe(404);
    },
    SLOW,
  );
});
