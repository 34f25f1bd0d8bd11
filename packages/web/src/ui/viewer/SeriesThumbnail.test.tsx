import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { ViewerSeries } from '#ui/viewer/index.ts';
import { SeriesThumbnail } from './SeriesThumbnail.tsx';

/** A one-slice series of `columns` × `rows` pixels on a field of view [mm] (width, height). */
function series(columns: number, rows: number, fovMm: [number, number]): ViewerSeries {
  return {
    id: `s-${columns}-${rows}`,
    description: 'T2 TSE axial',
    rows,
    columns,
    pixelSpacingMm: [fovMm[1] / rows, fovMm[0] / columns],
    slices: [
      {
        pixels: new Float32Array(rows * columns),
        imagePositionPatientMm: [0, 0, 0],
        imageOrientationPatient: [1, 0, 0, 0, 1, 0],
      },
    ],
    window: { center: 0.5, width: 1 },
  };
}

/** The thumbnail's displayed shape: its CSS box, with nothing refitting the bitmap's own shape inside it. */
function displayed(): { width: number; height: number } {
  const canvas = screen.getByRole('img', { name: 'T2 TSE axial, middle slice' });
  expect(['', 'fill']).toContain(canvas.style.objectFit);
  return { width: parseFloat(canvas.style.width), height: parseFloat(canvas.style.height) };
}

function show(s: ViewerSeries) {
  render(
    <MantineProvider>
      <SeriesThumbnail series={s} size={64} />
    </MantineProvider>,
  );
}

describe('series thumbnails at their pixels’ physical size (issue 20.8)', () => {
  it('512 × 256 pixels on 240 × 240 mm are a square thumbnail', () => {
    show(series(512, 256, [240, 240]));
    expect(displayed()).toEqual({ width: 64, height: 64 });
  });

  it('240 × 180 mm is 4:3 within the square, whatever the matrix', () => {
    show(series(256, 256, [240, 180]));
    expect(displayed()).toEqual({ width: 64, height: 48 });
  });
});
