import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyKeyStep } from '#ui/key-step.ts';
import { createPreviewHold } from './preview-hold.ts';
import { createPreviewStore } from './use-preview.ts';

describe('preview hold', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows held edits, in order, when the preview's next answer arrives, and only then", () => {
    const store = createPreviewStore({ status: 'starting' });
    const hold = createPreviewHold(store, 32);
    const shown: string[] = [];
    hold.hold(() => shown.push('first'));
    hold.hold(() => shown.push('second'));
    vi.advanceTimersByTime(10);
    expect(shown).toEqual([]);
    store.set({ status: 'unavailable' });
    expect(shown).toEqual(['first', 'second']);
    // Shown once: a later answer or the end of the wait shows nothing again.
    store.set({ status: 'starting' });
    vi.advanceTimersByTime(100);
    expect(shown).toEqual(['first', 'second']);
  });

  it('shows a held edit after the longest wait when no answer comes', () => {
    const store = createPreviewStore({ status: 'starting' });
    const hold = createPreviewHold(store, 32);
    const shown: string[] = [];
    hold.hold(() => shown.push('edit'));
    vi.advanceTimersByTime(31);
    expect(shown).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual(['edit']);
  });

  it('shows held edits at once on release, and drops them on cancel', () => {
    const store = createPreviewStore({ status: 'starting' });
    const hold = createPreviewHold(store, 32);
    const shown: string[] = [];
    hold.release();
    hold.hold(() => shown.push('released'));
    hold.release();
    expect(shown).toEqual(['released']);
    hold.hold(() => shown.push('cancelled'));
    hold.cancel();
    store.set({ status: 'unavailable' });
    vi.advanceTimersByTime(100);
    expect(shown).toEqual(['released']);
  });

  it('shows held edits before the next keyboard step, which then starts from them', () => {
    const store = createPreviewStore({ status: 'starting' });
    const hold = createPreviewHold(store, 32);
    const order: string[] = [];
    hold.hold(() => order.push('held edit'));
    applyKeyStep(() => order.push('next step'));
    expect(order).toEqual(['held edit', 'next step']);
    // Not again at the step after.
    applyKeyStep(() => order.push('third step'));
    expect(order).toEqual(['held edit', 'next step', 'third step']);
  });
});
