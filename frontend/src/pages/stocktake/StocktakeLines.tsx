import { Button, Card, SegmentedControl } from '@blueprintjs/core';
import { apiPath, API, STOCKTAKE_LINE_COLUMNS, RESULT_FILTERS, type StocktakeDetail, type StocktakeLineResponse, type StocktakeLineView } from '@rfid/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../api/files';
import { DataTable } from '../../components/list/DataTable';
import { screenColumns } from '../../components/list/screen-columns';
import { FilterBar, type FilterSpec } from '../../components/list/FilterBar';
import { refreshList, type ListQuery } from '../../components/list/list-state';
import { ListPager } from '../../components/list/Pager';
import { RowAction } from '../../components/list/RowAction';
import { useListQuery } from '../../components/list/use-list-query';
import { showError } from '../../components/toasts';
import { formatNumber } from '../../i18n/format';
import { IgnoreLineDialog } from './IgnoreLineDialog';
import { LineReason, LineResultTag } from './line-tags';
import { stocktakeLinesPath } from './stocktake-api';
import { enumOptions } from '../../i18n/enum-options';

/** The result filter (every line, the abnormal ones, the ignored ones), shown as a segmented control above the other filters. */
const RESULT_FILTER: FilterSpec = { name: 'result', labelKey: 'stocktake.result', type: 'select', fallback: 'ALL' };

/** A line a user may set aside: an abnormal tag or a missing item, not set aside already. */
const ignorable = (line: StocktakeLineView) => !line.ignored && (line.result === 'ABNORMAL' || line.result === 'MISSING');

/** The Excel file of the lines the filter shows, every page of them. */
function ExportLinesButton({ stocktakeId, query }: { stocktakeId: string; query: ListQuery }) {
  const { t } = useTranslation();
  return (
    <Button
      icon="download"
      text={t('list.export')}
      onClick={() => void downloadFile(apiPath(API.stocktakes.export, { id: stocktakeId }), { ...query, page: undefined, size: undefined }).catch(showError)}
      data-testid="excel-export"
    />
  );
}

/**
 * A stocktake's result lines, filtered (all, abnormal, ignored; found or missing; a text), sorted and
 * paged in the URL like every list; each line with what was expected and found, its result and why,
 * and "Ignore" on an abnormal or missing line while the stocktake allows it.
 */
export function StocktakeLines({ stocktake }: { stocktake: StocktakeDetail }) {
  const { t } = useTranslation();
  const endpoint = stocktakeLinesPath(stocktake.id);
  const [ignoring, setIgnoring] = useState<StocktakeLineView>();
  const filters: FilterSpec[] = [
    { name: 'q', labelKey: 'stocktake.lines_search', type: 'text' },
    { name: 'found', labelKey: 'stocktake.found_filter', type: 'select', options: enumOptions(t, ['FOUND', 'MISSING'], 'stocktake.result') },
  ];
  const list = useListQuery<StocktakeLineResponse>({ endpoint, filters: [RESULT_FILTER, ...filters], defaultSort: 'code:asc' });
  const { state, query, data } = list;
  const mayIgnore = stocktake.allowedActions.includes('IGNORE');

  const columns = screenColumns<StocktakeLineView, typeof STOCKTAKE_LINE_COLUMNS>(STOCKTAKE_LINE_COLUMNS, {
    code: { pinned: true, width: 150, render: (l) => <strong>{l.code}</strong> },
    name: { width: 220, render: (l) => l.name ?? '' },
    zoneName: { width: 160, render: (l) => l.zoneName ?? '' },
    epc: { render: (l) => (l.epc ? <code>{l.epc}</code> : '') },
    expected: { className: 'num', render: (l) => formatNumber(l.expected) },
    found: { className: 'num', render: (l) => formatNumber(l.found) },
    result: { render: (l) => <LineResultTag line={l} /> },
    reason: { className: 'wrap-col', render: (l) => <LineReason line={l} /> },
    ignoreNote: { className: 'wrap-col', render: (l) => l.ignoreNote ?? '' },
  });

  return (
    <Card className="stocktake-lines" data-testid="stocktake-lines">
      <div className="page-head">
        <h3>{t('stocktake.lines')}</h3>
        <div className="ticket-actions">
          <div data-testid="result-filter">
            <SegmentedControl
              options={enumOptions(t, RESULT_FILTERS, 'stocktake.filter')}
              value={state.filters.result || 'ALL'}
              onValueChange={(result) => state.update({ result: result === 'ALL' ? undefined : result })}
            />
          </div>
          <ExportLinesButton stocktakeId={stocktake.id} query={query} />
        </div>
      </div>
      <FilterBar filters={filters} values={state.filters} onChange={state.update} />
      <DataTable
        columns={columns}
        rows={data?.data}
        rowKey={(l) => String(l.id)}
        sort={state.sort}
        onSortChange={(sort) => state.update({ sort })}
        rowActions={
          mayIgnore
            ? (l) => ignorable(l) && <RowAction icon="eye-off" label={t('stocktake.ignore')} onClick={() => setIgnoring(l)} data-testid="ignore-line" />
            : undefined
        }
      />
      <ListPager list={list} />
      <IgnoreLineDialog stocktakeId={stocktake.id} line={ignoring} onClose={() => setIgnoring(undefined)} onIgnored={() => void refreshList(endpoint)} />
    </Card>
  );
}
