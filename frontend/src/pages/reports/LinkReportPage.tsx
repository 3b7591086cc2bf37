import { Tag } from '@blueprintjs/core';
import { lastDaysRange, type LinkReportEntry, type LinkReportResponse, type LinkReportUser } from '@rfid/contracts';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import useSWR from 'swr';
import { PATHS } from '../../app/route-table';
import { ExcelToolbar } from '../../components/excel/ExcelToolbar';
import type { Column } from '../../components/list/DataTable';
import { ListPage } from '../../components/list/ListPage';
import { SampleLink } from '../../components/SampleLink';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { useMasterDataOptions } from '../../components/fields/master-data-options';

const PERIODS = [1, 7, 30, 90, 365];

/** The linking and the unlink report (one screen, chosen by the path): a period, a user, sample attributes. */
export default function LinkReportPage() {
  const { t } = useTranslation();
  const unlink = useLocation().pathname === PATHS.unlinkReport;
  const endpoint = unlink ? '/reports/unlink' : '/reports/linking';
  // "All" is no date range; a period runs from midnight N days ago to the end of today.
  const toQuery = (f: Record<string, string>) => {
    const { days, ...rest } = f;
    if (!days) return rest;
    const { from, to } = lastDaysRange(Number(days));
    return { ...rest, from: from.toISOString(), to: to.toISOString() };
  };
  const { data: users } = useSWR<LinkReportUser[]>(`${endpoint}/users`);
  const options = {
    seasonId: useMasterDataOptions('seasons'),
    categoryId: useMasterDataOptions('categories'),
    customerId: useMasterDataOptions('customers'),
    sizeId: useMasterDataOptions('sizes'),
  };
  const columns: Column<LinkReportEntry>[] = [
    { key: 'at', labelKey: 'reports.time', render: (r) => formatDateTime(r.at) },
    { key: 'tagCode', labelKey: 'rfid.code', render: (r) => <Tag minimal>{r.tagCode}</Tag> },
    { key: 'sampleCode', labelKey: 'samples.code', render: (r) => <SampleLink id={r.sampleId} code={r.sampleCode} /> },
    { key: 'sampleName', labelKey: 'samples.name' },
    { key: 'modelName', labelKey: 'samples.model' },
    { key: 'artNumber', labelKey: 'samples.art' },
    { key: 'seasonName', labelKey: 'catalogue:seasons.one' },
    { key: 'customerName', labelKey: 'catalogue:customers.one' },
    { key: 'username', labelKey: 'reports.user' },
    ...(unlink ? [{ key: 'reason', labelKey: 'rfid.reason', className: 'wrap-col' }] : []),
  ];
  return (
    <ListPage<LinkReportEntry, LinkReportResponse>
      key={endpoint}
      titleKey={unlink ? 'menu.unlink_report' : 'menu.linking_report'}
      endpoint={endpoint}
      columns={columns}
      rowKey={(r) => String(r.id)}
      filters={[
        { name: 'days', labelKey: 'reports.period', type: 'select', options: PERIODS.map((d) => ({ value: String(d), label: t('reports.last_days', { count: d }) })) },
        { name: 'userId', labelKey: 'reports.user', type: 'select', options: (users ?? []).map((u) => ({ value: u.id, label: u.name ?? u.id })) },
        { name: 'q', labelKey: 'list.search', type: 'text' },
        { name: 'seasonId', labelKey: 'catalogue:seasons.one', type: 'select', options: options.seasonId },
        { name: 'categoryId', labelKey: 'catalogue:categories.one', type: 'select', options: options.categoryId },
        { name: 'customerId', labelKey: 'catalogue:customers.one', type: 'select', options: options.customerId },
        { name: 'sizeId', labelKey: 'catalogue:sizes.one', type: 'select', options: options.sizeId },
      ]}
      toQuery={toQuery}
      actions={(query) => <ExcelToolbar endpoint={endpoint} query={query} export />}
      summary={(data) =>
        t('reports.totals', {
          events: formatNumber(data?.totals.events ?? 0),
          tags: formatNumber(data?.totals.tags ?? 0),
          samples: formatNumber(data?.totals.samples ?? 0),
        })
      }
    />
  );
}
