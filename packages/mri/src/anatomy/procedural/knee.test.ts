import { describe, expect, it } from 'vitest';
import { buildModel } from '../registry.ts';
import { resampleSlice, standardPlane } from '../resample.ts';
import { labelAtPoint, tissueFractions } from '../inspect.ts';
import { KNEE_TISSUES } from './knee.ts';

const knee = buildModel(2);

describe('knee model', () => {
  it('is deterministic: two builds give identical label bytes', () => {
    expect(Buffer.compare(Buffer.from(buildModel(2).volume.labels), Buffer.from(knee.volume.labels))).toBe(0);
  });

  it('has plausible tissue volume fractions of the limb (muscle most, then fat and marrow; some cartilage and fluid)', () => {
    const f = tissueFractions(knee, { excludeAir: true });
    expect(f.muscle).toBeGreaterThan(0.3);
    expect(f.fat).toBeGreaterThan(0.12);
    expect(f.marrow).toBeGreaterThan(0.08);
    expect(f.corticalBone).toBeGreaterThan(0.02);
    expect(f.cartilage).toBeGreaterThan(0.005);
    expect(f.synovialFluid).toBeGreaterThan(0.002);
    expect(f.tendon).toBeGreaterThan(0.002);
    expect(f.skin).toBeLessThan(0.08);
  });

  it('puts the femur above the joint line, the tibia below, the patella in front and the fibula laterally (−x)', () => {
    const at = (x: number, y: number, z: number) => labelAtPoint(knee, [x, y, z]);
    expect(at(0, 0.004, 0.08)).toBe('marrow'); // femoral shaft canal
    expect(at(0.021, 0.008, 0.02)).toBe('marrow'); // medial condyle
    expect(at(0, 0.004, -0.03)).toBe('marrow'); // tibial plateau
    expect(at(0, -0.043, 0.034)).toBe('marrow'); // patella
    expect(at(-0.037, 0.021, -0.07)).not.toBe('muscle'); // fibula (cortex or marrow)
    expect(['corticalBone', 'marrow']).toContain(at(-0.037, 0.021, -0.07));
    expect(at(0, 0.04, 0.005)).toBe('fat'); // popliteal fossa
    expect(at(0.04, 0.01, 0.09)).toBe('muscle'); // thigh
    expect(at(0.1, 0, 0)).toBe('air');
  });

  it('shows the patella anterior (−y) of the femur on a midline sagittal slice', () => {
    const grid = { nx: 160, ny: 220, pixelSpacing: [0.001, 0.001] as const, sliceThickness: 0.002 };
    const { fractions } = resampleSlice(knee, standardPlane('sagittal', [0, 0, 0]), grid);
    const marrow = fractions[KNEE_TISSUES.index.marrow] ?? new Float32Array();
    // Row iy = 110 − 34 = 76 is z = +34 mm; column ix = 80 + y/1 mm.
    expect(marrow[76 * 160 + (80 - 43)]).toBe(1); // patella at y = −43 mm
    // Between patella and femur the marrow is interrupted (cortex, cartilage, fluid).
    const between = Array.from({ length: 30 }, (_, d) => marrow[76 * 160 + (80 - 43) + d] ?? 0);
    expect(Math.min(...between)).toBe(0);
    expect(marrow[(110 - 90) * 160 + 84]).toBe(1); // femoral shaft at z = +90 mm
  });
});
