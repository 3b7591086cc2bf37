import { API, isPermissionCode, type LoginRequest, type MeResponse, type PermissionCode } from '@rfid/contracts';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { call } from '../api/client';
import { clearSession, getSession, getStoredUser, onSessionChange, saveSession, saveUser } from './session';

interface AuthContext {
  me: MeResponse | undefined;
  signedIn: boolean;
  can(code: PermissionCode): boolean;
  login(req: LoginRequest): Promise<void>;
  logout(): Promise<void>;
}

const Ctx = createContext<AuthContext | undefined>(undefined);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [me, setMe] = useState<MeResponse | undefined>(() => (getSession() ? getStoredUser() : undefined));
  // The storage is the one truth: a session cleared by a refused call (or in another tab) signs out here too.
  useEffect(() => onSessionChange(() => setMe(getSession() ? getStoredUser() : undefined)), []);

  // The stored copy renders at once; the server's answer replaces it (permissions may have changed).
  useEffect(() => {
    if (!getSession()) return;
    call(API.auth.me)
      .then((fresh) => {
        saveUser(fresh);
        setMe(fresh);
      })
      .catch(() => {});
  }, []);

  const login = useCallback(async (req: LoginRequest) => {
    const res = await call(API.auth.login, { body: req });
    saveSession(res);
    setMe({ user: res.user, permissions: res.permissions });
  }, []);

  const logout = useCallback(async () => {
    try {
      await call(API.auth.logout);
    } finally {
      clearSession();
      setMe(undefined);
    }
  }, []);

  const value = useMemo<AuthContext>(() => {
    const granted = new Set((me?.permissions ?? []).filter(isPermissionCode));
    return { me, signedIn: !!me && !!getSession(), can: (code) => granted.has(code), login, logout };
  }, [me, login, logout]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useAuth(): AuthContext {
  const ctx = useContext(Ctx);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}
