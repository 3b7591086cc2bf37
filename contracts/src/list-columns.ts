import type { Language } from './notification-messages.js';

/**
 * One column of a list. A list's column table names each column once: the screen's table reads its
 * header and whether it sorts from here, the list's Excel export its header, width and kind of cell,
 * the API its sort fields. A column has a `label` when the screen shows it and a `header` when the
 * export writes it; most have both. The table's order is the export's; the screen gives its own.
 */
export interface ListColumn {
  /** Translation key of the screen's header. Absent: the screen does not show the column (it shows its value within another). */
  label?: string;
  /** The export's header in each language. Absent: the export does not write it (an action, a value written as several columns). */
  header?: Record<Language, string>;
  /** The export's column width, in characters (20 when not given). */
  width?: number;
  /** The list sorts by the column: its key is a sort field of the list's query. */
  sort?: true;
  /** The export writes a date-time cell (in the reader's time zone). */
  dateTime?: true;
}

export type ListColumns = Record<string, ListColumn>;

/** Declares a list's column table, keeping every key and flag in its type. */
export function defineListColumns<const T extends ListColumns>(columns: T): T {
  return columns;
}

/** The keys of the columns the screen shows. */
export type ScreenColumnKey<T extends ListColumns> = { [K in keyof T]: T[K] extends { label: string } ? K : never }[keyof T] & string;
/** The keys of the columns the export writes. */
export type ExportColumnKey<T extends ListColumns> = { [K in keyof T]: T[K] extends { header: Record<Language, string> } ? K : never }[keyof T] & string;
/** The list's sort fields. */
export type SortColumnKey<T extends ListColumns> = { [K in keyof T]: T[K] extends { sort: true } ? K : never }[keyof T] & string;

/** The list's sort fields, in table order (for its query's `sortQuery`). */
export function sortColumnKeys<T extends ListColumns>(columns: T): [SortColumnKey<T>, ...SortColumnKey<T>[]] {
  const keys = Object.keys(columns).filter((key) => columns[key]!.sort);
  if (!keys.length) throw new Error('a list sorts by at least one column');
  return keys as [SortColumnKey<T>, ...SortColumnKey<T>[]];
}

/** The columns the export writes, in table order, each with its key. */
export function exportedColumns<T extends ListColumns>(columns: T): (ListColumn & { key: ExportColumnKey<T>; header: Record<Language, string> })[] {
  return Object.entries(columns).flatMap(([key, c]) => (c.header ? [{ ...c, key: key as ExportColumnKey<T>, header: c.header }] : []));
}
