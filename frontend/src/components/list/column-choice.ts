import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAuth } from '../../auth/auth-context';
import type { Column } from './DataTable';

/** The browser's copy of a user's hidden columns of one list: `rfid.columns.{userId}.{list}`, a JSON array of column keys. */
const storageKey = (userId: string, list: string) => `rfid.columns.${userId}.${list}`;

function readHidden(key: string): string[] | undefined {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
    return Array.isArray(value) && value.every((k) => typeof k === 'string') ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Which columns of a list a user shows. Until they choose, the columns not `hiddenByDefault`; their
 * choice is kept per user and list in the browser's storage, so it is there on their next visit and
 * is not another user's. Pinned columns (the key ones) always show.
 */
export function useColumnChoice<T>(list: string, columns: readonly Column<T>[]) {
  const { me } = useAuth();
  const key = storageKey(me?.user.id ?? 'anyone', list);
  const [chosen, setChosen] = useState(() => readHidden(key));
  useEffect(() => setChosen(readHidden(key)), [key]);

  const hidden = useMemo(() => new Set(chosen ?? columns.filter((c) => c.hiddenByDefault).map((c) => c.key)), [chosen, columns]);
  const save = useCallback(
    (next: string[] | undefined) => {
      if (next) localStorage.setItem(key, JSON.stringify(next));
      else localStorage.removeItem(key);
      setChosen(next);
    },
    [key],
  );
  return {
    shown: columns.filter((c) => c.pinned || !hidden.has(c.key)),
    hidden,
    toggle: (column: string) => save(hidden.has(column) ? [...hidden].filter((k) => k !== column) : [...hidden, column]),
    reset: () => save(undefined),
  };
}
