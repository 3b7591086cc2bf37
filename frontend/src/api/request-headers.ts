import { TIME_ZONE_HEADER } from '@rfid/contracts';
import { getSession } from '../auth/session';
import { currentLanguage } from '../i18n/i18n';

/**
 * The headers every call to the API carries: the session's token, the user's language (the server's
 * messages, files' headers) and the browser's time zone (an Excel export writes the times the screens
 * show, in that zone).
 */
export function requestHeaders(): Record<string, string> {
  const token = getSession()?.token;
  return {
    'Accept-Language': currentLanguage(),
    [TIME_ZONE_HEADER]: Intl.DateTimeFormat().resolvedOptions().timeZone,
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  };
}
