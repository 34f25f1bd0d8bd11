/**
 * Images shown at their pixels' physical size (issue 20.8): an image of `rows` × `columns` pixels whose centres
 * lie `rowSpacing` apart down a column and `columnSpacing` apart along a row (FOV / matrix per axis) is
 * columns·columnSpacing wide and rows·rowSpacing high, whatever its matrix: 512 × 256 pixels on a 240 × 240 mm
 * field of view are square, 256 × 256 on 240 × 180 mm are 4:3. Pure: the preview, the thumbnails and their tests
 * share it.
 */

export interface PixelGrid {
  rows: number;
  columns: number;
  /** Distance between neighbouring rows (the height of a pixel), any length unit. */
  rowSpacing: number;
  /** Distance between neighbouring columns (the width of a pixel), the same unit. */
  columnSpacing: number;
}

/** Displayed width over height of the image; 1 when the grid is empty or its spacing unknown. */
export function physicalAspect(grid: PixelGrid): number {
  const width = grid.columns * grid.columnSpacing;
  const height = grid.rows * grid.rowSpacing;
  return width > 0 && height > 0 && Number.isFinite(width / height) ? width / height : 1;
}

/** The largest box of `aspect` (width / height) inside a box of `boxAspect`, centred: its size in percent of it. */
export function fitInBox(aspect: number, boxAspect = 1): { widthPercent: number; heightPercent: number } {
  return aspect >= boxAspect
    ? { widthPercent: 100, heightPercent: (100 * boxAspect) / aspect }
    : { widthPercent: (100 * aspect) / boxAspect, heightPercent: 100 };
}
