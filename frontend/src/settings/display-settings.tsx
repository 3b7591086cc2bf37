import { Classes } from '@blueprintjs/core';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

/** The display settings (theme, menu, layout, direction...); kept in browser storage, except the locale and the language list. */
export interface DisplaySettings {
  theme: 'light' | 'dark' | 'system';
  menu: 'vertical';
  layout: 'full';
  rtlClass: 'ltr' | 'rtl';
  animation: string;
  navbar: 'navbar-sticky';
  sidebarCollapsed: boolean;
  semidark: boolean;
  pageTitle: string;
}

const DEFAULTS: DisplaySettings = {
  theme: 'light',
  menu: 'vertical',
  layout: 'full',
  rtlClass: 'ltr',
  animation: '',
  navbar: 'navbar-sticky',
  sidebarCollapsed: false,
  semidark: false,
  pageTitle: '',
};
const STORAGE_KEY = 'rfid.settings';

function load(): DisplaySettings {
  try {
    return { ...DEFAULTS, ...(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Partial<DisplaySettings>) };
  } catch {
    return DEFAULTS;
  }
}

interface SettingsContext {
  settings: DisplaySettings;
  isDarkMode: boolean;
  update(patch: Partial<DisplaySettings>): void;
}

const Ctx = createContext<SettingsContext | undefined>(undefined);

const prefersDark = () => window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;

export function SettingsProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState(load);
  const [systemDark, setSystemDark] = useState(prefersDark);

  // "system" follows the OS preference live
  useEffect(() => {
    const mq = window.matchMedia?.('(prefers-color-scheme: dark)');
    if (!mq) return;
    const onChange = () => setSystemDark(mq.matches);
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, []);

  const isDarkMode = settings.theme === 'dark' || (settings.theme === 'system' && systemDark);
  useEffect(() => {
    document.body.classList.toggle('dark', isDarkMode);
    document.body.classList.toggle(Classes.DARK, isDarkMode);
  }, [isDarkMode]);
  useEffect(() => {
    document.documentElement.setAttribute('dir', settings.rtlClass === 'rtl' ? 'rtl' : 'ltr');
  }, [settings.rtlClass]);

  const value = useMemo<SettingsContext>(
    () => ({
      settings,
      isDarkMode,
      update(patch) {
        setSettings((prev) => {
          const next = { ...prev, ...patch };
          localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
          return next;
        });
      },
    }),
    [settings, isDarkMode],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useSettings(): SettingsContext {
  const ctx = useContext(Ctx);
  if (!ctx) throw new Error('useSettings outside SettingsProvider');
  return ctx;
}
