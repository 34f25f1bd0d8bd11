/**
 * The viewer's keyboard: which key does what, and how a command changes the view, as pure functions (the
 * component reads the viewport's presentation, applies the command and writes the result back). The keys follow
 * OHIF's defaults where it has one (i invert, h/v flip, r/l rotate, space reset, arrows scroll) and add window
 * presets on the digits, window by keyboard on Shift+arrows, cine on c and a "?" overlay listing them all.
 */
import { MIN_WINDOW_WIDTH, voiOfWindow, windowOfVoi } from './window-level.ts';

/** What the viewport shows, in the units of the image (window) and of the view (zoom: 1 = fit). */
export interface ViewPresentation {
  sliceIndex: number;
  /** Window as lower and upper stored values (Cornerstone's VOI range under DICOM LINEAR, window-level.ts). */
  voi: { lower: number; upper: number };
  invert: boolean;
  flipHorizontal: boolean;
  flipVertical: boolean;
  /** Clockwise rotation on the screen [degrees], 0–270, applied after the flips. */
  rotation: number;
  zoom: number;
}

/** A window/level preset: the series' default window scaled, or the full range of its pixels. */
export interface WindowPreset {
  key: string;
  label: string;
  /** Width relative to the default window's; null for the full range (minimum to maximum). */
  widthFactor: number | null;
}

export const WINDOW_PRESETS: readonly WindowPreset[] = [
  { key: '1', label: 'Default window (as the DICOM export)', widthFactor: 1 },
  { key: '2', label: 'Narrow window (half width: more contrast)', widthFactor: 0.5 },
  { key: '3', label: 'Wide window (double width)', widthFactor: 2 },
  { key: '4', label: 'Full range (minimum to maximum)', widthFactor: null },
];

export type ViewCommand =
  | { kind: 'slice'; delta: number }
  | { kind: 'sliceTo'; index: 'first' | 'last' }
  | { kind: 'preset'; preset: WindowPreset }
  | { kind: 'window'; centerStep: number; widthStep: number }
  | { kind: 'invert' }
  | { kind: 'flipHorizontal' }
  | { kind: 'flipVertical' }
  | { kind: 'rotate'; degrees: 90 | -90 }
  | { kind: 'zoom'; factor: number }
  | { kind: 'reset' }
  | { kind: 'cine' }
  | { kind: 'help' };

/** One line of the "?" overlay. */
export interface KeyHelp {
  keys: string;
  action: string;
}

/** What the mouse does (OHIF's bindings), then the keys: the "?" overlay's content. */
export const VIEWER_HELP: readonly KeyHelp[] = [
  { keys: 'Left drag', action: 'Window / level' },
  { keys: 'Right drag', action: 'Zoom' },
  { keys: 'Middle drag', action: 'Pan' },
  { keys: 'Wheel', action: 'Scroll through the slices' },
  { keys: '↑ ↓ or ← →, Page Up / Page Down', action: 'Previous / next slice' },
  { keys: 'Home / End', action: 'First / last slice' },
  ...WINDOW_PRESETS.map((p) => ({ keys: p.key, action: p.label })),
  { keys: 'Shift + ↑ ↓', action: 'Window level brighter / darker' },
  { keys: 'Shift + ← →', action: 'Window narrower / wider' },
  { keys: 'i', action: 'Invert' },
  { keys: 'h / v', action: 'Flip horizontally / vertically' },
  { keys: 'r / l', action: 'Rotate 90° right / left' },
  { keys: '+ / −', action: 'Zoom in / out' },
  { keys: 'Space', action: 'Reset the view' },
  { keys: 'c', action: 'Start / stop cine' },
  { keys: '?', action: 'Show / hide this list' },
];

/** Window step by keyboard: a tenth of the current width per press. */
const WINDOW_KEY_STEP = 0.1;
const ZOOM_KEY_FACTOR = 1.25;
const PAGE_SLICES = 5;

