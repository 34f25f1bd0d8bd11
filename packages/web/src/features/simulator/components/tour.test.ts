import { describe, expect, it } from 'vitest';
import { SIMULATOR_TOUR } from './tour.ts';

describe('the simulator’s guided tour (issue 20.2)', () => {
  it('starts with what the module asks and covers planning, running, viewing and submitting, in that order', () => {
    const titles = SIMULATOR_TOUR.map((s) => s.title);
    expect(titles[0]).toBe('What the module asks');
    const loop = ['Planning', 'Running', 'Viewing', 'Submitting'].map((t) => titles.indexOf(t));
    expect(loop.every((i) => i > 0)).toBe(true);
    expect([...loop].sort((a, b) => a - b)).toEqual(loop);
  });

  it('points each step at its own part of the screen', () => {
    const elements = SIMULATOR_TOUR.map((s) => s.element);
    expect(new Set(elements).size).toBe(elements.length);
    expect(elements).toEqual(
      expect.arrayContaining([
        '[data-tour="planning"]',
        '[data-tour="run"]',
        '[data-tour="last-scan"]',
        '[data-tour="save-close"]',
      ]),
    );
  });
});
