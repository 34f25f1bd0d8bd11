/**
 * Which series each viewport of the image viewer shows: the index of a finished sequence in the session's list,
 * and for a DWI scan which of its series (issue 23.7: '' the scan itself, 'b1000' a b-value's trace, 'adc' the
 * ADC map). Showing another sequence in a viewport opens that scan itself; showing the same one again keeps the
 * series picked.
 */

/** Viewports the image viewer has at most (layout 4). */
export const VIEWPORTS = 4;

export interface ViewportSeriesState {
  /** Per viewport: the index of the finished sequence it shows. */
  slots: readonly number[];
  /** Per viewport: the DWI series it shows of that sequence's scan ('' the scan itself). */
  diffusion: readonly string[];
}

export type ViewportSeriesAction =
  { type: 'show'; slot: number; index: number } | { type: 'pickDiffusion'; slot: number; name: string };

export const initialViewportSeries: ViewportSeriesState = {
  slots: Array.from({ length: VIEWPORTS }, (_, slot) => slot),
  diffusion: Array.from({ length: VIEWPORTS }, () => ''),
};

export function viewportSeriesReducer(
  state: ViewportSeriesState,
  action: ViewportSeriesAction,
): ViewportSeriesState {
  const at = <T>(values: readonly T[], value: T) =>
    values.map((v, slot) => (slot === action.slot ? value : v));
  switch (action.type) {
    case 'show':
      if (state.slots[action.slot] === action.index) return state;
      return { slots: at(state.slots, action.index), diffusion: at(state.diffusion, '') };
    case 'pickDiffusion':
      return { ...state, diffusion: at(state.diffusion, action.name) };
  }
}
