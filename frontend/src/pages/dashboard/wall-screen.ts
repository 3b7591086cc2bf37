import { API } from '@rfid/contracts';
import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { call } from '../../api/client';
import { getSession, saveSession } from '../../auth/session';

/** A wall screen renews its session once less than this is left of it. */
const RENEW_BEFORE_MS = 60 * 60_000;
/** How often a wall screen looks at what is left of its session. */
const CHECK_EVERY_MS = 5 * 60_000;

/** Renews the session when it ends within RENEW_BEFORE_MS; a failure is left to the next look. */
async function keepSessionAlive(): Promise<void> {
  const session = getSession();
  if (!session || Date.parse(session.expiresAt) - Date.now() > RENEW_BEFORE_MS) return;
  try {
    saveSession(await call(API.auth.refresh));
  } catch {
    // a refused renewal (the user locked) ends the session through the client's 401 handling
  }
}

/**
 * The dashboard's wall screen (`?wall=1`): full screen where the browser allows it, larger type and no
 * menus (the `wall-screen` class on the body), Escape to leave, and a session kept alive as long as it
 * is shown.
 */
export function useWallScreen(): { on: boolean; enter: () => void; leave: () => void } {
  const [params, setParams] = useSearchParams();
  const on = params.get('wall') === '1';
  const leave = useCallback(() => {
    setParams((p) => (p.delete('wall'), p), { replace: true });
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
  }, [setParams]);
  const enter = () => {
    setParams((p) => (p.set('wall', '1'), p), { replace: true });
    // asked within the click: a browser grants full screen only to a gesture
    void document.documentElement.requestFullscreen?.().catch(() => {});
  };
  useEffect(() => {
    if (!on) return;
    document.body.classList.add('wall-screen');
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') leave();
    };
    window.addEventListener('keydown', onKey);
    void keepSessionAlive();
    const timer = setInterval(() => void keepSessionAlive(), CHECK_EVERY_MS);
    return () => {
      document.body.classList.remove('wall-screen');
      window.removeEventListener('keydown', onKey);
      clearInterval(timer);
    };
  }, [on, leave]);
  return { on, enter, leave };
}
