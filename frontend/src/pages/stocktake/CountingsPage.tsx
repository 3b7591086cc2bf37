import { API, COUNTING_COLUMNS, type CountingView } from '@rfid/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOOKUPS } from '../../components/fields/lookup-endpoints';
import { screenColumns } from '../../components/list/screen-columns';
import type { FilterSpec } from '../../components/list/FilterBar';
import { ListPage } from '../../components/list/ListPage';
import { RowAction } from '../../components/list/RowAction';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { useCountingPushes } from './counting-pushes';
import { CountingDrawer, CountingStopped } from './CountingDrawer';
import { dateRangeFilters } from '../../components/list/FilterBar';

/**
 * The quick counts (STOCKTAKE_COUNTING_LIST): a handheld in COUNTING mode, from when it started to when
 * it stopped, with how many distinct tags it counted. Live: a `counting` push updates its row, a new
 * count comes on top; a row opens the count's tags in a drawer.
 */
export default function CountingsPage() {
  const { t } = useTranslation();
  const [openId, setOpenId] = useState<string>();
  const arrived = useCountingPushes();

  const columns = screenColumns<CountingView, typeof COUNTING_COLUMNS>(COUNTING_COLUMNS, {
    reader: { pinned: true, width: 200, render: (r) => <strong>{`${r.readerName} (${r.readerCode})`}</strong> },
    userName: { width: 160, render: (r) => r.userName ?? '' },
    zoneName: { width: 160, render: (r) => r.zoneName ?? '' },
    startedAt: { render: (r) => formatDateTime(r.startedAt) },
    stoppedAt: { render: (r) => <CountingStopped stoppedAt={r.stoppedAt} /> },
    tagCount: { className: 'num', render: (r) => <span data-testid="counting-tag-count">{formatNumber(r.tagCount)}</span> },
    samples: { className: 'num', render: (r) => formatNumber(r.samples) },
    products: { className: 'num', render: (r) => formatNumber(r.products) },
    unknown: { className: 'num', render: (r) => formatNumber(r.unknown) },
  });
  const filters: FilterSpec[] = [
    { name: 'readerId', labelKey: 'counting.reader', type: 'lookup', lookup: LOOKUPS.handhelds },
    { name: 'zoneId', labelKey: 'counting.zone', type: 'lookup', lookup: LOOKUPS.masterData('zones') },
    ...dateRangeFilters('counting'),
  ];

  return (
    <>
      <ListPage<CountingView>
        route={API.countings.list}
        columns={columns}
        filters={filters}
        rowClassName={(r) => (arrived.has(r.id) ? 'arrived-row' : undefined)}
        onRowClick={(r) => setOpenId(r.id)}
        rowActions={(r) => <RowAction icon="eye-open" label={t('common.view')} onClick={() => setOpenId(r.id)} data-testid="view-counting" />}
      />
      <CountingDrawer countingId={openId} onClose={() => setOpenId(undefined)} />
    </>
  );
}
