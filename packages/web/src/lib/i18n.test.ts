import { afterEach, describe, expect, it } from 'vitest';
import { i18n, initI18n, t } from './i18n.ts';

describe('i18n (platform-shell.md §9: language from config, fallback en)', () => {
  afterEach(() => {
    initI18n('en');
  });

  it("reads the spec's English texts, with interpolation", () => {
    expect(t('changePassword.currentRequired')).toBe('Current password is required');
    expect(t('numeric.tooltip', { max: 9, min: 1, step: 0.5 })).toBe('max: 9 | min: 1 | step: 0.5');
  });

  it('falls back to English for a language without a bundle', () => {
    initI18n('de');
    expect(i18n.language).toBe('de');
    expect(t('crash.title')).toBe('Oops, something went wrong');
  });

  it("uses another language's bundle where it has the key and English where it does not", () => {
    i18n.addResourceBundle('fr', 'translation', { crash: { copied: 'Copié dans le presse-papiers' } });
    initI18n('fr');
    expect(t('crash.copied')).toBe('Copié dans le presse-papiers');
    expect(t('crash.homeLink')).toBe('click here to go to the home page');
  });
});
