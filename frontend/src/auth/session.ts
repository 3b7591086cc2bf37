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

export function clearSession(): void {
  localStorage.removeItem(SESSION_KEY);
  localStorage.removeItem(USER_KEY);
}
