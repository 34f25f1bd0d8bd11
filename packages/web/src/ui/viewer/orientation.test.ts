import { describe, expect, it } from 'vitest';
import { directionLetters, edgeLetters, initialCamera } from './orientation.ts';

/** The letters on the edges of a slice in its initial view; `orientation`: its row then its column direction. */
function initialEdgeLetters(orientation: readonly number[]) {
  const camera = initialCamera(orientation);
  return edgeLetters(camera.viewUp, camera.viewPlaneNormal);
}

describe('orientation letters on the edges (LPS, radiological display)', () => {
  it('an axial slice (rows to the left, columns to the back) shows R on the left, L on the right, A on top', () => {
    expect(initialEdgeLetters([1, 0, 0, 0, 1, 0])).toEqual({ top: 'A', bottom: 'P', left: 'R', right: 'L' });
  });

  it('a coronal slice shows S on top and R on the left; a sagittal one S on top and A on the left', () => {
    expect(initialEdgeLetters([1, 0, 0, 0, 0, -1])).toEqual({ top: 'S', bottom: 'I', left: 'R', right: 'L' });
    expect(initialEdgeLetters([0, 1, 0, 0, 0, -1])).toEqual({ top: 'S', bottom: 'I', left: 'A', right: 'P' });
  });

  it('a horizontal flip (the normal reversed) swaps left and right and keeps top and bottom', () => {
    const { viewUp, viewPlaneNormal } = initialCamera([1, 0, 0, 0, 1, 0]);
    const flipped = edgeLetters(viewUp, [-viewPlaneNormal[0], -viewPlaneNormal[1], -viewPlaneNormal[2]]);
    expect(flipped).toEqual({ top: 'A', bottom: 'P', left: 'L', right: 'R' });
  });

  it('an oblique direction names its largest component first and drops components under a quarter', () => {
    expect(directionLetters([0.9, 0, -0.4])).toBe('LI');
    expect(directionLetters([0.99, 0.1, 0])).toBe('L');
    expect(directionLetters([0, 0, 0])).toBe('');
  });
});
