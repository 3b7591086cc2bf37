import { Card } from '@blueprintjs/core';
import { apiPath, defaultSortOf, type ApiRoute, type ListResponse } from '@rfid/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteTitleKey } from '../../app/page-title';
import { PageHeader } from '../PageHeader';
import { BulkBar, type BulkAction } from './bulk-actions';
import { ColumnChooser } from './ColumnChooser';
import { useColumnChoice } from './column-choice';
import { DataTable, type Column } from './DataTable';
import { FilterBar, type FilterSpec } from './FilterBar';
import { refreshList, type ListQuery } from './list-state';
import { ListPager } from './Pager';
import { useListQuery } from './use-list-query';

/** The key of a row that has an id (most records). */
const idOf = (row: unknown): string => String((row as { id: string | number }).id);

export interface ListPageProps<T, R extends ListResponse<T>> {
  /** The heading: the route's title unless said otherwise. */
  titleKey?: string;
  /** The list's route of the API table: its path, and its default order (the query's). */
  route: ApiRoute;
  columns: readonly Column<T>[];
  filters?: readonly FilterSpec[];
  /** Maps the URL's filter values to the API's query (e.g. a day to an ISO date-time). */
  toQuery?: (filters: ListQuery) => ListQuery;
  /** The header's buttons; given the list's query, so that an export takes the same filter. */
  actions?: (query: ListQuery) => ReactNode;
  /** A row's key: its `id` unless said otherwise. */
  rowKey?: (row: T) => string;
  rowActions?: (row: T) => ReactNode;
  onRowClick?: (row: T) => void;
  /** Shown between the title and the filters: what the list's records depend on (the broker readers connect to, whether e-mail is sent). */
  intro?: ReactNode | ((data: R | undefined) => ReactNode);
  /** Shown between the filters and the table: what the filter matches as a whole (a report's totals). */
  overview?: (data: R | undefined) => ReactNode;
  /** A row's own class (a row that just arrived). */
  rowClassName?: (row: T) => string | undefined;
  /** Replaces the "n records" line under the table (a report's totals). */
  summary?: (data: R | undefined) => ReactNode;
  /** Names the list for the columns a user chooses to show (default: the endpoint). */
  listKey?: string;
  /** What may be done to the rows selected on the page (their check boxes show only with some); `nameOf` names a row a bulk action refused. */
  bulk?: { actions: readonly BulkAction<T>[]; nameOf: (row: T) => string };
}

/**
 * The usual list screen, put together from its parts: header with actions and the column chooser,
 * filter bar, sortable table, pager (10/20/30/50, kept in view), loading and empty states. Its state
 * lives in the URL; the columns a user shows, in their browser.
 */
export function ListPage<T, R extends ListResponse<T> = ListResponse<T>>(props: ListPageProps<T, R>) {
  const { t } = useTranslation();
  const routeTitleKey = useRouteTitleKey();
  const filters = props.filters ?? [];
  const endpoint = apiPath(props.route);
  const list = useListQuery<R>({ endpoint, filters, defaultSort: defaultSortOf(props.route), toQuery: props.toQuery });
  const { state, query, data } = list;
  const columns = useColumnChoice(props.listKey ?? endpoint, props.columns);
  const choosable = props.columns.some((c) => !c.pinned);
  const rowKey = props.rowKey ?? idOf;
  // a selection is of the page shown: another page, filter or order starts none
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const queryKey = JSON.stringify(query);
  useEffect(() => setSelected(new Set()), [queryKey]);
  const selectedRows = (data?.data ?? []).filter((row) => selected.has(rowKey(row)));
  return (
    <div className="list-page">
      <PageHeader title={t(props.titleKey ?? routeTitleKey)}>
        {props.actions?.(query)}
        {choosable && <ColumnChooser columns={props.columns} hidden={columns.hidden} onToggle={columns.toggle} onReset={columns.reset} />}
      </PageHeader>
      {typeof props.intro === 'function' ? props.intro(data) : props.intro}
      <FilterBar filters={filters} values={state.filters} onChange={state.update} />
      {props.overview?.(data)}
      <Card className="list-card">
        {props.bulk && selectedRows.length > 0 && (
          <BulkBar
            rows={selectedRows}
            actions={props.bulk.actions}
            nameOf={props.bulk.nameOf}
            onClear={() => setSelected(new Set())}
            onDone={async () => {
              setSelected(new Set());
              await refreshList(endpoint);
            }}
          />
        )}
        <DataTable
          fillWindow
          columns={columns.shown}
          rows={data?.data}
          rowKey={rowKey}
          selection={props.bulk && { selected, onChange: setSelected }}
          sort={state.sort}
          onSortChange={(sort) => state.update({ sort })}
          onRowClick={props.onRowClick}
          rowActions={props.rowActions}
          rowClassName={props.rowClassName}
          onResize={columns.resize}
        />
        <ListPager list={list} summary={props.summary?.(data)} />
      </Card>
    </div>
  );
}
