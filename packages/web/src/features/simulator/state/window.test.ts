import { describe, expect, it } from 'vitest';
import { windowToGrey } from './window.ts';

describe('display window', () => {
  it('maps centre − width/2 to black and centre + width/2 to white, clamping outside', () => {
    const grey = windowToGrey(new Float32Array([0, 50, 100, 150, -20]), { center: 50, width: 100 });
    expect([grey[0], grey[2], grey[3], grey[4]]).toEqual([0, 255, 255, 0]);
    // The centre is mid-grey: 127.5 rounds to 127 or 128.
    expect(Math.abs((grey[1] ?? 0) - 127.5)).toBeLessThanOrEqual(0.5);
  });
});
