import { describe, expect, it } from 'vitest';
import type { LabelVolume } from '../types.ts';
import { AIR_WALL_MM, paintAirSpaces } from './airSpaces.ts';

const BONE = 4;
const BRAIN = 7;

/**
 * A 1 mm volume in Colin27's frame (LPS, origin at MNI 0): 20 mm cubes of bone centred at MNI (0, 30, −40) in the
 * sinus box and at (0, 30, 40) above it (the vertex, outside every box), in brain.
 */
function volumeWithBlocks(): LabelVolume {
  const [nx, ny, nz] = [40, 40, 100];
  const dims = [nx, ny, nz] as const;
  const origin = [-0.02, -0.05, -0.05] as const; // LPS [m]: MNI x 20…−19, y 50…11, z −50…49 mm
  const labels = new Uint8Array(nx * ny * nz).fill(BRAIN);
  for (let k = 0; k < nz; k++)
    for (let j = 0; j < ny; j++)
      for (let i = 0; i < nx; i++) {
        const x = -(origin[0] + i * 0.001) * 1000;
        const y = -(origin[1] + j * 0.001) * 1000;
        const z = (origin[2] + k * 0.001) * 1000;
        const inCube = (cz: number): boolean =>
          Math.abs(x) < 10 && Math.abs(y - 30) < 10 && Math.abs(z - cz) < 10;
        if (inCube(-40) || inCube(40)) labels[i + nx * (j + ny * k)] = BONE;
      }
  return { dims, voxelSize: [0.001, 0.001, 0.001], origin, labels };
}

describe('paintAirSpaces (sinus air where the Colin27 labels have bone)', () => {
  const volume = volumeWithBlocks();
  const before = new Uint8Array(volume.labels);
  const count = paintAirSpaces(volume, BONE);
  const at = (x: number, y: number, z: number): number => {
    const i = Math.round((-x / 1000 + 0.02) / 0.001);
    const j = Math.round((-y / 1000 + 0.05) / 0.001);
    const k = Math.round((z / 1000 + 0.05) / 0.001);
    return volume.labels[i + 40 * (j + 40 * k)] as number;
  };
  it('turns the inside of the bone block in the sinus box into air (label 0)', () => {
    expect(at(0, 30, -40)).toBe(0);
    // The cube's inside less AIR_WALL_MM on every side: (20 − 2·2)³ voxels.
    expect(count).toBe((20 - 2 * AIR_WALL_MM) ** 3);
  });
  it(`keeps a wall of ${AIR_WALL_MM} mm of bone next to other tissue`, () => {
    expect(at(0, 30, -49)).toBe(BONE);
    expect(at(9, 30, -40)).toBe(BONE);
    expect(at(8, 30, -40)).toBe(BONE);
    expect(at(7, 30, -40)).toBe(0);
  });
  it('leaves bone outside the boxes and every other tissue unchanged', () => {
    expect(at(0, 30, 40)).toBe(BONE);
    for (let p = 0; p < before.length; p++) if (before[p] !== BONE) expect(volume.labels[p]).toBe(before[p]);
  });
});
