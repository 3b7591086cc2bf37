import { ButtonGroup, HTMLTable } from '@blueprintjs/core';
import { useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { toggledSort } from './list-state';

export interface Column<T> {
  key: string;
  labelKey: string;
  /** The API's sort field; the column is sortable when it has one. */
  sortField?: string;
  /** The cell; without it the row's value under `key`, as text. */
  render?: (row: T) => ReactNode;
  className?: string;
  /** In pixels: the column's width (a pinned one's exact width, another's most); a longer text ends in "…" (its whole text in the tooltip). */
  width?: number;
  /** A key column: it stays in view at the left while the table scrolls sideways, and always shows. Pinned columns come first and have a width. */
  pinned?: true;
  /** Left out until the user shows it with the column chooser. */
  hiddenByDefault?: true;
}

/** Room kept under the table's box for the pager and the page's margin, in pixels; and the least height of the box. */
const BELOW_TABLE_PX = 80;
const MIN_TABLE_PX = 240;

/**
 * The table's box ends at the window's bottom, less the pager's room: with many rows it scrolls in
 * itself, and its header, the pager under it, the key columns and the actions all stay in view.
 * Measured again whenever the page's layout changes (a filter row unfolds, the window is resized).
 */
function useFitToWindow(ref: RefObject<HTMLDivElement | null>, on: boolean): void {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !on) return;
    const fit = () => {
      const top = el.getBoundingClientRect().top + window.scrollY;
      el.style.maxHeight = `${Math.max(window.innerHeight - top - BELOW_TABLE_PX, MIN_TABLE_PX)}px`;
    };
    fit();
    const layout = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(fit);
    layout?.observe(document.body);
    window.addEventListener('resize', fit);
    return () => {
      layout?.disconnect();
      window.removeEventListener('resize', fit);
    };
  }, [ref, on]);
}

/** The sticky left offset of each pinned column: the widths of the pinned ones before it. */
function pinnedOffsets<T>(columns: readonly Column<T>[]): Map<string, number> {
  const offsets = new Map<string, number>();
  let left = 0;
  for (const c of columns) {
    if (!c.pinned) break;
    offsets.set(c.key, left);
    left += c.width ?? 0;
  }
  return offsets;
}

export interface DataTableProps<T> {
  columns: readonly Column<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  /** `field:asc` or `field:desc`: the column shown sorted. */
  sort?: string;
  /** Called with the next sort when a sortable column's header is clicked (ascending first, then it flips). */
  onSortChange?: (sort: string) => void;
  /** Makes rows clickable (and opened with Enter). */
  onRowClick?: (row: T) => void;
  /** The buttons of a row's last column (RowAction); a click on them does not open the row. */
  rowActions?: (row: T) => ReactNode;
  rowClassName?: (row: T) => string | undefined;
  /**
   * The page's own list (a list screen's, the notifications'): its box ends at the window's bottom and
   * scrolls in itself, its header and the pager under it in view. Any other table (a ticket's lines, a
   * stocktake's results) grows with the page.
   */
  fillWindow?: boolean;
}

/**
 * A striped table of rows with sortable column headers and an optional actions column. It scrolls
 * sideways in its own box (and, filling the window, down too), its header stays on top, the pinned key
 * columns at the left and the actions at the right, so what identifies a row and what acts on it are
 * always in view.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const [sortField, sortDir] = (props.sort ?? '').split(':');
  const { onRowClick } = props;
  const offsets = pinnedOffsets(props.columns);
  const lastPinned = [...offsets.keys()].at(-1);
  const scrollRef = useRef<HTMLDivElement>(null);
  useFitToWindow(scrollRef, !!props.fillWindow);
  // a pinned column has exactly its width (the next one's offset counts on it); another at most its width
  const cellProps = (c: Column<T>) => ({
    className: [c.className, c.width && 'sized', offsets.has(c.key) && 'pinned', c.key === lastPinned && 'pinned-last'].filter(Boolean).join(' ') || undefined,
    style: offsets.has(c.key) ? { width: c.width, minWidth: c.width, maxWidth: c.width, left: offsets.get(c.key) } : c.width ? { maxWidth: c.width } : undefined,
  });
  return (
    <div className="table-scroll" data-testid="table-scroll" ref={scrollRef}>
    <HTMLTable interactive={!!onRowClick} striped compact className="list-table">
      <thead>
        <tr>
          {props.columns.map((c) => {
            const active = !!c.sortField && sortField === c.sortField;
            return (
              <th key={c.key} {...cellProps(c)} data-column={c.key} aria-sort={active ? (sortDir === 'asc' ? 'ascending' : 'descending') : undefined}>
                {c.sortField && props.onSortChange ? (
                  <button type="button" className="sort-button" onClick={() => props.onSortChange!(toggledSort(props.sort, c.sortField!))}>
                    {t(c.labelKey)}
                    <span className="sort-mark">{active ? (sortDir === 'asc' ? '▲' : '▼') : '↕'}</span>
                  </button>
                ) : (
                  t(c.labelKey)
                )}
              </th>
            );
          })}
          {props.rowActions && <th className="actions-col pinned-end">{t('list.actions')}</th>}
        </tr>
      </thead>
      <tbody>
        {props.rows?.map((row) => (
          <tr
            key={props.rowKey(row)}
            className={props.rowClassName?.(row)}
            onClick={onRowClick && (() => onRowClick(row))}
            onKeyDown={onRowClick && ((e) => e.key === 'Enter' && onRowClick(row))}
            tabIndex={onRowClick ? 0 : undefined}
          >
            {props.columns.map((c) => {
              const content = c.render ? c.render(row) : String((row as Record<string, unknown>)[c.key] ?? '');
              return (
                <td key={c.key} {...cellProps(c)} title={c.width && typeof content === 'string' ? content : undefined}>
                  {content}
                </td>
              );
            })}
            {props.rowActions && (
              <td className="actions-col pinned-end" onClick={(e) => e.stopPropagation()}>
                <ButtonGroup variant="minimal">{props.rowActions(row)}</ButtonGroup>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </HTMLTable>
    </div>
  );
}
