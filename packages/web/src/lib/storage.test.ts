/**
 * The app's storage (issue 27.2): the browser's own where the page may use it, else one in memory that behaves as
 * Storage does, so a Larmor launched in a learning platform's cross-site iframe (where Chromium denies storage when
 * third-party cookies are blocked) still keeps its session for the page's life.
 */
import { describe, expect, it } from 'vitest';
import { localStore, memoryStorage, sessionStore, usableStorage } from './storage.ts';

describe('memoryStorage', () => {
  it('keeps, lists, removes and clears items as Storage does', () => {
    const storage = memoryStorage();
    expect(storage.getItem('accessToken')).toBeNull();
    storage.setItem('accessToken', 'a');
    storage.setItem('refreshToken', 'r');
    storage.setItem('accessToken', 'b');
    expect(storage.getItem('accessToken')).toBe('b');
    expect(storage.length).toBe(2);
    expect([storage.key(0), storage.key(1), storage.key(2)]).toEqual(['accessToken', 'refreshToken', null]);
    storage.removeItem('accessToken');
    expect(storage.getItem('accessToken')).toBeNull();
    expect(storage.length).toBe(1);
    storage.clear();
    expect(storage.length).toBe(0);
  });

  it('keeps each storage apart', () => {
    const one = memoryStorage();
    one.setItem('profile', '{}');
    expect(memoryStorage().getItem('profile')).toBeNull();
  });
});

describe('usableStorage', () => {
  it("answers the browser's storage where the page may use it", () => {
    expect(usableStorage(() => window.localStorage)).toBe(window.localStorage);
    expect(localStore).toBe(window.localStorage);
    expect(sessionStore).toBe(window.sessionStorage);
  });

  it('answers a storage in memory where reading it throws (a cross-site frame with third-party storage blocked)', () => {
    const storage = usableStorage(() => {
      throw new DOMException("Failed to read the 'localStorage' property from 'Window'", 'SecurityError');
    });
    expect(storage).not.toBe(window.localStorage);
    storage.setItem('accessToken', 'a');
    expect(storage.getItem('accessToken')).toBe('a');
    expect(window.localStorage.getItem('accessToken')).toBeNull();
  });

  it('answers a storage in memory where writing to it throws', () => {
    const full = memoryStorage();
    full.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    expect(usableStorage(() => full)).not.toBe(full);
  });
});
