/** i18n: default language from config, fallback en (platform-shell.md §9). English texts live in the components. */
import i18next from 'i18next';
import { DEFAULT_LANGUAGE } from '@larmor/contracts/constants';
import { config } from './config.ts';

export function initI18n(): void {
  void i18next.init({
    lng: config.language,
    fallbackLng: DEFAULT_LANGUAGE,
    resources: {},
  });
}
