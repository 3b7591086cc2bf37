import { Tag } from '@blueprintjs/core';
import { type LinkReportUser, type ListResponse } from '@rfid/contracts';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { useLocation } from 'react-router-dom';
import { downloadFile } from '../../api/files';
import { lastDaysRange } from '../../app/date-range';
import { ListPage, type Column } from '../../components/list/ListPage';
import { showError } from '../../components/toasts';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { useMasterDataOptions } from '../master-data/master-data-options';

interface LinkReportRow {
  id: number;
  at: string;
  tagCode: string;
  sampleCode: string;
  sampleName: string;
  modelName: string;
  artNumber: string;
  seasonName: string | null;
  sizeName: string | null;
  customerName: string | null;
  username: string | null;
  reason?: string | null;
}

type Report = ListResponse<LinkReportRow> & { totals?: { events: number; tags: number; samples: number } };

const PERIODS = [1, 7, 30, 90, 365];

/** The linking and the unlink report (one screen, chosen by the path): a period, a user, sample attributes. */
export default function LinkReportPage() {
  const { t } = useTranslation();
  const unlink = useLocation().pathname.includes('unlink');
  const endpoint = unlink ? '/reports/unlink' : '/reports/linking';
  // "All" is no date range; a period is the range from midnight N days ago to the end of today.
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
  const columns: Column<LinkReportRow>[] = [
    { key: 'at', labelKey: 'reports.time', render: (r) => formatDateTime(r.at) },
    { key: 'tagCode', labelKey: 'rfid.code', render: (r) => <Tag minimal>{r.tagCode}</Tag> },
    { key: 'sampleCode', labelKey: 'samples.code' },
    { key: 'sampleName', labelKey: 'samples.name' },
    { key: 'modelName', labelKey: 'samples.model' },
    { key: 'artNumber', labelKey: 'samples.art' },
    { key: 'seasonName', labelKey: 'samples.season' },
    { key: 'customerName', labelKey: 'samples.customer' },
    { key: 'username', labelKey: 'reports.user' },
    ...(unlink ? [{ key: 'reason', labelKey: 'rfid.reason', className: 'wrap-col' }] : []),
  ];
  return (
    <ListPage<LinkReportRow>
      key={endpoint}
      titleKey={unlink ? 'menu.unlink_report' : 'menu.linking_report'}
      endpoint={endpoint}
      columns={columns}
      rowKey={(r) => String(r.id)}
      filters={[
        { name: 'days', labelKey: 'reports.period', type: 'select', options: PERIODS.map((d) => ({ value: String(d), label: t('reports.last_days', { count: d }) })) },
        { name: 'userId', labelKey: 'reports.user', type: 'select', options: (users ?? []).map((u) => ({ value: u.id, label: u.name ?? u.id })) },
        { name: 'q', labelKey: 'list.search', type: 'text' },
        { name: 'seasonId', labelKey: 'samples.season', type: 'select', options: options.seasonId },
        { name: 'categoryId', labelKey: 'samples.category', type: 'select', options: options.categoryId },
        { name: 'customerId', labelKey: 'samples.customer', type: 'select', options: options.customerId },
        { name: 'sizeId', labelKey: 'samples.size', type: 'select', options: options.sizeId },
      ]}
      toQuery={toQuery}
      excel={{ onExport: (query) => void downloadFile(`${endpoint}/export`, { ...query, page: undefined, size: undefined }).catch(showError) }}
      summary={(data) => {
        const totals = (data as Report | undefined)?.totals;
        return totals
          ? t('reports.totals', { events: formatNumber(totals.events), tags: formatNumber(totals.tags), samples: formatNumber(totals.samples) })
          : t('list.total', { count: data?.total ?? 0, formatted: formatNumber(data?.total ?? 0) });
      }}
    />
  );
}
