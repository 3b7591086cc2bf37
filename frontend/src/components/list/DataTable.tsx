import { ButtonGroup, Checkbox, HTMLTable } from '@blueprintjs/core';
import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
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
  /** The user dragged the column to `width`: exactly that wide. */
  resized?: true;
  /** Free text (a name, a message): it wraps onto more lines instead of widening the table. */
  wrap?: true;
  /** A key column: it stays in view at the left while the table scrolls sideways, and always shows. Pinned columns come first. */
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

/**
 * The sticky left offset of each pinned column: the widths of the pinned ones before it, as the header
 * cells measure once drawn (a pinned column without a width is as wide as its content).
 */
function usePinnedOffsets<T>(columns: readonly Column<T>[], headRow: RefObject<HTMLTableRowElement | null>, selectable: boolean): Map<string, number> {
  const pinned = columns.filter((c, i) => c.pinned && columns.slice(0, i).every((b) => b.pinned));
  const [measured, setMeasured] = useState<number[]>([]);
  useLayoutEffect(() => {
    const widths = [...(headRow.current?.querySelectorAll<HTMLElement>('th.pinned') ?? [])].map((th) => th.getBoundingClientRect().width);
    if (widths.join() !== measured.join()) setMeasured(widths);
  });
  // the check box column, when rows are selectable, comes first
  const lead = selectable ? 1 : 0;
  const offsets = new Map<string, number>();
  let left = selectable ? (measured[0] ?? 0) : 0;
  pinned.forEach((c, i) => {
    offsets.set(c.key, left);
    left += measured[i + lead] ?? c.width ?? 0;
  });
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
  /** Makes the rows selectable (a check box first in each, and one in the header for the whole page): the keys selected, and the next selection. */
  selection?: { selected: ReadonlySet<string>; onChange: (next: Set<string>) => void };
  /** Makes the columns resizable (a handle at each header's right edge, dragged or moved with the arrow keys): the width a column was left at. */
  onResize?: (column: string, width: number) => void;
}

/** The least width a column is dragged to, and how far an arrow key moves its edge, in pixels. */
const MIN_COLUMN_PX = 48;
const RESIZE_STEP_PX = 16;

/**
 * The handle at a header cell's right edge: dragged (or moved with ArrowLeft / ArrowRight when it has
 * the focus), it sets the column's width, shown at once and reported when let go.
 */
function ColumnResizer({ label, onDrag, onDone }: { label: string; onDrag: (width: number) => void; onDone: (width: number) => void }) {
  const widthOf = (el: HTMLElement) => el.parentElement!.getBoundingClientRect().width;
  return (
    <span
      className="col-resizer"
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      tabIndex={0}
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => {
        if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
        e.preventDefault();
        onDone(Math.max(MIN_COLUMN_PX, widthOf(e.currentTarget) + (e.key === 'ArrowRight' ? RESIZE_STEP_PX : -RESIZE_STEP_PX)));
      }}
      onPointerDown={(e) => {
        e.preventDefault();
        const handle = e.currentTarget;
        const start = { x: e.clientX, width: widthOf(handle) };
        const at = (x: number) => Math.max(MIN_COLUMN_PX, start.width + x - start.x);
        handle.setPointerCapture(e.pointerId);
        const move = (m: PointerEvent) => onDrag(at(m.clientX));
        const up = (u: PointerEvent) => {
          handle.removeEventListener('pointermove', move);
          handle.removeEventListener('pointerup', up);
          onDone(at(u.clientX));
        };
        handle.addEventListener('pointermove', move);
        handle.addEventListener('pointerup', up);
      }}
    />
  );
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
  const headRow = useRef<HTMLTableRowElement>(null);
  const { selection } = props;
  const offsets = usePinnedOffsets(props.columns, headRow, !!selection);
  const pageKeys = props.rows?.map(props.rowKey) ?? [];
  const allSelected = !!selection && pageKeys.length > 0 && pageKeys.every((k) => selection.selected.has(k));
  const lastPinned = [...offsets.keys()].at(-1);
  const scrollRef = useRef<HTMLDivElement>(null);
  useFitToWindow(scrollRef, !!props.fillWindow);
  // the width a column is being dragged to, shown before it is let go
  const [dragging, setDragging] = useState<{ key: string; width: number }>();
  const widthOf = (c: Column<T>) => (dragging?.key === c.key ? dragging.width : c.width);
  // a pinned or resized column has exactly its width (the next one's offset counts on it); another at most its width
  const cellProps = (c: Column<T>) => {
    const width = widthOf(c);
    const exact = (offsets.has(c.key) && width) || c.resized || dragging?.key === c.key;
    return {
      className: [c.className, width && 'sized', c.wrap && !width && 'wrap-col', offsets.has(c.key) && 'pinned', c.key === lastPinned && 'pinned-last'].filter(Boolean).join(' ') || undefined,
      style: { ...(width ? (exact ? { width, minWidth: width, maxWidth: width } : { maxWidth: width }) : {}), ...(offsets.has(c.key) ? { left: offsets.get(c.key) } : {}) },
    };
  };
  return (
    <div className="table-scroll" data-testid="table-scroll" ref={scrollRef}>
    <HTMLTable interactive={!!onRowClick} striped compact className="list-table">
      <thead>
        <tr ref={headRow}>
          {selection && (
            <th className="pinned select-col">
              <Checkbox
                className="select-box"
                aria-label={t('list.select_page')}
                checked={allSelected}
                indeterminate={!allSelected && pageKeys.some((k) => selection.selected.has(k))}
                onChange={() => selection.onChange(allSelected ? new Set() : new Set(pageKeys))}
                data-testid="select-page"
              />
            </th>
          )}
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
                {props.onResize && (
                  <ColumnResizer
                    label={t('list.resize_column', { column: t(c.labelKey) })}
                    onDrag={(width) => setDragging({ key: c.key, width })}
                    onDone={(width) => {
                      setDragging(undefined);
                      props.onResize!(c.key, width);
                    }}
                  />
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
            aria-selected={selection ? selection.selected.has(props.rowKey(row)) : undefined}
          >
            {selection && (
              <td className="pinned select-col" onClick={(e) => e.stopPropagation()}>
                <Checkbox
                  className="select-box"
                  aria-label={t('list.select_row')}
                  checked={selection.selected.has(props.rowKey(row))}
                  onChange={() => {
                    const next = new Set(selection.selected);
                    const key = props.rowKey(row);
                    if (!next.delete(key)) next.add(key);
                    selection.onChange(next);
                  }}
                  data-testid="select-row"
                />
              </td>
            )}
            {props.columns.map((c) => {
              const content = c.render ? c.render(row) : String((row as Record<string, unknown>)[c.key] ?? '');
              return (
                <td key={c.key} {...cellProps(c)} title={widthOf(c) && typeof content === 'string' ? content : undefined}>
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
