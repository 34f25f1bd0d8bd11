/**
 * A DWI scan through the session (issue 23.7): besides the scan itself (its first b-value, b = 0), each b-value's
 * trace and the ADC map are series of their own, listed in the metadata, each readable with `?series`, each with
 * its b-value in the DICOM (DiffusionBValue) and a DERIVED ImageType for the computed ones; the ADC map reads
 * the tissue library's ADC in pure CSF and white matter (free water is not masked away).
 */
import { reconstructedImagesSchema, type Objective } from '@larmor/contracts';
import { scanGeometry } from '@larmor/mri/simulate';
import { pureTissueRegions, regionMeans } from '@larmor/mri/testing';
import { unzipSync } from 'fflate';
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

/** ImageType (0008,0008, CS) of a DICOM file. */
function imageType(file: Uint8Array): string {
  const bytes = Buffer.from(file);
  const at = bytes.indexOf(Buffer.from([0x08, 0x00, 0x08, 0x00, 0x43, 0x53]));
  const length = bytes.readUInt16LE(at + 6);
  return bytes
    .subarray(at + 8, at + 8 + length)
    .toString('latin1')
    .trim();
}

describe('DWI through the session: every b-value, the trace and the ADC map as series (issue 23.7)', () => {
  const t = useSimulatorApp('sqlite', { scanThreads: 1 });

  const get = (h: Headers, url: string) => t.app.inject({ method: 'GET', url, headers: h });

  /** A finished DWI scan (b = 0 and 1000 s/mm², 128², one axial slice through the ventricles) of a new session. */
  async function dwiScan(options: { noise?: number }) {
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
    const done = await runToFinish(t.app, h, sessionId, sequence.id);
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
      }
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
      const checks = await gradeScanResults(t.app.simulator.blobs, [restricted, weighting], [row], {});
      expect(checks[0]?.passed, checks[0]?.measured ?? '').toBe(true);
      expect(checks[0]?.value ?? 0).toBeGreaterThan(1.2);
      expect(checks[1]?.passed, checks[1]?.measured ?? '').toBe(true);
    },
    SLOW,
  );
});
