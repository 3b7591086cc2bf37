import { Button, ButtonGroup, Card, HTMLSelect, HTMLTable, InputGroup } from '@blueprintjs/core';
import type { ListResponse } from '@rfid/contracts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { formatNumber } from '../../i18n/format';
import { showError } from '../toasts';
import { isSendable, listKey, useListState } from './list-state';
import { Pager } from './Pager';

export interface Column<T> {
  key: string;
  labelKey: string;
  /** The API's sort field; sortable when given. */
  sortField?: string;
  render?: (row: T) => ReactNode;
  className?: string;
}

export interface FilterSpec {
  name: string;
  labelKey: string;
  type: 'text' | 'select' | 'date';
  options?: { value: string; label: string }[];
}

export interface ExcelSlots {
  onTemplate?: () => void;
  onImport?: () => void;
  onExport?: (query: Record<string, string | number | undefined>) => void;
}

interface ListPageProps<T> {
  titleKey: string;
  endpoint: string;
  columns: Column<T>[];
  filters?: FilterSpec[];
  defaultSort?: string;
  /** Maps the URL's filter values to the API's query (e.g. a date to an ISO date-time). */
  toQuery?: (filters: Record<string, string>) => Record<string, string | undefined>;
  toolbar?: ReactNode;
  excel?: ExcelSlots;
  rowKey: (row: T) => string;
  rowActions?: (row: T) => ReactNode;
  onRowClick?: (row: T) => void;
  /** Replaces the "n records" line under the table (a report's totals). */
  summary?: (data: ListResponse<T> | undefined) => ReactNode;
}

/**
 * The list screen every catalogue-like page is made of: filter bar, sortable columns, server paging
 * (10/20/30/50), loading and empty states, state in the URL, toolbar and Excel slots.
 */
export function ListPage<T>(props: ListPageProps<T>) {
  const { t } = useTranslation();
  const filters = props.filters ?? [];
  const state = useListState(
    filters.map((f) => f.name),
    props.defaultSort,
  );
  const sent = Object.fromEntries(filters.filter((f) => isSendable(state.filters[f.name] ?? '', f.type)).map((f) => [f.name, state.filters[f.name]!]));
  const query = { page: state.page, size: state.size, sort: state.sort, ...(props.toQuery ? props.toQuery(sent) : sent) };
  const key = listKey(props.endpoint, query);
  const { data, error, isLoading } = useSWR<ListResponse<T>>(key, { keepPreviousData: true });
  useEffect(() => {
    if (error) showError(error);
  }, [error]);

  const sortBy = (field: string) => {
    const [current, dir] = (state.sort ?? '').split(':');
    state.update({ sort: `${field}:${current === field && dir === 'asc' ? 'desc' : 'asc'}` });
  };

  return (
    <div className="list-page">
      <div className="page-head">
        <h1>{t(props.titleKey)}</h1>
        <div className="page-actions">
          {props.excel?.onTemplate && <Button icon="document" text={t('list.template')} onClick={props.excel.onTemplate} data-testid="excel-template" />}
          {props.excel?.onImport && <Button icon="import" text={t('list.import')} onClick={props.excel.onImport} data-testid="excel-import" />}
          {props.excel?.onExport && <Button icon="export" text={t('list.export')} onClick={() => props.excel!.onExport!(query)} data-testid="excel-export" />}
          {props.toolbar}
        </div>
      </div>
      {filters.length > 0 && (
        <Card className="filter-bar" role="search">
          {filters.map((f) => (
            <FilterInput key={f.name} spec={f} value={state.filters[f.name] ?? ''} onChange={(v) => state.update({ [f.name]: v })} />
          ))}
          <Button variant="minimal" icon="cross" text={t('list.clear_filters')} onClick={() => state.update(Object.fromEntries(filters.map((f) => [f.name, undefined])))} />
        </Card>
      )}
      <Card className="list-card">
        <HTMLTable interactive={!!props.onRowClick} striped className="list-table">
          <thead>
            <tr>
              {props.columns.map((c) => {
                const [field, dir] = (state.sort ?? '').split(':');
                const active = c.sortField && field === c.sortField;
                return (
                  <th key={c.key} className={c.className} aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}>
                    {c.sortField ? (
                      <button type="button" className="sort-button" onClick={() => sortBy(c.sortField!)}>
                        {t(c.labelKey)}
                        <span className="sort-mark">{active ? (dir === 'asc' ? '▲' : '▼') : '↕'}</span>
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
            {data?.data.map((row) => (
              <tr
                key={props.rowKey(row)}
                onClick={props.onRowClick ? () => props.onRowClick!(row) : undefined}
                onKeyDown={props.onRowClick ? (e) => e.key === 'Enter' && props.onRowClick!(row) : undefined}
                tabIndex={props.onRowClick ? 0 : undefined}
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
        <Pager
          page={state.page}
          size={state.size}
          total={data?.total}
          loading={isLoading && !data}
          empty={!!data && data.data.length === 0}
          summary={props.summary ? props.summary(data) : t('list.total', { count: data?.total ?? 0, formatted: formatNumber(data?.total ?? 0) })}
          onChange={(patch) => state.update(patch, !('page' in patch))}
        />
      </Card>
    </div>
  );
}

/** Text filters apply after a short pause, and only from SEARCH_MIN characters. */
function FilterInput({ spec, value, onChange }: { spec: FilterSpec; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (spec.type !== 'text' || text === value) return;
    const timer = setTimeout(() => {
      if (text.trim().length === 0 || isSendable(text, 'text')) onChangeRef.current(text.trim());
    }, 400);
    return () => clearTimeout(timer);
  }, [text, value, spec.type]);

  if (spec.type === 'select') {
    return (
      <label className="filter">
        <span>{t(spec.labelKey)}</span>
        <HTMLSelect value={value} onChange={(e) => onChange(e.target.value)} aria-label={t(spec.labelKey)}>
          <option value="">{t('list.all')}</option>
          {spec.options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </HTMLSelect>
      </label>
    );
  }
  const tooShort = spec.type === 'text' && text.trim().length > 0 && !isSendable(text, 'text');
  return (
    <label className="filter">
      <span>{t(spec.labelKey)}</span>
      <InputGroup
        type={spec.type === 'date' ? 'date' : 'search'}
        value={spec.type === 'date' ? value : text}
        leftIcon={spec.type === 'text' ? 'search' : undefined}
        intent={tooShort ? 'warning' : 'none'}
        onChange={(e) => (spec.type === 'date' ? onChange(e.target.value) : setText(e.target.value))}
        aria-label={t(spec.labelKey)}
        name={spec.name}
      />
      {tooShort && <small className="filter-hint">{t('validation.search_min', { min: 2 })}</small>}
    </label>
  );
}
