import { beforeAll, describe, expect, it } from 'vitest';
import { labelAtPoint, tissueVoxelCounts } from '../../src/anatomy/inspect.ts';
import type { LabelAsset } from '../../src/anatomy/labelAsset.ts';
import {
  ABDOMEN_ATLAS_TISSUES,
  abdomenAtlasLabel,
  abdomenAtlasLookup,
} from '../../src/anatomy/abdomen/atlasLabels.ts';
import { abdomenLabelAsset, readAbdomenAtlas } from './atlas.ts';
import { buildModel } from '../../src/anatomy/registry.ts';
import { labelsOnPlane } from '../../src/anatomy/labelsOnPlane.ts';
import { scanGeometry } from '../../src/simulate/geometry.ts';
import { testProtocol } from '../../src/simulate/fast/phantom.testing.ts';
import type { SliceOrientation } from '../../src/sequence/protocol.ts';
import { abdomenAtlasFiles, anatomyDir } from '../knee/paths.ts';

const files = abdomenAtlasFiles();
/** The atlas is not in git; these tests need it and run wherever ../shared/data/anatomy (or LARMOR_ANATOMY_DIR) has it. */
const needsAtlas = describe.skipIf(files === undefined);
const reason = files ? '' : ` (skipped: SPL abdominal atlas not found in ${anatomyDir()})`;
let derivedOnce: LabelAsset | undefined;
/** The asset derived from the atlas, once for this file (about 20 s of CPU under load). */
const derived = (): LabelAsset => (derivedOnce ??= abdomenLabelAsset(files ?? { seg: '', ctbl: '' }));

needsAtlas(`SPL abdominal atlas labels${reason}`, () => {
  it('has a role and tissue for every structure of its colour table and every value of its label map', () => {
    const { seg, names } = readAbdomenAtlas(files ?? { seg: '', ctbl: '' });
    expect(names.size).toBeGreaterThan(100);
    for (const name of names.values()) expect(abdomenAtlasLabel(name), name).toBeDefined();
    const values = new Set(seg.data);
    values.delete(0);
    const lookup = abdomenAtlasLookup(names, values);
    expect(lookup.size).toBe(values.size);
  }, 60_000);
});

/** Voxel centroid [m, LPS] and volume [ml] of the voxels holding any of `keys`. */
function centroid(asset: LabelAsset, keys: readonly string[], where: (x: number) => boolean = () => true) {
  const { dims, origin, voxelSize, labels } = asset.volume;
  const [nx, ny, nz] = dims;
  const wanted = new Set(keys.map((k) => asset.tissues.indexOf(k)));
  const sum = [0, 0, 0];
  let n = 0;
  for (let z = 0; z < nz; z++)
    for (let y = 0; y < ny; y++)
      for (let x = 0; x < nx; x++) {
        if (!wanted.has(labels[(z * ny + y) * nx + x] ?? 0)) continue;
        const px = origin[0] + x * voxelSize[0];
        if (!where(px)) continue;
        sum[0] = (sum[0] ?? 0) + px;
        sum[1] = (sum[1] ?? 0) + origin[1] + y * voxelSize[1];
        sum[2] = (sum[2] ?? 0) + origin[2] + z * voxelSize[2];
        n++;
      }
  const ml = (n * voxelSize[0] * voxelSize[1] * voxelSize[2]) / 1e-6;
  return { at: sum.map((s) => s / n) as [number, number, number], ml };
}

