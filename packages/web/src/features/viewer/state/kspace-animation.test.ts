import { describe, expect, it } from 'vitest';
import { animationReducer, filledLines, initialAnimation, orderingDescription } from './kspace-animation.ts';

describe('k-space animation reducer', () => {
  it('opens complete; play starts from an empty k-space and a tick fills seconds × speed lines; paused none', () => {
    expect(filledLines(initialAnimation(100))).toBe(100);
    const playing = animationReducer(initialAnimation(100), { type: 'play' });
    const next = animationReducer(playing, { type: 'tick', seconds: 0.5 });
    expect(filledLines(next)).toBe(8);
    const paused = animationReducer(next, { type: 'pause' });
    expect(animationReducer(paused, { type: 'tick', seconds: 1 })).toBe(paused);
  });

  it('stops at the last line, and play from the end starts again from an empty k-space', () => {
    let s = animationReducer(initialAnimation(10), { type: 'speed', linesPerSecond: 256 });
    s = animationReducer(animationReducer(s, { type: 'play' }), { type: 'tick', seconds: 1 });
    expect(s).toMatchObject({ position: 10, playing: false });
    expect(animationReducer(s, { type: 'play' })).toMatchObject({ position: 0, playing: true });
  });

  it('seek clamps to the order, and reset keeps the chosen speed', () => {
    const s = animationReducer(initialAnimation(10), { type: 'speed', linesPerSecond: 64 });
    expect(animationReducer(s, { type: 'seek', lines: 42 }).position).toBe(10);
    expect(animationReducer(s, { type: 'seek', lines: 3.4 }).position).toBe(3);
    expect(animationReducer(s, { type: 'seek', lines: -3 }).position).toBe(0);
    expect(animationReducer(s, { type: 'reset', total: 20 })).toEqual({
      total: 20,
      position: 20,
      playing: false,
      linesPerSecond: 64,
    });
  });
});

describe('orderingDescription', () => {
  const lines = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ line: i, shot: i, echo: 0, reversed: false }));
  it('names the order, its shots and echoes, and partial Fourier when lines are never read', () => {
    expect(
      orderingDescription({ ordering: 'linear', lines: lines(64), acquired: 64, shots: 64 }, 64),
    ).toMatch(/^Linear: one line per excitation/);
    expect(
      orderingDescription({ ordering: 'segmented', lines: lines(256), acquired: 256, shots: 16 }, 256),
    ).toMatch(/16 shots of 16 echoes/);
    expect(orderingDescription({ ordering: 'epi', lines: lines(48), acquired: 48, shots: 1 }, 64)).toBe(
      'Single-shot EPI: every line in one readout, zig-zag (the readout reverses every other line). ' +
        'Partial Fourier: 48 of 64 lines are read; the others stay empty.',
    );
  });
});
