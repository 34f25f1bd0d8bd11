import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { imageAspect } from '../state/kspace.ts';
import { GreyCanvas } from './GreyCanvas.tsx';

/** 512 read samples × 256 phase lines on a field of view [m] (read, phase). */
const frame = (fovRead: number, fovPhase: number) => ({ fovRead, fovPhase });

function show(aspect: number | undefined) {
  render(
    <MantineProvider>
      <GreyCanvas
        image={{ grey: new Uint8Array(512 * 256), width: 512, height: 256 }}
        label="Image from the whole k-space"
        size={200}
        testId="image"
        {...(aspect === undefined ? {} : { aspect })}
      />
    </MantineProvider>,
  );
  const canvas = screen.getByTestId('image');
  return { width: parseFloat(canvas.style.width), height: parseFloat(canvas.style.height) };
}

describe('the k-space page shows its images at their physical size (issue 20.8)', () => {
  it('an image of 512 × 256 samples on 240 × 240 mm is square; on 240 × 180 mm it is 4:3', () => {
    expect(imageAspect(frame(0.24, 0.24))).toBe(1);
    expect(imageAspect(frame(0.24, 0.18))).toBeCloseTo(4 / 3, 12);
    expect(show(imageAspect(frame(0.24, 0.24)))).toEqual({ width: 200, height: 200 });
  });

  it('k-space itself keeps its grid of samples (a sample is no length)', () => {
    expect(show(undefined)).toEqual({ width: 200, height: 100 });
  });
});
