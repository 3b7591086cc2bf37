import type { Language } from '@rfid/contracts';

/** The language of an answer: Vietnamese when Accept-Language starts with "vi", English otherwise. */
export function languageOfHeader(acceptLanguage: string | string[] | undefined): Language {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage[0] : acceptLanguage;
  return /^\s*vi/i.test(header ?? '') ? 'vi' : 'en';
}