needsAtlas(`abdomen model derived from the SPL abdominal atlas${reason}`, () => {
  let abdomen: LabelAsset;
  beforeAll(() => {
    // Reading 7 M atlas voxels, voting 8 M model voxels and a dozen distance transforms: ~20 s under load.
    abdomen = derived();
  }, 300_000);

  it('is a 1.6 mm grid holding every tissue of its table, centred in the trunk', () => {
    expect(abdomen.tissues).toEqual(ABDOMEN_ATLAS_TISSUES.keys);
    expect(abdomen.volume.voxelSize).toEqual([0.0016, 0.0016, 0.0016]);
    const counts = tissueVoxelCounts(abdomen);
    for (const key of abdomen.tissues) expect(counts[key] ?? 0, key).toBeGreaterThan(0);
    expect(labelAtPoint(abdomen, [0, 0, 0])).not.toBe('air');
  });

  it('has adult organ volumes: liver 1–2.2 l, spleen 60–350 ml, each kidney 100–320 ml (Heymsfield et al., Ann Intern Med 1979;90:185 [M])', () => {
    const liver = centroid(abdomen, ['liver']);
    expect(liver.ml).toBeGreaterThan(1000);
    expect(liver.ml).toBeLessThan(2200);
    const spleen = centroid(abdomen, ['spleen']);
    expect(spleen.ml).toBeGreaterThan(60);
    expect(spleen.ml).toBeLessThan(350);
    for (const side of [(x: number) => x < 0, (x: number) => x > 0]) {
      const kidney = centroid(abdomen, ['kidneyCortex', 'kidneyMedulla'], side);
      expect(kidney.ml).toBeGreaterThan(100);
      expect(kidney.ml).toBeLessThan(320);
    }
  });

  it('puts the liver on the right (−x), the spleen on the left (+x), the spine behind (+y), the liver above the kidneys', () => {
    const liver = centroid(abdomen, ['liver']).at;
    const spleen = centroid(abdomen, ['spleen']).at;
    const spine = centroid(abdomen, ['discNucleus']).at;
    const kidneys = centroid(abdomen, ['kidneyCortex', 'kidneyMedulla']).at;
    const aorta = centroid(abdomen, ['blood']).at;
    expect(liver[0]).toBeLessThan(-0.03);
    expect(spleen[0]).toBeGreaterThan(0.05);
    expect(spine[1]).toBeGreaterThan(liver[1]);
    expect(spine[1]).toBeGreaterThan(aorta[1]);
    expect(liver[2]).toBeGreaterThan(kidneys[2]);
    // The kidneys are the isocentre's level.
    expect(Math.abs(kidneys[2])).toBeLessThan(0.003);
  });

  it('fills the spinal canal with CSF around a cord that ends above L2 (the conus), and keeps the canal inside the spine', () => {
    const cord = centroid(abdomen, ['spinalCord']);
    const csf = centroid(abdomen, ['csf']);
    const discs = centroid(abdomen, ['discNucleus']);
    expect(cord.ml).toBeGreaterThan(1);
    expect(csf.ml).toBeGreaterThan(10);
    // Canal behind the disc centroid, within 6 cm of it left-right.
    expect(csf.at[1]).toBeGreaterThan(discs.at[1]);
    expect(Math.abs(csf.at[0] - discs.at[0])).toBeLessThan(0.01);
    // The cord lies in the upper part of the canal only.
    expect(cord.at[2]).toBeGreaterThan(csf.at[2]);
  });

  it('wraps the trunk in skin over subcutaneous fat, and gives the bowel a wall around content with gas in front', () => {
    const seen: string[] = [];
    for (let x = 0.3; x > 0; x -= 0.0005) {
      const t = labelAtPoint(abdomen, [x, 0, 0]);
      if (seen.at(-1) !== t) seen.push(t);
    }
    expect(seen.slice(0, 3)).toEqual(['air', 'skin', 'fat']);
    const content = centroid(abdomen, ['bowelContent']);
    const gas = centroid(abdomen, ['bowelGas']);
    const wall = centroid(abdomen, ['bowel']);
    expect(gas.at[1]).toBeLessThan(content.at[1]); // gas rises anteriorly (−y) in a supine patient
    expect(wall.ml).toBeGreaterThan(200);
    expect(gas.ml).toBeLessThan(content.ml);
  });

  it('carves a cortical shell and fatty end-plate bands out of the vertebrae, and a nucleus inside each disc', () => {
    const counts = tissueVoxelCounts(abdomen);
    expect(counts.corticalBone ?? 0).toBeGreaterThan(0);
    expect(counts.marrow ?? 0).toBeLessThan(counts.vertebralMarrow ?? 0);
    expect(counts.discNucleus ?? 0).toBeGreaterThan(0);
    expect(counts.kidneyMedulla ?? 0).toBeLessThan(counts.kidneyCortex ?? 0);
  });
});

