import { Card, NonIdealState, Spinner } from '@blueprintjs/core';
import { API, INVENTORY_REPORT_COLUMNS, lastDaysRange, type InventoryReportRow } from '@rfid/contracts';
import { format } from 'date-fns';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { withQuery } from '../../api/client';
import { ticketPath } from '../../app/route-table';
import { PageHeader } from '../../components/PageHeader';
import { ExcelToolbar } from '../../components/excel/ExcelToolbar';
import { LOOKUPS } from '../../components/fields/lookup-endpoints';
import { DataTable } from '../../components/list/DataTable';
import { screenColumns, type ColumnCell } from '../../components/list/screen-columns';
import { FilterBar, type FilterSpec } from '../../components/list/FilterBar';
import { dayRangeQuery, useListState } from '../../components/list/list-state';
import { showError } from '../../components/toasts';
import { formatNumber } from '../../i18n/format';

const FILTERS: FilterSpec[] = [
  { name: 'from', labelKey: 'inventory.from', type: 'date' },
  { name: 'to', labelKey: 'inventory.to', type: 'date' },
  { name: 'warehouseId', labelKey: 'tickets.warehouse', type: 'lookup', lookup: LOOKUPS.masterData('zones') },
];
const FILTER_NAMES = FILTERS.map((f) => f.name);
/** Without a chosen period the report covers the last 30 days. */
const DEFAULT_DAYS = 30;
const day = (d: Date) => format(d, 'yyyy-MM-dd');

/** The inventory report of a period: per product and warehouse the opening stock, what came in and went out, the closing stock, and the tickets behind the movements. */
export default function InventoryReportPage() {
  const { t } = useTranslation();
  const state = useListState(FILTER_NAMES);
  const fallback = lastDaysRange(DEFAULT_DAYS);
  const filters = { ...state.filters, from: state.filters.from || day(fallback.from), to: state.filters.to || day(fallback.to) };
  const query = { ...dayRangeQuery(filters), warehouseId: state.filters.warehouseId || undefined };
  const { data, error, isLoading } = useSWR<InventoryReportRow[]>(withQuery(API.inventory.report.path, query), {
    keepPreviousData: true,
  });
  useEffect(() => {
    if (error) showError(error);
  }, [error]);
  const quantity = (key: 'opening' | 'in' | 'out' | 'closing'): ColumnCell<InventoryReportRow> => ({ className: 'num', render: (r) => formatNumber(r[key]) });
  const columns = screenColumns<InventoryReportRow, typeof INVENTORY_REPORT_COLUMNS>(INVENTORY_REPORT_COLUMNS, {
    productCode: { pinned: true, width: 140 },
    productName: { width: 220 },
    warehouseName: { render: (r) => r.warehouseName ?? '', width: 160 },
    opening: quantity('opening'),
    in: quantity('in'),
    out: quantity('out'),
    closing: quantity('closing'),
    tickets: {
      render: (r) => (
        <span className="report-tickets">
          {r.tickets.map((tk) => (
            // stock moves only on a supplier's tickets
            <Link key={tk.id} to={ticketPath(tk.direction, 'SUPPLIER', tk.id)}>
              {tk.code}
            </Link>
          ))}
        </span>
      ),
    },
  });
  const totals = (data ?? []).reduce((s, r) => ({ in: s.in + r.in, out: s.out + r.out }), { in: 0, out: 0 });
  return (
    <div className="list-page">
      <PageHeader title={t('menu.inventory_report')}>
        <ExcelToolbar query={query} export={API.inventory.reportExport} />
      </PageHeader>
      <FilterBar filters={FILTERS} values={filters} onChange={state.update} />
      <Card className="list-card">
        <DataTable fillWindow columns={columns} rows={data} rowKey={(r) => `${r.productId}:${r.warehouseId}`} />
        {isLoading && !data && <Spinner className="list-spinner" size={32} />}
        {data && data.length === 0 && <NonIdealState icon="inbox" title={t('common.no_data')} className="list-empty" />}
        <div className="pager">
          <span className="muted" data-testid="list-total">
            {t('inventory.report_totals', { rows: formatNumber(data?.length ?? 0), in: formatNumber(totals.in), out: formatNumber(totals.out) })}
          </span>
        </div>
      </Card>
    </div>
  );
}
