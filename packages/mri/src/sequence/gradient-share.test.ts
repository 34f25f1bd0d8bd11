import { describe, expect, it } from 'vitest';
import { TEST_SCANNER } from '../scanner.testing.ts';
import { roleGradientFraction, roleScanner } from './gradient-share.ts';
import { stackDirections } from './orientation.ts';
import type { SliceGeometry } from './protocol.ts';

const DEG = Math.PI / 180;
const stack = (turn: Partial<SliceGeometry>): SliceGeometry => ({
  orientation: 'axial',
  center: [0, 0, 0],
  ...turn,
});

describe('the gradient share of one role on a turned stack: 1/‖R‖∞ (gradient-share.ts)', () => {
  it.each(['axial', 'coronal', 'sagittal'] as const)(
    '%s on the axes, and rotated by 90° in-plane: the full limits',
    (orientation) => {
      expect(roleGradientFraction({ orientation, center: [0, 0, 0] })).toBe(1);
      expect(roleGradientFraction({ orientation, center: [0, 0, 0], rotation: 90 * DEG })).toBe(1);
      expect(roleScanner({ geometry: { orientation, center: [0, 0, 0] } }, TEST_SCANNER)).toBe(TEST_SCANNER);
    },
  );

  it.each([20, 45, -30])(
    'one turn by %i° (about the row, the column, or in-plane): 1/(|cos θ| + |sin θ|) within 1e-12',
    (deg) => {
      const expected = 1 / (Math.abs(Math.cos(deg * DEG)) + Math.abs(Math.sin(deg * DEG)));
      for (const turn of [
        { tiltAboutRow: deg * DEG },
        { tiltAboutColumn: deg * DEG },
        { rotation: deg * DEG },
      ])
        expect(roleGradientFraction(stack(turn))).toBeCloseTo(expected, 12);
    },
  );

  it('three roles at the share with the worst signs keep every channel within its limit, and reach it on one', () => {
    for (const turn of [
      { tiltAboutRow: 45 * DEG, tiltAboutColumn: 45 * DEG, rotation: 45 * DEG },
      { tiltAboutRow: 20 * DEG, rotation: -70 * DEG },
    ]) {
      const f = roleGradientFraction(stack(turn));
      const { row, column, normal } = stackDirections(stack(turn));
      const channels = [0, 1, 2].map((j) =>
        [row, column, normal].reduce((sum, d) => sum + f * Math.abs(d[j] ?? 0), 0),
      );
      expect(Math.max(...channels)).toBeCloseTo(1, 12);
      expect(f).toBeGreaterThanOrEqual(1 / Math.sqrt(3) - 1e-12);
    }
  });

  it('scales amplitude and slew limits alike', () => {
    const s = roleScanner({ geometry: stack({ tiltAboutRow: 45 * DEG }) }, TEST_SCANNER);
    expect(s.maxGradient / TEST_SCANNER.maxGradient).toBeCloseTo(Math.SQRT1_2, 12);
    expect(s.maxSlewRate / TEST_SCANNER.maxSlewRate).toBeCloseTo(Math.SQRT1_2, 12);
  });
});
