import { describe, expect, it, beforeAll } from 'vitest';
import { labelAtPoint, tissueFractions } from '../../src/anatomy/inspect.ts';
import type { LabelAsset } from '../../src/anatomy/labelAsset.ts';
import { KNEE_ATLAS_LABEL_TISSUES, kneeAtlasLookup } from '../../src/anatomy/knee/atlasLabels.ts';
import { kneeLabelAsset, readKneeAtlas } from './atlas.ts';
import { anatomyDir, kneeAtlasFiles } from './paths.ts';

const files = kneeAtlasFiles();
/** The atlas is not in git; these tests need it and run wherever ../shared/data/anatomy (or LARMOR_ANATOMY_DIR) has it. */
const needsAtlas = describe.skipIf(files === undefined);
const reason = files ? '' : ` (skipped: SPL knee atlas not found in ${anatomyDir()})`;

needsAtlas(`SPL knee atlas labels${reason}`, () => {
  it('has a tissue for every structure of its colour table and every value of its label map', () => {
    const { seg, names } = readKneeAtlas(files ?? { seg: '', ctbl: '' });
    expect(names.size).toBe(48);
    for (const name of names.values()) expect(KNEE_ATLAS_LABEL_TISSUES[name], name).toBeDefined();
    const values = new Set(seg.data);
    expect(() => kneeAtlasLookup(names, values)).not.toThrow();
    expect(kneeAtlasLookup(names, values).size).toBe(values.size);
  }, 120_000); // reading and gunzipping 31 M voxels takes seconds on a busy machine
});

needsAtlas(`knee model derived from the SPL atlas${reason}`, () => {
  let knee: { volume: LabelAsset['volume']; tissues: LabelAsset['tissues'] };
  beforeAll(() => {
    // Deriving reads 31 M atlas voxels and runs four distance transforms: seconds of CPU, longer on a busy machine.
    knee = kneeLabelAsset(files ?? { seg: '', ctbl: '' });
  }, 300_000);

  it('is a 0.6 mm grid centred on the joint, holding every tissue of its table', () => {
    expect(knee.volume.voxelSize).toEqual([0.0006, 0.0006, 0.0006]);
    const counts = new Array<number>(knee.tissues.length).fill(0);
    for (const l of knee.volume.labels) counts[l] = (counts[l] ?? 0) + 1;
    knee.tissues.forEach((key, i) => expect(counts[i], key).toBeGreaterThan(0));
    expect(labelAtPoint(knee, [0, 0, 0])).not.toBe('air');
  });

  it('has tissue volume fractions of a knee: bone, muscle and fat within anatomical ranges, thin cartilage and skin', () => {
    // Fractions of the limb (air excluded) over the atlas slab (femoral metaphysis to proximal tibia and fibula):
    // the epiphyses fill much of each section near the joint, the thigh and calf muscles most of it above and below,
    // and subcutaneous, intermuscular and popliteal fat the rest.
    const f = tissueFractions(knee, { excludeAir: true });
    const bone = (f.corticalBone ?? 0) + (f.marrow ?? 0);
    expect(bone).toBeGreaterThan(0.15);
    expect(bone).toBeLessThan(0.4);
    expect(f.muscle).toBeGreaterThan(0.15);
    expect(f.muscle).toBeLessThan(0.5);
    expect(f.fat).toBeGreaterThan(0.2);
    expect(f.fat).toBeLessThan(0.5);
    expect(f.corticalBone).toBeGreaterThan(0.02);
    expect(f.cartilage).toBeGreaterThan(0.01);
    expect(f.cartilage).toBeLessThan(0.05);
    expect(f.synovialFluid).toBeGreaterThan(0.002);
    expect(f.skin).toBeLessThan(0.08);
  });

  it('puts the femur above the joint, the tibia below, the patella in front and the fibula laterally (−x: the left atlas knee mirrored into a right knee)', () => {
    const at = (x: number, y: number, z: number) => labelAtPoint(knee, [x, y, z]);
    // Marrow inside the femoral condyles 25 mm above the joint centre and inside the tibial plateau 25 mm below.
    expect(at(0, 0, 0.025)).toBe('marrow');
    expect(at(0, 0, -0.025)).toBe('marrow');
    // The fibular head: lateral (the patient's right, −x in LPS, for a right knee) and posterior, below the joint.
    const fibulaSide = (x: number): number => {
      let n = 0;
      for (let z = -0.045; z <= -0.02; z += 0.003)
        for (let y = -0.01; y <= 0.04; y += 0.003) if (at(x, y, z) !== 'air' && at(x, y, z) === 'marrow') n++;
      return n;
    };
    expect(fibulaSide(-0.045)).toBeGreaterThan(fibulaSide(0.045));
    // The patella in front (−y) of the femur, at the level of the trochlea.
    let patella = 0;
    for (let y = -0.06; y < -0.02; y += 0.002) if (at(0, y, 0.03) === 'marrow') patella++;
    expect(patella).toBeGreaterThan(3);
  });

  it('holds joint fluid as a film in the joint and in the suprapatellar recess in front of the femur, a few millilitres', () => {
    const { dims, origin, voxelSize, labels } = knee.volume;
    const [nx, ny, nz] = dims;
    const fluid = knee.tissues.indexOf('synovialFluid');
    let total = 0;
    let aboveJoint = 0;
    let anterior = 0;
    for (let z = 0; z < nz; z++)
      for (let y = 0; y < ny; y++)
        for (let x = 0; x < nx; x++) {
          if (labels[(z * ny + y) * nx + x] !== fluid) continue;
          total++;
          // Above the patella's upper pole (about 50 mm above the joint centre) only the recess holds fluid.
          if (origin[2] + z * voxelSize[2] > 0.055) {
            aboveJoint++;
            if (origin[1] + y * voxelSize[1] < 0) anterior++;
          }
        }
    const millilitres = (total * voxelSize[0] * voxelSize[1] * voxelSize[2]) / 1e-6;
    // A normal knee holds a few millilitres of synovial fluid (under about 10 ml).
    expect(millilitres).toBeGreaterThan(2);
    expect(millilitres).toBeLessThan(15);
    expect(aboveJoint).toBeGreaterThan(500);
    expect(anterior).toBe(aboveJoint);
  });

  it('wraps the limb in skin over subcutaneous fat and gives every bone a cortical shell around its marrow', () => {
    // Walking in from the medial side along x at the joint centre: air, then skin, then fat, before anything else.
    const seen: string[] = [];
    for (let x = 0.1; x > 0; x -= 0.0003) {
      const t = labelAtPoint(knee, [x, 0, 0.01]);
      if (seen.at(-1) !== t) seen.push(t);
    }
    expect(seen.slice(0, 3)).toEqual(['air', 'skin', 'fat']);
    // Through the femoral condyle from anterior: cortex comes before marrow.
    const bone: string[] = [];
    for (let y = -0.08; y < 0; y += 0.0003) {
      const t = labelAtPoint(knee, [0.02, y, 0.025]);
      if ((t === 'corticalBone' || t === 'marrow') && bone.at(-1) !== t) bone.push(t);
    }
    expect(bone[0]).toBe('corticalBone');
    expect(bone).toContain('marrow');
  });
});
