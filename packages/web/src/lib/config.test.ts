import { afterEach, describe, expect, it, vi } from 'vitest';

/** The config module read afresh (it reads its environment once, when loaded). */
async function freshConfig() {
  vi.resetModules();
  return (await import('./config.ts')).config;
}

describe('the environment the app runs in (platform-shell.md §1: features differ by environment)', () => {
  afterEach(() => document.head.querySelector('meta[name="larmor-environment"]')?.remove());

  it('is the one the server wrote into index.html, whatever mode the app was built in', async () => {
    const meta = document.createElement('meta');
    meta.name = 'larmor-environment';
    meta.content = 'staging';
    document.head.append(meta);
    expect((await freshConfig()).environment).toBe('staging');
  });

  it("falls back to the build's mode without it, and ignores an unknown name", async () => {
    expect((await freshConfig()).environment).toBe('development');
    const meta = document.createElement('meta');
    meta.name = 'larmor-environment';
    meta.content = 'prod';
    document.head.append(meta);
    expect((await freshConfig()).environment).toBe('development');
  });
});
