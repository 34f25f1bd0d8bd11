/**
 * i18n (platform-shell.md §9): the language comes from config and falls back to en. The shell's fixed texts
 * (validation messages, crash screen, toasts) live in the English bundle below under the spec's wording;
 * another language adds a bundle with the same keys and falls back to English for any key it lacks.
 */
import i18next, { type TOptions } from 'i18next';
import { DEFAULT_LANGUAGE } from '@larmor/contracts/constants';
import { config } from './config.ts';

/** English texts, word for word from platform-shell.md §4, §5, §8. */
export const EN = {
  numeric: {
    aboveMax: 'Higher than allowed maximum',
    belowMin: 'Lower than allowed minimum',
    notNumeric: 'This field is required',
    tooltip: 'max: {{max}} | min: {{min}} | step: {{step}}',
  },
  changePassword: {
    currentRequired: 'Current password is required',
    newRequired: 'New password is required',
    newSameAsOld: 'New password has to be different from the old password',
    confirmationRequired: 'New password confirmation is required',
    confirmationMismatch: 'New password and password confirmation do not match',
    submitting: 'Changing password...',
    failed: 'Current password field is not correct',
    succeeded: 'Successfully changed password',
  },
  crash: {
    title: 'Oops, something went wrong',
    refresh: 'Please refresh the page.',
    homeLink: 'click here to go to the home page',
    copied: 'Copied to clipboard',
  },
} as const;

/** The app's i18next instance, initialised synchronously at import with the configured language. */
export const i18n = i18next.createInstance();
void i18n.init({
  lng: config.language,
  fallbackLng: DEFAULT_LANGUAGE,
  resources: { [DEFAULT_LANGUAGE]: { translation: EN } },
  initAsync: false,
  // React escapes what it renders; i18next must not escape a second time.
  interpolation: { escapeValue: false },
});

/** The text of `key` (dot path into EN) in the current language. */
export function t(key: string, options?: TOptions): string {
  return options === undefined ? i18n.t(key) : i18n.t(key, options);
}

/** Switches to the configured language (or `language`); keys it lacks fall back to English. */
export function initI18n(language: string = config.language): void {
  void i18n.changeLanguage(language);
}
