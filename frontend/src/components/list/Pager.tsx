import { Button, ButtonGroup, HTMLSelect, NonIdealState, Spinner, type IconName } from '@blueprintjs/core';
import { PAGE_SIZES, type ListResponse } from '@rfid/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';
import type { ListQueryResult } from './use-list-query';

/** Below a list: loading and empty states, a summary, rows per page (10/20/30/50), previous / next. */
export function Pager(props: {
  page: number;
  size: number;
  /** Rows the filter matches, for the page count. */
  total: number | undefined;
  loading: boolean;
  empty: boolean;
  emptyIcon?: IconName;
  summary: ReactNode;
  onChange: (patch: { page?: number; size?: number }) => void;
}) {
  const { t } = useTranslation();
  const pages = props.total === undefined ? 1 : Math.max(Math.ceil(props.total / props.size), 1);
  return (
    <>
      {props.loading && <Spinner className="list-spinner" size={32} />}
      {props.empty && <NonIdealState icon={props.emptyIcon ?? 'inbox'} title={t('common.no_data')} className="list-empty" />}
      <div className="pager">
        <span className="muted" data-testid="list-total">
          {props.summary}
        </span>
        <span className="pager-spacer" />
        <label className="muted">
          {t('list.page_size')}{' '}
          <HTMLSelect value={props.size} onChange={(e) => props.onChange({ size: Number(e.target.value) })} aria-label={t('list.page_size')}>
            {PAGE_SIZES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </HTMLSelect>
        </label>
        <ButtonGroup>
          <Button icon="chevron-left" disabled={props.page <= 1} aria-label={t('list.previous')} onClick={() => props.onChange({ page: props.page - 1 })} />
          <Button disabled className="pager-current" text={t('list.page_of', { page: props.page, pages })} />
          <Button icon="chevron-right" disabled={props.page >= pages} aria-label={t('list.next')} onClick={() => props.onChange({ page: props.page + 1 })} />
        </ButtonGroup>
      </div>
    </>
  );
}

/** The pager of a list read with useListQuery: its page and size, the answer's total ("n records" unless `summary` says otherwise). */
export function ListPager<R extends ListResponse<unknown>>({ list, summary }: { list: ListQueryResult<R>; summary?: ReactNode }) {
  const { t } = useTranslation();
  const { state, data, loading } = list;
  const total = data?.total ?? 0;
  return (
    <Pager
      page={state.page}
      size={state.size}
      total={data?.total}
      loading={loading}
      empty={!!data && data.data.length === 0}
      summary={summary ?? t('list.total', { count: total, formatted: formatNumber(total) })}
      onChange={state.update}
    />
  );
}
