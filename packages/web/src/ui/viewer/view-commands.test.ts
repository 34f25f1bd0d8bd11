import { describe, expect, it } from 'vitest';
import {
  applyCommand,
  commandOfKey,
  VIEWER_HELP,
  WINDOW_PRESETS,
  type ViewPresentation,
} from './view-commands.ts';
import { windowOfVoi } from './window-level.ts';

const NONE = { shift: false, ctrl: false, alt: false };
const SERIES = { sliceCount: 20, window: { center: 100, width: 80 }, minPixel: 0, maxPixel: 400 };
/** W 80 L 100 under DICOM LINEAR (window-level.ts): black ≤ 60, white > 139. */
const VIEW: ViewPresentation = {
  sliceIndex: 3,
  voi: { lower: 60, upper: 139 },
  invert: false,
  flipHorizontal: false,
  flipVertical: false,
  rotation: 0,
  zoom: 1,
};

function press(view: ViewPresentation, key: string, shift = false): ViewPresentation {
  const command = commandOfKey(key, { ...NONE, shift });
  if (!command) throw new Error(`no command for ${key}`);
  return applyCommand(view, command, SERIES);
}

describe('viewer keys', () => {
  it('arrows and Page keys scroll within the series, Home and End jump to its ends', () => {
    expect(press(VIEW, 'ArrowDown').sliceIndex).toBe(4);
    expect(press(VIEW, 'ArrowUp').sliceIndex).toBe(2);
    expect(press(VIEW, 'PageUp').sliceIndex).toBe(0);
    expect(press({ ...VIEW, sliceIndex: 19 }, 'ArrowRight').sliceIndex).toBe(19);
    expect(press(VIEW, 'End').sliceIndex).toBe(19);
    expect(press(VIEW, 'Home').sliceIndex).toBe(0);
  });

  it('digit presets scale the default window (stored values, DICOM LINEAR) or take the full range', () => {
    expect(windowOfVoi(press(VIEW, '2').voi)).toEqual({ center: 100, width: 40 });
    expect(press(VIEW, '2').voi).toEqual({ lower: 80, upper: 119 });
    expect(press(VIEW, '3').voi).toEqual({ lower: 20, upper: 179 });
    expect(press(VIEW, '4').voi).toEqual({ lower: 0, upper: 400 });
  });

  it('Shift+arrows move the level by a tenth of the width and widen or narrow it by a tenth', () => {
    expect(windowOfVoi(press(VIEW, 'ArrowDown', true).voi)).toEqual({ center: 108, width: 80 });
    const wider = windowOfVoi(press(VIEW, 'ArrowRight', true).voi);
    expect(wider.width).toBeCloseTo(88, 10);
    expect(wider.center).toBeCloseTo(100, 10);
  });

  it('invert and flips toggle, rotation wraps in 90° steps, space resets all but the slice', () => {
    const changed = press(press(press(press(VIEW, 'i'), 'h'), 'l'), '+');
    expect(changed).toMatchObject({ invert: true, flipHorizontal: true, rotation: 270, zoom: 1.25 });
    // A flip after a rotation is the flip before the opposite rotation.
    expect(press(press(VIEW, 'r'), 'v')).toMatchObject({ flipVertical: true, rotation: 270 });
    expect(press(press(press(VIEW, 'r'), 'h'), 'h')).toMatchObject({ flipHorizontal: false, rotation: 90 });
    expect(press(press(changed, 'r'), 'r').rotation).toBe(90);
    expect(press({ ...changed, voi: { lower: 0, upper: 1 } }, ' ')).toEqual({ ...VIEW, sliceIndex: 3 });
  });

  it('keys with Ctrl or Alt and unknown keys are left to the page', () => {
    expect(commandOfKey('i', { ...NONE, ctrl: true })).toBeNull();
    expect(commandOfKey('x', NONE)).toBeNull();
  });

  it('the "?" overlay lists every preset and every key the viewer answers', () => {
    for (const preset of WINDOW_PRESETS) expect(VIEWER_HELP.some((h) => h.keys === preset.key)).toBe(true);
    expect(commandOfKey('?', NONE)).toEqual({ kind: 'help' });
    expect(commandOfKey('c', NONE)).toEqual({ kind: 'cine' });
  });
});
