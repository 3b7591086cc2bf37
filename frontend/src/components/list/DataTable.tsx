import { ButtonGroup, HTMLTable } from '@blueprintjs/core';
import type { ReactNode } from 'react';
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
}

/** A striped table of rows with sortable column headers and an optional actions column. */
export function DataTable<T>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const [sortField, sortDir] = (props.sort ?? '').split(':');
  const { onRowClick } = props;
  return (
    <HTMLTable interactive={!!onRowClick} striped className="list-table">
      <thead>
        <tr>
          {props.columns.map((c) => {
            const active = !!c.sortField && sortField === c.sortField;
            return (
              <th key={c.key} className={c.className} aria-sort={active ? (sortDir === 'asc' ? 'ascending' : 'descending') : undefined}>
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
          {props.rowActions && <th className="actions-col">{t('list.actions')}</th>}
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
            {props.columns.map((c) => (
              <td key={c.key} className={c.className}>
                {c.render ? c.render(row) : String((row as Record<string, unknown>)[c.key] ?? '')}
              </td>
            ))}
            {props.rowActions && (
              <td className="actions-col" onClick={(e) => e.stopPropagation()}>
                <ButtonGroup variant="minimal">{props.rowActions(row)}</ButtonGroup>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
