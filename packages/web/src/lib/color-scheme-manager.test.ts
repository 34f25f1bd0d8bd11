/**
 * The colour-scheme manager on the app's store (issue 27.2): it reads and writes the chosen scheme in its store,
 * follows another tab's choice through storage events of that store only, and never touches
 * `window.localStorage` itself (a cross-site frame may not).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COLOR_SCHEME_KEY, storeColorSchemeManager } from './color-scheme-manager.ts';
import { memoryStorage } from './storage.ts';

const storageEvent = (storageArea: Storage, newValue: string | null, key = COLOR_SCHEME_KEY): StorageEvent =>
  new StorageEvent('storage', { key, newValue, storageArea });

afterEach(() => localStorage.clear());

describe('storeColorSchemeManager', () => {
  it('answers the stored scheme, or the fallback when none or an unknown one is stored', () => {
    const store = memoryStorage();
    const manager = storeColorSchemeManager(store);
    expect(manager.get('auto')).toBe('auto');
    manager.set('dark');
    expect(store.getItem(COLOR_SCHEME_KEY)).toBe('dark');
    expect(manager.get('auto')).toBe('dark');
    store.setItem(COLOR_SCHEME_KEY, 'purple');
    expect(manager.get('light')).toBe('light');
    manager.clear();
    expect(store.getItem(COLOR_SCHEME_KEY)).toBeNull();
  });

  it("follows its store's storage events for its key, and no others, until unsubscribed", () => {
    const manager = storeColorSchemeManager(localStorage);
    const onUpdate = vi.fn();
    manager.subscribe(onUpdate);
    window.dispatchEvent(storageEvent(localStorage, 'dark'));
    window.dispatchEvent(storageEvent(sessionStorage, 'light'));
    window.dispatchEvent(storageEvent(localStorage, 'light', 'another-key'));
    window.dispatchEvent(storageEvent(localStorage, 'purple'));
    expect(onUpdate.mock.calls).toEqual([['dark']]);
    manager.unsubscribe();
    window.dispatchEvent(storageEvent(localStorage, 'light'));
    expect(onUpdate).toHaveBeenCalledTimes(1);
  });

  it('keeps the scheme for the page when its store refuses the write', () => {
    const full = memoryStorage();
    full.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    expect(() => storeColorSchemeManager(full).set('dark')).not.toThrow();
  });
});
