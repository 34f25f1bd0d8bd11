/**
 * The corner text fitted to the viewport's size, as scanner consoles and PACS viewers do in a small viewport: a
 * line too long for its corner is stacked at its spaces (the series "Se 2" over its sequence name), and a corner
 * with more lines than fit above or below the orientation letter at the edge's middle keeps its essential lines
 * (the series, the image number, the window) and drops the others from the end. Left and right corners each
 * keep to their half of the width, clear of the letter at the top or bottom edge's middle, so no two corners
 * and no corner and letter overlap. Pure: sizes in CSS px of the frame's monospace text (viewer.css).
 */
import type { CornerText } from './corner-text.ts';

/** The corner text's font metrics and margins [CSS px] (viewer.css: 12 px monospace, line height 1.35). */
export const CORNER_METRICS = {
  /** Advance of one character of a 12 px monospace font, rounded up (DejaVu Sans Mono 7.22, Menlo 7.22). */
  charWidthPx: 7.5,
  lineHeightPx: 16.2,
  /** Inset of the corners from the frame's edges, horizontal and vertical. */
  insetXPx: 8,
  insetYPx: 6,
  /** Room kept for an orientation letter at an edge's middle, each side of the middle (14 px bold, one letter). */
  letterHalfPx: 14,
} as const;

export type Corner = keyof CornerText;

/** The characters per line and the lines per corner that fit a frame of `widthPx` × `heightPx`. */
export function cornerCapacity(widthPx: number, heightPx: number): { columns: number; rows: number } {
  const m = CORNER_METRICS;
  const columns = Math.floor((widthPx / 2 - m.insetXPx - m.letterHalfPx) / m.charWidthPx);
  const rows = Math.floor((heightPx / 2 - m.insetYPx - m.letterHalfPx) / m.lineHeightPx);
  return { columns: Math.max(0, columns), rows: Math.max(0, rows) };
}

/**
 * `line` broken at its spaces into lines of at most `columns` characters, a series number ("Se 2") on a line of its
 * own over the sequence's name; a word longer than that is cut with "…".
 */
export function stackLine(line: string, columns: number): string[] {
  if (line.length <= columns) return [line];
  if (columns <= 0) return [];
  const series = /^(Se \d+) (.+)$/.exec(line);
  if (series?.[1] !== undefined && series[2] !== undefined) {
    return [...stackLine(series[1], columns), ...stackLine(series[2], columns)];
  }
  const lines: string[] = [];
  let current = '';
  // "×" starts the line it goes to: "FOV 240 mm" over "× 240 mm", not "FOV 240 mm ×" over "240 mm".
  for (const word of line.split(' ').reduce<string[]>((words, w) => {
    const last = words.at(-1);
    if (last === '×') words[words.length - 1] = `× ${w}`;
    else words.push(w);
    return words;
  }, [])) {
    const next = current === '' ? word : `${current} ${word}`;
    if (next.length <= columns) current = next;
    else {
      if (current !== '') lines.push(current);
      current = word;
    }
  }
  if (current !== '') lines.push(current);
  return lines.map((l) => (l.length <= columns ? l : `${l.slice(0, Math.max(0, columns - 1))}…`));
}

/** Whether line `index` of `corner` is one a reader may never lose: the series and image, and the window. */
function essential(corner: Corner, line: string, index: number): boolean {
  if (corner === 'topLeft') return index < 2;
  return corner === 'bottomRight' && /^W -?\d+ L -?\d+$/.test(line);
}

/** One corner's lines fitted to `columns` × `rows`: stacked, then the non-essential ones dropped from the end. */
function fitCorner(corner: Corner, lines: readonly string[], columns: number, rows: number): string[] {
  const entries = lines.map((line, index) => ({
    stacked: stackLine(line, columns),
    keep: essential(corner, line, index),
  }));
  const count = () => entries.reduce((n, e) => n + e.stacked.length, 0);
  for (let i = entries.length - 1; i >= 0 && count() > rows; i--) {
    const entry = entries[i];
    if (entry && !entry.keep) entries.splice(i, 1);
  }
  return entries.flatMap((e) => e.stacked);
}

/** The corner text fitted to a frame of `widthPx` × `heightPx` [CSS px]. */
export function fitCornerText(text: CornerText, widthPx: number, heightPx: number): CornerText {
  const { columns, rows } = cornerCapacity(widthPx, heightPx);
  return {
    topLeft: fitCorner('topLeft', text.topLeft, columns, rows),
    topRight: fitCorner('topRight', text.topRight, columns, rows),
    bottomLeft: fitCorner('bottomLeft', text.bottomLeft, columns, rows),
    bottomRight: fitCorner('bottomRight', text.bottomRight, columns, rows),
  };
}
