import { API, STOCKTAKE_LIST_COLUMNS, P, STOCKTAKE_STATUSES, type StocktakeView } from '@rfid/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { stocktakePath } from '../../app/route-table';
import { useAuth } from '../../auth/auth-context';
import { AddButton } from '../../components/AddButton';
import { LOOKUPS } from '../../components/fields/lookup-endpoints';
import { screenColumns } from '../../components/list/screen-columns';
import type { FilterSpec } from '../../components/list/FilterBar';
import { refreshList } from '../../components/list/list-state';
import { ListPage } from '../../components/list/ListPage';
import { RowAction } from '../../components/list/RowAction';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { STOCKTAKES_ENDPOINT } from './stocktake-api';
import { StocktakeFormDialog } from './StocktakeFormDialog';
import { StocktakeStatusTag } from './StocktakeStatusTag';
import { enumOptions } from '../../i18n/enum-options';
import { dateRangeFilters } from '../../components/list/FilterBar';

/**
 * The stocktakings (STOCKTAKE_STOCKTAKING_*): filters in the URL, create in a dialog; a row opens the
 * stocktake's own page, where it is changed, started, reset and closed as its allowed actions say.
 */
export default function StocktakesPage() {
  const { t } = useTranslation();
  const { can } = useAuth();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const mayOpen = can(P.STOCKTAKE_STOCKTAKING_DETAIL);

  const columns = screenColumns<StocktakeView, typeof STOCKTAKE_LIST_COLUMNS>(STOCKTAKE_LIST_COLUMNS, {
    code: {
      pinned: true,
      width: 130,
      render: (r) => (mayOpen ? <Link to={stocktakePath(r.id)} onClick={(e) => e.stopPropagation()}>{r.code}</Link> : <strong>{r.code}</strong>),
    },
    name: { width: 220 },
    status: { render: (r) => <StocktakeStatusTag status={r.status} /> },
    zones: { width: 220, render: (r) => r.zones.map((z) => z.name).join(', ') },
    scanned: { className: 'number-col', render: (r) => formatNumber(r.totals.scanned) },
    createdBy: { width: 150, render: (r) => r.createdBy.name ?? '' },
    updatedBy: { width: 150, render: (r) => r.updatedBy.name ?? '' },
    createdAt: { render: (r) => formatDateTime(r.createdAt) },
    updatedAt: { render: (r) => formatDateTime(r.updatedAt) },
  });
  const filters: FilterSpec[] = [
    { name: 'q', labelKey: 'stocktake.search', type: 'text' },
    { name: 'status', labelKey: 'stocktake.status', type: 'select', options: enumOptions(t, STOCKTAKE_STATUSES, 'stocktake.status') },
    { name: 'zoneId', labelKey: 'stocktake.zone', type: 'lookup', lookup: LOOKUPS.masterData('zones') },
    ...dateRangeFilters('stocktake', { folded: true }),
  ];

  return (
    <>
      <ListPage<StocktakeView>
        route={API.stocktakes.list}
        columns={columns}
        filters={filters}
        onRowClick={mayOpen ? (r) => navigate(stocktakePath(r.id)) : undefined}
        actions={() => <AddButton permission={P.STOCKTAKE_STOCKTAKING_CREATE} text={t('stocktake.create')} onClick={() => setCreating(true)} />}
        rowActions={(r) => (
          <RowAction icon="document-open" label={t('stocktake.open')} permission={P.STOCKTAKE_STOCKTAKING_DETAIL} onClick={() => navigate(stocktakePath(r.id))} data-testid="open-stocktake" />
        )}
      />
      <StocktakeFormDialog
        isOpen={creating}
        onClose={() => setCreating(false)}
        onSaved={(saved) => {
          void refreshList(STOCKTAKES_ENDPOINT);
          if (saved && mayOpen) navigate(stocktakePath(saved.id));
        }}
      />
    </>
  );
}
