import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAuth } from '../../auth/auth-context';
import type { Column } from './DataTable';

/**
 * The browser's copy of a user's choices for one list: `rfid.columns.{userId}.{list}`, a JSON array of
 * the hidden column keys, and `rfid.column-widths.{userId}.{list}`, the widths they dragged columns to.
 */
const storageKey = (userId: string, list: string) => `rfid.columns.${userId}.${list}`;
const widthsKey = (userId: string, list: string) => `rfid.column-widths.${userId}.${list}`;

function readStored<T>(key: string, valid: (value: unknown) => value is T): T | undefined {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
    return valid(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
const isKeyList = (v: unknown): v is string[] => Array.isArray(v) && v.every((k) => typeof k === 'string');
const isWidths = (v: unknown): v is Record<string, number> => !!v && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((w) => typeof w === 'number' && w > 0);
const readHidden = (key: string) => readStored(key, isKeyList);

function writeStored(key: string, value: unknown): void {
  if (value === undefined) localStorage.removeItem(key);
  else localStorage.setItem(key, JSON.stringify(value));
}

/**
 * Which columns of a list a user shows, and how wide. Until they choose, the columns not
 * `hiddenByDefault`, each as wide as its content (or its `width`); their choice and the widths they
 * drag columns to are kept per user and list in the browser's storage, so they are there on their
 * next visit and are not another user's. Pinned columns (the key ones) always show.
 */
export function useColumnChoice<T>(list: string, columns: readonly Column<T>[]) {
  const { me } = useAuth();
  const key = storageKey(me?.user.id ?? 'anyone', list);
  const [chosen, setChosen] = useState(() => readHidden(key));
  useEffect(() => setChosen(readHidden(key)), [key]);

  const sizesKey = widthsKey(me?.user.id ?? 'anyone', list);
  const [widths, setWidths] = useState(() => readStored(sizesKey, isWidths) ?? {});
  useEffect(() => setWidths(readStored(sizesKey, isWidths) ?? {}), [sizesKey]);

  const hidden = useMemo(() => new Set(chosen ?? columns.filter((c) => c.hiddenByDefault).map((c) => c.key)), [chosen, columns]);
  const save = useCallback(
    (next: string[] | undefined) => {
      writeStored(key, next);
      setChosen(next);
    },
    [key],
  );
  const resize = useCallback(
    (column: string, width: number) =>
      setWidths((now) => {
        const next = { ...now, [column]: Math.round(width) };
        writeStored(sizesKey, next);
        return next;
      }),
    [sizesKey],
  );
  return {
    // a column dragged to a width keeps it (its longer values end in "…")
    shown: columns.filter((c) => c.pinned || !hidden.has(c.key)).map((c) => (widths[c.key] ? { ...c, width: widths[c.key], resized: true as const } : c)),
    hidden,
    toggle: (column: string) => save(hidden.has(column) ? [...hidden].filter((k) => k !== column) : [...hidden, column]),
    resize,
    reset: () => {
      save(undefined);
      writeStored(sizesKey, undefined);
      setWidths({});
    },
  };
}
