import { Classes } from '@blueprintjs/core';
import { cleanup, configure, waitFor } from '@testing-library/react';
import { catalogueNameResources, ERROR_CODES, ERRORS } from '@rfid/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { mutate } from 'swr';
import { cache } from 'swr/_internal';
import { afterEach, expect, vi } from 'vitest';
import en from '../../public/locales/en/translation.json';
import { clearToasts } from '../components/toasts';

// The screens in English, from the same translation file the app loads, the shared error catalogue and catalogue names.
await i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  ns: ['translation', 'errors', 'catalogue'],
  defaultNS: 'translation',
  resources: { en: { translation: en, catalogue: catalogueNameResources('en'), errors: Object.fromEntries(ERROR_CODES.map((c) => [c, ERRORS[c].en])) } },
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

// A wait for what the screen shows may take a few seconds on a busy 2-core machine.
configure({ asyncUtilTimeout: 5000 });

// Each test starts with no page rendered, no toast, no session, no cached answer and the real fetch.
afterEach(async () => {
  cleanup();
  await clearToasts();
  await waitFor(() => expect(document.querySelector(`.${Classes.TOAST}`)).toBeNull());
  localStorage.clear();
  await mutate(() => true, undefined, { revalidate: false });
  // the paged look-ups' answers too (useSWRInfinite's keys), which a mutate by filter leaves alone
  for (const key of [...cache.keys()]) cache.delete(key);
  vi.unstubAllGlobals();
});
