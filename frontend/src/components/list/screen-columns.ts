import type { ListColumns, ScreenColumnKey } from '@rfid/contracts';
import type { Column } from './DataTable';

/** How the screen shows a column of the list's table: everything but its sort, which the table gives, and its header unless the screen names another (a catalogue's own word for its code). */
export type ColumnCell<T> = Omit<Column<T>, 'key' | 'labelKey' | 'sortField'> & { labelKey?: string };

/**
 * The screen's columns of a list's column table (contracts), in the order `cells` names them: each
 * column the table gives a label is named, with how it shows (null: not on this screen, as the
 * linking report's reason). Its header and whether it sorts come from the table.
 */
export function screenColumns<T, L extends ListColumns>(table: L, cells: { [K in ScreenColumnKey<L>]: ColumnCell<T> | null }): Column<T>[] {
  return Object.entries(cells as Record<string, ColumnCell<T> | null>).flatMap(([key, cell]) => {
    const column = table[key]!;
    return cell ? [{ ...cell, key, labelKey: cell.labelKey ?? column.label!, ...(column.sort ? { sortField: key } : {}) }] : [];
  });
}
