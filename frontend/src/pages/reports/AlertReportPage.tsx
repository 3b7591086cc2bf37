import { Tag } from '@blueprintjs/core';
import { ALERT_LIST_COLUMNS, API, ALERT_KINDS, ALERT_STATES, GATE_ITEM_KINDS, lastDaysRange, LINK_REPORT_SAMPLE_FILTERS, REALTIME_EVENTS, type AlertReportResponse, type AlertView } from '@rfid/contracts';
import { format } from 'date-fns';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { usePush } from '../../app/realtime';
import { ExcelToolbar } from '../../components/excel/ExcelToolbar';
import { useFieldViews } from '../../components/fields/field-views';
import { LOOKUPS } from '../../components/fields/lookup-endpoints';
import { GateItemLabel } from '../../components/GateItemLabel';
import { screenColumns } from '../../components/list/screen-columns';
import type { FilterSpec } from '../../components/list/FilterBar';
import { refreshList } from '../../components/list/list-state';
import { ListPage } from '../../components/list/ListPage';
import { formatDateTime } from '../../i18n/format';
import { AlarmTag, AlertKindTag, AlertStateTag } from '../alerts/alert-tags';
import { AlertTotals } from './AlertTotals';
import { enumOptions } from '../../i18n/enum-options';
import { dateRangeFilters } from '../../components/list/FilterBar';

const ENDPOINT = API.alerts.report.path;
/** Without a chosen period the report covers the last 7 days, as the other reports offer. */
const DEFAULT_DAYS = 7;
const day = (d: Date) => format(d, 'yyyy-MM-dd');

/**
 * The alert report (REPORT_ALERT_LIST): the alerts of a period (the last 7 days unless chosen), by
 * gate, kind, state, item and the sample's attributes; the totals of the filter (all, active,
 * disabled, per gate, per day) above the alerts; the Excel export of the same filter. An alert raised
 * or changed meanwhile (the `alert` push) reads the report anew.
 */
export default function AlertReportPage() {
  const { t } = useTranslation();
  const sampleFilters = useFieldViews<AlertView>(LINK_REPORT_SAMPLE_FILTERS).filters;
  usePush(
    REALTIME_EVENTS.ALERT,
    useCallback(() => void refreshList(ENDPOINT), []),
  );
  const period = lastDaysRange(DEFAULT_DAYS);

  const columns = screenColumns<AlertView, typeof ALERT_LIST_COLUMNS>(ALERT_LIST_COLUMNS, {
    at: { pinned: true, width: 165, render: (a) => formatDateTime(a.at) },
    kind: { render: (a) => <AlertKindTag kind={a.kind} /> },
    gate: { wrap: true, render: (a) => (a.gateName ? `${a.gateName} (${a.gateCode})` : '') },
    readerHostName: { width: 160, hiddenByDefault: true },
    item: { wrap: true, render: (a) => <GateItemLabel item={a.item} /> },
    epc: { hiddenByDefault: true, render: (a) => a.epc && <Tag minimal>{a.epc}</Tag> },
    state: { render: (a) => <AlertStateTag state={a.state} /> },
    alarm: { render: (a) => <AlarmTag on={a.alarmOn} /> },
    alarmOffBy: { width: 140, hiddenByDefault: true },
    alarmOffAt: { hiddenByDefault: true, render: (a) => formatDateTime(a.alarmOffAt) },
    disabledBy: { width: 140 },
    disabledAt: { hiddenByDefault: true, render: (a) => formatDateTime(a.disabledAt) },
    disableReason: { wrap: true, hiddenByDefault: true },
  });
  const filters: FilterSpec[] = [
    ...dateRangeFilters('gate', { fallback: { from: day(period.from), to: day(period.to) } }),
    { name: 'gateId', labelKey: 'gate.gate', type: 'lookup', lookup: LOOKUPS.gates },
    { name: 'kind', labelKey: 'alerts.kind', type: 'select', options: enumOptions(t, ALERT_KINDS, 'alerts.kind') },
    { name: 'state', labelKey: 'alerts.state', type: 'select', options: enumOptions(t, ALERT_STATES, 'alerts.state') },
    { name: 'q', labelKey: 'gate.search', type: 'text' },
    { name: 'itemKind', labelKey: 'gate.item_kind', type: 'select', options: enumOptions(t, GATE_ITEM_KINDS, 'gate.item_kind'), folded: true },
    ...sampleFilters.map((f) => ({ ...f, folded: true as const })),
  ];

  return (
    <ListPage<AlertView, AlertReportResponse>
      route={API.alerts.report}
      columns={columns}
      filters={filters}
      overview={(data) => <AlertTotals totals={data?.totals} />}
      actions={(query) => <ExcelToolbar query={query} export={API.alerts.reportExport} />}
    />
  );
}