/** The command of a key press, or null for a key the viewer leaves alone. */
export function commandOfKey(
  key: string,
  modifiers: { shift: boolean; ctrl: boolean; alt: boolean },
): ViewCommand | null {
  if (modifiers.ctrl || modifiers.alt) return null;
  if (modifiers.shift) {
    if (key === 'ArrowUp') return { kind: 'window', centerStep: -WINDOW_KEY_STEP, widthStep: 0 };
    if (key === 'ArrowDown') return { kind: 'window', centerStep: WINDOW_KEY_STEP, widthStep: 0 };
    if (key === 'ArrowLeft') return { kind: 'window', centerStep: 0, widthStep: -WINDOW_KEY_STEP };
    if (key === 'ArrowRight') return { kind: 'window', centerStep: 0, widthStep: WINDOW_KEY_STEP };
  }
  switch (key) {
    case 'ArrowUp':
    case 'ArrowLeft':
      return { kind: 'slice', delta: -1 };
    case 'ArrowDown':
    case 'ArrowRight':
      return { kind: 'slice', delta: 1 };
    case 'PageUp':
      return { kind: 'slice', delta: -PAGE_SLICES };
    case 'PageDown':
      return { kind: 'slice', delta: PAGE_SLICES };
    case 'Home':
      return { kind: 'sliceTo', index: 'first' };
    case 'End':
      return { kind: 'sliceTo', index: 'last' };
    case 'i':
    case 'I':
      return { kind: 'invert' };
    case 'h':
    case 'H':
      return { kind: 'flipHorizontal' };
    case 'v':
    case 'V':
      return { kind: 'flipVertical' };
    case 'r':
    case 'R':
      return { kind: 'rotate', degrees: 90 };
    case 'l':
    case 'L':
      return { kind: 'rotate', degrees: -90 };
    case '+':
    case '=':
      return { kind: 'zoom', factor: ZOOM_KEY_FACTOR };
    case '-':
    case '_':
      return { kind: 'zoom', factor: 1 / ZOOM_KEY_FACTOR };
    case ' ':
      return { kind: 'reset' };
    case 'c':
    case 'C':
      return { kind: 'cine' };
    case '?':
      return { kind: 'help' };
  }
  const preset = WINDOW_PRESETS.find((p) => p.key === key);
  return preset ? { kind: 'preset', preset } : null;
}

/** What a command needs to know of the series: its size, default window and pixel range. */
export interface SeriesFacts {
  sliceCount: number;
  window: { center: number; width: number };
  minPixel: number;
  maxPixel: number;
}

/** The view's presentation after a command (cine and help are the component's own state: unchanged here). */
export function applyCommand(
  view: ViewPresentation,
  command: ViewCommand,
  series: SeriesFacts,
): ViewPresentation {
  const last = Math.max(0, series.sliceCount - 1);
  switch (command.kind) {
    case 'slice':
      return { ...view, sliceIndex: Math.min(last, Math.max(0, view.sliceIndex + command.delta)) };
    case 'sliceTo':
      return { ...view, sliceIndex: command.index === 'first' ? 0 : last };
    case 'preset':
      return { ...view, voi: presetRange(command.preset, series) };
    case 'window': {
      const { center, width } = windowOfVoi(view.voi);
      return {
        ...view,
        voi: voiOfWindow({
          center: center + command.centerStep * width,
          width: Math.max(MIN_WINDOW_WIDTH, width * (1 + command.widthStep)),
        }),
      };
    }
    case 'invert':
      return { ...view, invert: !view.invert };
    // The display is rotation ∘ flip (Cornerstone flips the camera, then rotates it). A flip on the screen after
    // a rotation R equals the flip before a rotation −R (F·Rot(R) = Rot(−R)·F), so a flip also negates R.
    case 'flipHorizontal':
      return { ...view, flipHorizontal: !view.flipHorizontal, rotation: (360 - view.rotation) % 360 };
    case 'flipVertical':
      return { ...view, flipVertical: !view.flipVertical, rotation: (360 - view.rotation) % 360 };
    case 'rotate':
      return { ...view, rotation: (((view.rotation + command.degrees) % 360) + 360) % 360 };
    case 'zoom':
      return { ...view, zoom: view.zoom * command.factor };
    case 'reset':
      return {
        sliceIndex: view.sliceIndex,
        voi: presetRange(WINDOW_PRESETS[0] as WindowPreset, series),
        invert: false,
        flipHorizontal: false,
        flipVertical: false,
        rotation: 0,
        zoom: 1,
      };
    case 'cine':
    case 'help':
      return view;
  }
}

/** The VOI range of a preset over a series. */
export function presetRange(preset: WindowPreset, series: SeriesFacts): { lower: number; upper: number } {
  if (preset.widthFactor === null) return { lower: series.minPixel, upper: series.maxPixel };
  return voiOfWindow({
    center: series.window.center,
    width: Math.max(MIN_WINDOW_WIDTH, series.window.width * preset.widthFactor),
  });
}
