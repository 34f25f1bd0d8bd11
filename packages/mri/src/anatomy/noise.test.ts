import { describe, expect, it } from 'vitest';
import { valueNoise3, valueNoise3Row } from './noise.ts';

describe('value noise along a line', () => {
  it.each<[string, [number, number, number], [number, number, number]]>([
    ['along +x at half the lattice spacing', [-3.3, 2.1, 7.6], [0.5, 0, 0]],
    ['along −y', [1.2, 4.9, -2.2], [0, -0.37, 0]],
    ['along +z, finer', [0.1, -0.4, -5.05], [0, 0, 0.12]],
    ['oblique', [-2.5, 3.3, 1.7], [0.31, -0.22, 0.17]],
    ['steps longer than a cell', [5.5, -1.5, 0.25], [1.7, 0, 0]],
  ])('%s: bit for bit valueNoise3 at each point', (_, [x, y, z], [dx, dy, dz]) => {
    const seed = 123456789;
    const count = 200;
    const row = valueNoise3Row(x, y, z, dx, dy, dz, count, seed, new Float64Array(count));
    let [px, py, pz] = [x, y, z];
    for (let n = 0; n < count; n++) {
      expect(row[n]).toBe(valueNoise3(px, py, pz, seed));
      px += dx;
      py += dy;
      pz += dz;
    }
  });
});
