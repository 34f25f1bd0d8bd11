import { describe, expect, it } from 'vitest';
import { scanGeometry } from '../../simulate/geometry.ts';
import { testProtocol } from '../../simulate/fast/phantom.testing.ts';
import { fslDiffusionTables } from './bvec.ts';

describe('FSL .bval/.bvec for our diffusion NIfTI', () => {
  it('writes b in s/mm² and, for an axial volume (voxel axes L, P, S: det > 0), the x component flipped', () => {
    const geometry = scanGeometry(testProtocol({ sliceCount: 2 }));
    const { bval, bvec } = fslDiffusionTables(geometry, [
      { bValue: 0 },
      { bValue: 1e9, direction: [1, 0, 0] },
      { bValue: 1e9, direction: [0, 1, 0] },
      { bValue: 2e9, direction: [0, 0, 1] },
    ]);
    expect(bval).toBe('0 1000 1000 2000\n');
    // LPS +x is voxel +i; FSL flips i for det > 0. LPS +y is voxel +j, +z is +k.
    expect(bvec).toBe('0 -1 0 0\n0 0 1 0\n0 0 0 1\n');
  });
});
