import { catalogueNameResources, ERROR_CODES, ERRORS } from '@rfid/contracts';
import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = [
  { code: 'vi', label: 'Tiếng Việt', locale: 'vi-VN' },
  { code: 'en', label: 'English', locale: 'en-US' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];

/** The language the screens are in: one of LANGUAGES, whatever the detector found ('en-US' is 'en'). */
export function currentLanguage(): LanguageCode {
  const lng = (i18n.resolvedLanguage ?? i18n.language ?? 'vi').slice(0, 2);
  return LANGUAGES.some((l) => l.code === lng) ? (lng as LanguageCode) : 'vi';
}

/** Intl locale of the current language, for dates and numbers. */
export function intlLocale(): string {
  return LANGUAGES.find((l) => l.code === currentLanguage())!.locale;
}

/**
 * Vietnamese first, English as fallback. Translation files are fetched from
 * /locales/{lng}/{ns}.json with retries (5, from 350 ms, doubling) and up to 10 parallel reads. Error
 * messages and the catalogues' names come from contracts, so each has one wording in each language.
 */
export async function initI18n(): Promise<void> {
  await i18n
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      supportedLngs: LANGUAGES.map((l) => l.code),
      fallbackLng: 'en',
      load: 'languageOnly',
      ns: ['translation'],
      defaultNS: 'translation',
      interpolation: { escapeValue: false },
      maxRetries: 5,
      retryTimeout: 350,
      maxParallelReads: 10,
      backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
      // Not the browser's language: the default is Vietnamese (index.html's lang) until the user picks one.
      detection: {
        order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'htmlTag'],
        convertDetectedLanguage: (lng: string) => lng.slice(0, 2),
        lookupQuerystring: 'lng',
        caches: ['localStorage', 'cookie'],
      },
      react: { useSuspense: false },
    });
  for (const { code } of LANGUAGES) {
    i18n.addResourceBundle(code, 'errors', Object.fromEntries(ERROR_CODES.map((c) => [c, ERRORS[c][code]])), true, true);
    // the catalogues' names (catalogue:{key}.one / many / noun), as the server's files and messages name them
    i18n.addResourceBundle(code, 'catalogue', catalogueNameResources(code), true, true);
  }
  document.documentElement.lang = currentLanguage();
}

export default i18n;
