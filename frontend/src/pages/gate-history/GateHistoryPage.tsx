import { Button, Tag, Tooltip } from '@blueprintjs/core';
import { API, GATE_ITEM_KINDS, GATE_PASS_LIST_COLUMNS, PASS_DECISIONS, PASS_DIRECTIONS, type GatePassListResponse, type GatePassView } from '@rfid/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExcelToolbar } from '../../components/excel/ExcelToolbar';
import { LOOKUPS } from '../../components/fields/lookup-endpoints';
import { GateItemLabel } from '../../components/GateItemLabel';
import { screenColumns } from '../../components/list/screen-columns';
import type { FilterSpec } from '../../components/list/FilterBar';
import { ListPage } from '../../components/list/ListPage';
import { formatDateTime } from '../../i18n/format';
import { AlertDetailDialog } from '../alerts/AlertDetailDialog';
import { useGatePassPushes } from './gate-pass-pushes';
import { DecisionTag, DirectionTag } from './pass-tags';
import { enumOptions } from '../../i18n/enum-options';
import { dateRangeFilters } from '../../components/list/FilterBar';

/** The alert a pass raised, to open (whoever reads the gate history may read its alerts). */
function AlertCell({ pass, onOpen }: { pass: GatePassView; onOpen: (alertId: string) => void }) {
  const { t } = useTranslation();
  if (!pass.alertId) return null;
  const alertId = pass.alertId;
  return (
    <Button size="small" variant="minimal" intent="danger" icon="warning-sign" text={t('gate_history.alert')} aria-label={t('gate_history.open_alert')} onClick={() => onOpen(alertId)} data-testid="open-alert" />
  );
}

/** The list keeps live: this says so, with what it means. */
function LiveTag() {
  const { t } = useTranslation();
  return (
    <Tooltip content={t('gate_history.live')}>
      <Tag minimal intent="success" icon="feed" data-testid="live">
        {t('gate_history.live_tag')}
      </Tag>
    </Tooltip>
  );
}

/**
 * The gate history (SECURITY_GATE_LOG_LIST): every pass a gate decided, newest first, with its
 * filters in the URL and its Excel export. A pass decided while the page is open comes in on top of
 * the first page without reload; the rows that came so are marked, an alert's in red.
 */
export default function GateHistoryPage() {
  const { t } = useTranslation();
  const arrived = useGatePassPushes();
  const [openAlertId, setOpenAlertId] = useState<string>();

  const columns = screenColumns<GatePassView, typeof GATE_PASS_LIST_COLUMNS>(GATE_PASS_LIST_COLUMNS, {
    at: { pinned: true, width: 165, render: (p) => formatDateTime(p.at) },
    gate: { wrap: true, render: (p) => `${p.gateName} (${p.gateCode})` },
    direction: { render: (p) => <DirectionTag direction={p.direction} /> },
    antenna: { className: 'number-col', hiddenByDefault: true, render: (p) => (p.antenna === null ? '' : String(p.antenna)) },
    epc: { hiddenByDefault: true, render: (p) => <Tag minimal>{p.epc}</Tag> },
    item: { wrap: true, render: (p) => <GateItemLabel item={p.item} /> },
    decision: { render: (p) => <DecisionTag decision={p.decision} /> },
    permit: {
      wrap: true,
      render: (p) =>
        p.permit && (
          <span title={t(`gate_history.permit_${p.permit.kind}`)}>
            {p.permit.code} <span className="muted">· {t(`gate_history.permit_${p.permit.kind}`)}</span>
          </span>
        ),
    },
    alert: { render: (p) => <AlertCell pass={p} onOpen={setOpenAlertId} /> },
  });
  const filters: FilterSpec[] = [
    { name: 'q', labelKey: 'gate.search', type: 'text' },
    { name: 'gateId', labelKey: 'gate.gate', type: 'lookup', lookup: LOOKUPS.gates },
    { name: 'decision', labelKey: 'gate_history.decision', type: 'select', options: enumOptions(t, PASS_DECISIONS, 'gate_history.decision') },
    ...dateRangeFilters('gate'),
    { name: 'direction', labelKey: 'gate_history.direction', type: 'select', options: enumOptions(t, PASS_DIRECTIONS, 'gate_history.direction'), folded: true },
    { name: 'itemKind', labelKey: 'gate.item_kind', type: 'select', options: enumOptions(t, GATE_ITEM_KINDS, 'gate.item_kind'), folded: true },
  ];

  return (
    <>
      <ListPage<GatePassView, GatePassListResponse>
        route={API.gatePasses.list}
        columns={columns}
        filters={filters}
        rowClassName={(p) => (arrived.has(p.id) ? (p.decision === 'ALERT' ? 'arrived-row arrived-alert-row' : 'arrived-row') : undefined)}
        actions={(query) => (
          <>
            <LiveTag />
            {/* the list and its export need the same permission */}
            <ExcelToolbar query={query} export={API.gatePasses.export} />
          </>
        )}
      />
      <AlertDetailDialog alertId={openAlertId} onClose={() => setOpenAlertId(undefined)} />
    </>
  );
}
