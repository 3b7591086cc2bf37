import type { LoginResponse, MeResponse } from '@rfid/contracts';

/**
 * The browser's copy of the session: the token, and the user with the permission codes the server
 * granted (used only to shape menus and routes; the server is the authority and checks every call again).
 */
const SESSION_KEY = 'rfid.session';
const USER_KEY = 'rfid.user';

export interface StoredSession {
  token: string;
  expiresAt: string;
}

export function getSession(): StoredSession | undefined {
  try {
    const s = JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null') as StoredSession | null;
    if (!s?.token || Date.parse(s.expiresAt) <= Date.now()) return undefined;
    return s;
  } catch {
    return undefined;
  }
}

export function saveSession(login: LoginResponse): void {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ token: login.accessToken, expiresAt: login.expiresAt } satisfies StoredSession));
  saveUser({ user: login.user, permissions: login.permissions });
  notify();
}

export function saveUser(me: MeResponse): void {
  localStorage.setItem(USER_KEY, JSON.stringify(me));
}

export function getStoredUser(): MeResponse | undefined {
  try {
    return (JSON.parse(localStorage.getItem(USER_KEY) ?? 'null') as MeResponse | null) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Forgets the session; true when there was one to forget (a token or a user), so only the first of several refused calls acts on it. */
export function clearSession(): boolean {
  const had = localStorage.getItem(SESSION_KEY) !== null || localStorage.getItem(USER_KEY) !== null;
  localStorage.removeItem(SESSION_KEY);
  localStorage.removeItem(USER_KEY);
  if (had) notify();
  return had;
}

const listeners = new Set<() => void>();
function notify(): void {
  for (const listener of listeners) listener();
}

/**
 * Calls `listener` whenever the session is saved or cleared, in this tab or in another one (the
 * storage event), so that whoever shows the signed-in state never keeps a session the storage no
 * longer has. Returns the unsubscribe.
 */
export function onSessionChange(listener: () => void): () => void {
  const fromOtherTab = (e: StorageEvent) => (e.key === SESSION_KEY || e.key === null) && listener();
  listeners.add(listener);
  window.addEventListener('storage', fromOtherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', fromOtherTab);
  };
}
