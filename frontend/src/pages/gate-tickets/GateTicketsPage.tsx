import { API, GATE_TICKET_LIST_COLUMNS, GATE_TICKET_STATES, P, type GateTicketView } from '@rfid/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../components/AddButton';
import { LOOKUPS } from '../../components/fields/lookup-endpoints';
import { screenColumns } from '../../components/list/screen-columns';
import type { FilterSpec } from '../../components/list/FilterBar';
import { refreshList } from '../../components/list/list-state';
import { ListPage } from '../../components/list/ListPage';
import { RowAction } from '../../components/list/RowAction';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { GateTicketDrawer } from './GateTicketDrawer';
import { GATE_TICKETS_ENDPOINT, GateTicketFormDialog } from './GateTicketFormDialog';
import { GateTicketStateTag } from './GateTicketStateTag';
import { enumOptions } from '../../i18n/enum-options';
import { dateRangeFilters } from '../../components/list/FilterBar';

/**
 * The gate tickets (SECURITY_GATE_TICKET_*): what may pass which gates and when, outside the import and
 * export tickets. Filters in the URL; create in a dialog; a ticket opens in a drawer, where it is
 * changed, approved, canceled or deleted as its allowed actions say.
 */
export default function GateTicketsPage() {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<string>();

  const columns = screenColumns<GateTicketView, typeof GATE_TICKET_LIST_COLUMNS>(GATE_TICKET_LIST_COLUMNS, {
    code: { pinned: true, width: 130, render: (r) => <strong>{r.code}</strong> },
    reason: { className: 'wrap-col', width: 260 },
    state: { render: (r) => <GateTicketStateTag state={r.state} /> },
    gates: { width: 220, render: (r) => r.gates.map((g) => g.name).join(', ') },
    validFrom: { render: (r) => `${formatDateTime(r.validFrom)} – ${formatDateTime(r.validTo)}` },
    itemCount: { className: 'number-col', render: (r) => formatNumber(r.itemCount) },
    createdBy: { width: 150, render: (r) => r.createdBy.name ?? '' },
    decidedBy: { width: 150, render: (r) => r.decidedBy?.name ?? '' },
    decidedAt: { render: (r) => formatDateTime(r.decidedAt) },
    createdAt: { hiddenByDefault: true, render: (r) => formatDateTime(r.createdAt) },
  });
  const filters: FilterSpec[] = [
    { name: 'q', labelKey: 'gate_tickets.search', type: 'text' },
    { name: 'state', labelKey: 'gate_tickets.state', type: 'select', options: enumOptions(t, GATE_TICKET_STATES, 'gate_tickets.state') },
    { name: 'gateId', labelKey: 'gate.gate', type: 'lookup', lookup: LOOKUPS.gates },
    ...dateRangeFilters('gate'),
  ];

  return (
    <>
      <ListPage<GateTicketView>
        route={API.gateTickets.list}
        columns={columns}
        filters={filters}
        onRowClick={(r) => setOpenId(r.id)}
        actions={() => <AddButton permission={P.SECURITY_GATE_TICKET_CREATE} text={t('gate_tickets.create')} onClick={() => setCreating(true)} />}
        rowActions={(r) => <RowAction icon="eye-open" label={t('common.view')} onClick={() => setOpenId(r.id)} data-testid="view-gate-ticket" />}
      />
      <GateTicketFormDialog
        isOpen={creating}
        onClose={() => setCreating(false)}
        onSaved={(saved) => {
          void refreshList(GATE_TICKETS_ENDPOINT);
          if (saved) setOpenId(saved.id);
        }}
      />
      <GateTicketDrawer ticketId={openId} onClose={() => setOpenId(undefined)} />
    </>
  );
}
