import { describe, expect, it } from 'vitest';
import { testProtocol } from '../sequence/protocol.testing.ts';
import type { SliceGeometry } from '../sequence/protocol.ts';
import { degToRad } from '../units.ts';
import { cross, dot, scanGeometry, stackAngles, stackDirections } from './geometry.ts';

const DEG = Math.PI / 180;
const close = (a: readonly number[], b: readonly number[], digits = 12) =>
  a.forEach((v, i) => expect(v).toBeCloseTo(b[i] as number, digits));

describe('oblique stacks: the tilts of SliceGeometry (docs/conventions.md "Oblique stacks")', () => {
  it('a tilt about the row of an axial stack turns the column towards the head, the normal towards anterior (1e-12)', () => {
    const a = 20 * DEG;
    const d = stackDirections({ orientation: 'axial', center: [0, 0, 0], tiltAboutRow: a });
    close(d.row, [1, 0, 0]);
    close(d.column, [0, Math.cos(a), Math.sin(a)]);
    close(d.normal, [0, -Math.sin(a), Math.cos(a)]);
  });

  it('a tilt about the column of a sagittal stack turns its normal (−x) towards its row (+y) (1e-12)', () => {
    const b = 15 * DEG;
    const d = stackDirections({ orientation: 'sagittal', center: [0, 0, 0], tiltAboutColumn: b });
    close(d.column, [0, 0, -1]);
    close(d.normal, [-Math.cos(b), Math.sin(b), 0]);
    close(d.row, [Math.sin(b), Math.cos(b), 0]);
  });

  it('double oblique: row, column and normal stay orthonormal and right-handed, and stackAngles inverts it (1e-12)', () => {
    for (const orientation of ['axial', 'sagittal', 'coronal'] as const) {
      const geometry: SliceGeometry = {
        orientation,
        center: [0.01, -0.02, 0.03],
        rotation: 30 * DEG,
        tiltAboutRow: -25 * DEG,
        tiltAboutColumn: 40 * DEG,
      };
      const { row, column, normal } = stackDirections(geometry);
      expect(dot(row, row)).toBeCloseTo(1, 12);
      expect(dot(column, column)).toBeCloseTo(1, 12);
      expect(dot(row, column)).toBeCloseTo(0, 12);
      close(cross(row, column), normal);
      const angles = stackAngles(orientation, row, column);
      expect(angles.rotation).toBeCloseTo(30 * DEG, 12);
      expect(angles.tiltAboutRow).toBeCloseTo(-25 * DEG, 12);
      expect(angles.tiltAboutColumn).toBeCloseTo(40 * DEG, 12);
    }
  });

  it('every slice of a tilted stack shares its directions, and the slices step along the tilted normal', () => {
    const geometry: SliceGeometry = {
      orientation: 'axial',
      center: [0, 0, 0.01],
      tiltAboutRow: degToRad(10),
      tiltAboutColumn: degToRad(-5),
    };
    const scan = scanGeometry(testProtocol({ geometry, sliceCount: 3, sliceGap: 0.001 }));
    const { normal } = stackDirections(geometry);
    const [first, , last] = scan.slices;
    if (!first || !last) throw new Error('three slices expected');
    close(first.normal, normal);
    const step = [0, 1, 2].map((i) => ((last.center[i] as number) - (first.center[i] as number)) / 2);
    close(
      step,
      normal.map((n) => n * scan.spacingBetweenSlices),
    );
  });

  it('a zero or absent tilt gives the very same planes as before oblique stacks (bit for bit)', () => {
    for (const orientation of ['axial', 'sagittal', 'coronal'] as const) {
      const plain = { orientation, center: [0.01, 0, -0.02] as const, rotation: 12 * DEG };
      const zero = { ...plain, tiltAboutRow: 0, tiltAboutColumn: 0 };
      const a = scanGeometry(testProtocol({ geometry: plain, sliceCount: 4 }));
      const b = scanGeometry(testProtocol({ geometry: zero, sliceCount: 4 }));
      expect(b).toStrictEqual(a);
      // The pre-oblique formula: row and column turned about the untouched orientation normal.
      const c = Math.cos(12 * DEG);
      const s = Math.sin(12 * DEG);
      const base = {
        axial: { row: [1, 0, 0], column: [0, 1, 0] },
        coronal: { row: [1, 0, 0], column: [0, 0, -1] },
        sagittal: { row: [0, 1, 0], column: [0, 0, -1] },
      }[orientation];
      const slice = a.slices[0];
      expect(slice?.rowDirection).toStrictEqual(
        base.row.map((r, i) => r * c + (base.column[i] as number) * s),
      );
      expect(slice?.columnDirection).toStrictEqual(
        base.column.map((col, i) => col * c + (base.row[i] as number) * -s),
      );
    }
  });
});
