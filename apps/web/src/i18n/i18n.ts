/**
 * i18next with one English bundle. The language is the first two letters of the browser's
 * language; anything without a bundle falls back to English.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en.ts';

export const browserLanguage = (language = navigator.language) =>
  (language || 'en').slice(0, 2).toLowerCase();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: browserLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

// The page's language is the one actually shown (English when the browser's has no bundle).
document.documentElement.lang = i18n.resolvedLanguage ?? 'en';

export { i18n };
