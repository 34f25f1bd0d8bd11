import { describe, expect, it } from 'vitest';
import { packGrey } from './grey-canvas.ts';

describe('grey pixels as canvas RGBA', () => {
  it('writes each grey value to R, G and B with opaque alpha, pixel by pixel', () => {
    const target = new Uint8ClampedArray(12);
    packGrey(Uint8ClampedArray.of(0, 128, 255), target);
    expect(Array.from(target)).toEqual([0, 0, 0, 255, 128, 128, 128, 255, 255, 255, 255, 255]);
  });
});
