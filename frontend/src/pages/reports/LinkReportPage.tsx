import { Tag } from '@blueprintjs/core';
import { LINK_REPORT_COLUMNS, API, lastDaysRange, LINK_REPORT_SAMPLE_FILTERS, type LinkReportEntry, type LinkReportResponse, type LinkReportUser } from '@rfid/contracts';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import useSWR from 'swr';
import { PATHS } from '../../app/route-table';
import { ExcelToolbar } from '../../components/excel/ExcelToolbar';
import { screenColumns } from '../../components/list/screen-columns';
import { ListPage } from '../../components/list/ListPage';
import type { ListQuery } from '../../components/list/list-state';
import { SampleLink } from '../../components/SampleLink';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { useFieldViews } from '../../components/fields/field-views';

const PERIODS = [1, 7, 30, 90, 365];

/** The linking and the unlink report (one screen, chosen by the path): a period, a user, sample attributes. */
export default function LinkReportPage() {
  const { t } = useTranslation();
  const unlink = useLocation().pathname === PATHS.unlinkReport;
  const endpoint = unlink ? API.linkReports.unlink.path : API.linkReports.linking.path;
  // "All" is no date range; a period runs from midnight N days ago to the end of today.
  const toQuery = (f: ListQuery) => {
    const { days, ...rest } = f;
    if (!days) return rest;
    const { from, to } = lastDaysRange(Number(days));
    return { ...rest, from: from.toISOString(), to: to.toISOString() };
  };
  const { data: users } = useSWR<LinkReportUser[]>((unlink ? API.linkReports.unlinkUsers : API.linkReports.linkingUsers).path);
  const sampleFilters = useFieldViews<LinkReportEntry>(LINK_REPORT_SAMPLE_FILTERS).filters;
  // when and which tag are the key columns; who and why (an unlink's reason) come before the sample's other attributes
  const columns = screenColumns<LinkReportEntry, typeof LINK_REPORT_COLUMNS>(LINK_REPORT_COLUMNS, {
    at: { render: (r) => formatDateTime(r.at), pinned: true, width: 165 },
    tagCode: { render: (r) => <Tag minimal>{r.tagCode}</Tag>, pinned: true, width: 200 },
    sampleCode: { width: 130, render: (r) => <SampleLink id={r.sampleId} code={r.sampleCode} /> },
    sampleName: { width: 200 },
    username: { width: 130 },
    reason: unlink ? { className: 'wrap-col', width: 220 } : null,
    modelName: { width: 140, hiddenByDefault: true },
    artNumber: { width: 120, hiddenByDefault: true },
    seasonName: { width: 150 },
    customerName: { width: 160 },
  });
  return (
    <ListPage<LinkReportEntry, LinkReportResponse>
      key={endpoint}
      route={unlink ? API.linkReports.unlink : API.linkReports.linking}
      columns={columns}
      rowKey={(r) => String(r.id)}
      filters={[
        { name: 'days', labelKey: 'reports.period', type: 'select', options: PERIODS.map((d) => ({ value: String(d), label: t('reports.last_days', { count: d }) })) },
        { name: 'userId', labelKey: 'reports.user', type: 'select', options: (users ?? []).map((u) => ({ value: u.id, label: u.name ?? u.id })) },
        { name: 'q', labelKey: 'list.search', type: 'text' },
        ...sampleFilters.map((f) => ({ ...f, folded: true as const })),
      ]}
      toQuery={toQuery}
      actions={(query) => <ExcelToolbar query={query} export={unlink ? API.linkReports.unlinkExport : API.linkReports.linkingExport} />}
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