needsAtlas(`abdomen and spine models (5, 4) from the atlas asset: orientation and breathing${reason}`, () => {
  let asset: LabelAsset;
  beforeAll(() => {
    asset = derived();
  }, 300_000);

  /** Mean image column and row of `key` in a 64 × 64, 400 mm slice through the isocentre (DICOM pixel order). */
  function imagePosition(orientation: SliceOrientation, key: string): { column: number; row: number } {
    const model = buildModel(5, { abdomenAsset: asset });
    const protocol = testProtocol({
      fovRead: 0.4,
      fovPhase: 0.4,
      matrixRead: 64,
      matrixPhase: 64,
      geometry: { orientation, center: [0, 0, 0.02] },
    });
    const plane = scanGeometry(protocol).slices[0];
    if (!plane) throw new Error('no slice');
    const labels = labelsOnPlane(model.volume, plane);
    const wanted = model.tissues.indexOf(key);
    let c = 0;
    let r = 0;
    let n = 0;
    labels.forEach((l, p) => {
      if (l !== wanted) return;
      c += p % plane.columns;
      r += Math.floor(p / plane.columns);
      n++;
    });
    expect(n, `${key} on the ${orientation} slice`).toBeGreaterThan(0);
    return { column: c / n / plane.columns, row: r / n / plane.rows };
  }

  it("shows the liver on the image left (the patient's right) on axial and coronal images, and the head at the top", () => {
    // DICOM/radiological display: the patient's right on the image's left, anterior at the top (axial), superior at
    // the top (coronal, sagittal).
    expect(imagePosition('axial', 'liver').column).toBeLessThan(0.5);
    expect(imagePosition('coronal', 'liver').column).toBeLessThan(0.5);
    expect(imagePosition('axial', 'vertebralMarrow').row).toBeGreaterThan(
      imagePosition('axial', 'liver').row,
    );
    expect(imagePosition('coronal', 'liver').row).toBeLessThan(
      imagePosition('coronal', 'vertebralMarrow').row,
    );
    // Sagittal: anterior on the image left, the spine (posterior) on the right, superior at the top.
    expect(imagePosition('sagittal', 'discNucleus').column).toBeGreaterThan(0.5);
  });

  it('moves the liver dome down by the diaphragm shift on full inspiration, the kidneys less, the spine not at all', () => {
    const exhale = buildModel(5, { abdomenAsset: asset, breathingMode: 'breathhold_full_exhale' });
    const inhale = buildModel(5, { abdomenAsset: asset, breathingMode: 'breathhold_full_inhale' });
    const top = (m: typeof exhale, key: string): number => {
      const { dims, origin, voxelSize, labels } = m.volume;
      const l = m.tissues.indexOf(key);
      for (let z = dims[2] - 1; z >= 0; z--)
        if (labels.subarray(z * dims[0] * dims[1], (z + 1) * dims[0] * dims[1]).includes(l))
          return origin[2] + z * voxelSize[2];
      return NaN;
    };
    // 30 mm at the dome (diaphragmShift, Wade 1954), within a voxel.
    expect(top(exhale, 'liver') - top(inhale, 'liver')).toBeCloseTo(0.03, 2);
    const kidneyShift = centroid(exhale, ['kidneyCortex']).at[2] - centroid(inhale, ['kidneyCortex']).at[2];
    expect(kidneyShift).toBeGreaterThan(0.01);
    expect(kidneyShift).toBeLessThan(0.027);
    const discs = (m: typeof exhale): number => centroid(m, ['discNucleus']).at[2];
    expect(discs(inhale)).toBe(discs(exhale));
    expect(inhale.tissues).toEqual(exhale.tissues);
  });

  it('cuts the lumbar spine (model 4) around L1–S1 from the same asset, its discs at the isocentre', () => {
    const spine = buildModel(4, { abdomenAsset: asset });
    expect(spine.name).toBe('Spine');
    const discs = centroid(spine, ['discNucleus']).at;
    expect(Math.abs(discs[0])).toBeLessThan(0.005);
    expect(Math.abs(discs[1])).toBeLessThan(0.005);
    const extent = spine.volume.dims.map((d, a) => d * (spine.volume.voxelSize[a] ?? 0));
    expect(extent[2]).toBeGreaterThan(0.2);
    expect(labelAtPoint(spine, [0, 0.03, 0])).toMatch(
      /csf|spinalCord|corticalBone|marrow|vertebralMarrow|disc/,
    );
  });
});
