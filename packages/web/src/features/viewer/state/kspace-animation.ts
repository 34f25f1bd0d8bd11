/**
 * The acquisition animation of the k-space view as a pure reducer: how many phase-encoding lines of the
 * acquisition order are filled, whether it plays, and how fast (lines per second of wall-clock time).
 */
import type { PhaseEncodingOrder } from '@larmor/mri/sequence';

/** Speeds a student can choose [lines/s]. */
export const ANIMATION_SPEEDS = [4, 16, 64, 256] as const;
export type AnimationSpeed = (typeof ANIMATION_SPEEDS)[number];

export interface AnimationState {
  /** Lines in the acquisition order. */
  total: number;
  /** Lines filled so far, fractional while playing (the view shows floor(position)). */
  position: number;
  playing: boolean;
  linesPerSecond: AnimationSpeed;
}

export type AnimationAction =
  | { type: 'reset'; total: number }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'tick'; seconds: number }
  | { type: 'seek'; lines: number }
  | { type: 'speed'; linesPerSecond: AnimationSpeed };

/** The animation before it first plays: k-space complete, so the view opens on the whole data. */
export const initialAnimation = (total: number): AnimationState => ({
  total,
  position: total,
  playing: false,
  linesPerSecond: ANIMATION_SPEEDS[1],
});

const clamp = (value: number, total: number) => Math.max(0, Math.min(total, value));

export function animationReducer(state: AnimationState, action: AnimationAction): AnimationState {
  switch (action.type) {
    case 'reset':
      return { ...initialAnimation(action.total), linesPerSecond: state.linesPerSecond };
    case 'play':
      // Play at the end starts again from an empty k-space.
      return { ...state, playing: true, position: state.position >= state.total ? 0 : state.position };
    case 'pause':
      return { ...state, playing: false };
    case 'tick': {
      if (!state.playing || !(action.seconds > 0)) return state;
      const position = clamp(state.position + action.seconds * state.linesPerSecond, state.total);
      return { ...state, position, playing: position < state.total };
    }
    case 'seek':
      return { ...state, position: clamp(Math.round(action.lines), state.total) };
    case 'speed':
      return { ...state, linesPerSecond: action.linesPerSecond };
  }
}

/** Lines shown as filled. */
export const filledLines = (state: AnimationState): number => Math.floor(state.position);

/** What the acquisition order is, in a sentence for the student (@larmor/mri `phaseEncodingOrder`). */
export function orderingDescription(order: PhaseEncodingOrder, rows: number): string {
  const perShot = Math.round(order.lines.length / Math.max(1, order.shots));
  const base = {
    linear:
      order.shots === 1
        ? `Linear, single shot: all ${order.acquired} lines in one readout after the preparation.`
        : `Linear: one line per excitation (TR), from the most negative ky up.`,
    segmented: `Echo train, linear segments: ${order.shots} shots of ${perShot} echoes; the echo at TE fills the centre of k-space.`,
    centred: `Echo train centred on the effective TE: ${order.shots} shots of ${perShot} echoes; the echo at TE fills the centre and echoes further from it fill lines further out, on both sides.`,
    centric: `Echo train, centric: ${order.shots} shots of ${perShot} echoes, each shot filling from the centre outwards.`,
    epi:
      order.shots === 1
        ? `Single-shot EPI: every line in one readout, zig-zag (the readout reverses every other line).`
        : `${order.shots}-shot interleaved EPI: shot j reads every ${order.shots}th line from line j, zig-zag.`,
  }[order.ordering];
  return order.acquired < rows
    ? `${base} Partial Fourier: ${order.acquired} of ${rows} lines are read; the others stay empty.`
    : base;
}
