import { API, publicSettingsOf, REALTIME_EVENTS, SYSTEM_SETTING_DEFAULTS, type PublicSystemSettings } from '@rfid/contracts';
import { createContext, useCallback, useContext, type ReactNode } from 'react';
import useSWR from 'swr';
import { usePush } from '../app/realtime';

export const PUBLIC_SETTINGS_ENDPOINT = API.systemSettings.public.path;

const DEFAULTS = publicSettingsOf(SYSTEM_SETTING_DEFAULTS);
const Ctx = createContext<PublicSystemSettings>(DEFAULTS);

/**
 * The system settings every screen shows (the product name, the default page size of lists), the
 * sign-in page too: read from the server (anyone may), and once signed in replaced by the server's push
 * when an administrator changes them, so an open page's title, footer and lists follow without a reload.
 * Until the answer comes, the catalogue's defaults.
 */
export function PublicSettingsProvider({ children }: { children: ReactNode }) {
  const { data, mutate } = useSWR<PublicSystemSettings>(PUBLIC_SETTINGS_ENDPOINT);
  usePush<PublicSystemSettings>(
    REALTIME_EVENTS.PUBLIC_SETTINGS,
    useCallback((pushed) => void mutate(pushed, { revalidate: false }), [mutate]),
  );
  // a push missed while the connection was down: read them again when it is back
  usePush('connect', useCallback(() => void mutate(), [mutate]));
  return <Ctx.Provider value={data ?? DEFAULTS}>{children}</Ctx.Provider>;
}

export function usePublicSettings(): PublicSystemSettings {
  return useContext(Ctx);
}
