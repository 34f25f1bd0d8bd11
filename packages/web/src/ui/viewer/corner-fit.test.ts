import { describe, expect, it } from 'vitest';
import { CORNER_METRICS, cornerCapacity, fitCornerText, stackLine } from './corner-fit.ts';
import type { CornerText } from './corner-text.ts';

const TEXT: CornerText = {
  topLeft: ['Se 12 T2-weighted TSE', 'Im 5/20', 'Contrast 1/2'],
  topRight: ['Brain', 'Head (16 channels)', '28/11/2026, 06:30:00'],
  bottomLeft: ['FOV 230 mm × 230 mm', 'Matrix 256 × 192', 'Thk 5 mm'],
  bottomRight: ['TR 4000 ms', 'TE eff 96 ms ETL 16', 'ESP 6 ms', 'TI 2500 ms', 'W 1200 L 600'],
};

/** The lines of a corner fit its half of the frame, clear of the edge's middle letter. */
function fitsWidth(lines: readonly string[], widthPx: number) {
  const m = CORNER_METRICS;
  return lines.every((l) => m.insetXPx + l.length * m.charWidthPx <= widthPx / 2 - m.letterHalfPx);
}

describe('corner text fitted to a small viewport', () => {
  it('leaves a large viewport’s text as it is', () => {
    expect(fitCornerText(TEXT, 900, 700)).toEqual(TEXT);
  });

  it('in a 260 × 240 px viewer, stacks long lines and keeps every corner inside its half and above or below the middle letter', () => {
    const fitted = fitCornerText(TEXT, 260, 240);
    const { rows } = cornerCapacity(260, 240);
    for (const lines of Object.values(fitted)) {
      expect(fitsWidth(lines, 260)).toBe(true);
      expect(lines.length).toBeLessThanOrEqual(rows);
    }
    // The series over its sequence's name, then the image number: never left out.
    expect(fitted.topLeft.slice(0, 3)).toEqual(['Se 12', 'T2-weighted', 'TSE']);
    expect(fitted.topLeft).toContain('Im 5/20');
    // The window stays, however little room; lower lines go first.
    expect(fitted.bottomRight).toContain('W 1200 L 600');
    expect(fitted.bottomRight[0]).toBe('TR 4000 ms');
  });

  it('drops the lowest lines of a corner first, keeping the window', () => {
    // Room for three lines per corner: TR, TE eff and the window.
    const heightPx =
      2 * (CORNER_METRICS.insetYPx + CORNER_METRICS.letterHalfPx + 3 * CORNER_METRICS.lineHeightPx);
    const fitted = fitCornerText(TEXT, 900, heightPx);
    expect(fitted.bottomRight).toEqual(['TR 4000 ms', 'TE eff 96 ms ETL 16', 'W 1200 L 600']);
    expect(fitted.topRight).toEqual(['Brain', 'Head (16 channels)', '28/11/2026, 06:30:00']);
  });

  it('breaks a line at its spaces and cuts a word longer than the line with an ellipsis', () => {
    expect(stackLine('FOV 230 mm × 230 mm', 14)).toEqual(['FOV 230 mm', '× 230 mm']);
    expect(stackLine('FOV 230 mm × 230 mm', 10)).toEqual(['FOV 230 mm', '× 230 mm']);
    expect(stackLine('Se 3 Spin Echo (SE)', 14)).toEqual(['Se 3', 'Spin Echo (SE)']);
    expect(stackLine('Supercalifragilistic', 8)).toEqual(['Superca…']);
    expect(stackLine('TR 500 ms', 20)).toEqual(['TR 500 ms']);
  });
});
