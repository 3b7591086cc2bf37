import { TICKET_LIST_COLUMNS, TICKET_STATUSES, TICKET_SOURCES, type TicketStatus, type TicketView } from '@rfid/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { call } from '../../api/client';
import { ticketPath } from '../../app/route-table';
import { useAuth } from '../../auth/auth-context';
import { AddButton } from '../../components/AddButton';
import { useConfirm } from '../../components/ConfirmDialog';
import { LOOKUPS } from '../../components/fields/lookup-endpoints';
import { screenColumns } from '../../components/list/screen-columns';
import type { FilterSpec } from '../../components/list/FilterBar';
import { refreshList } from '../../components/list/list-state';
import { ExcelToolbar } from '../../components/excel/ExcelToolbar';
import { ListPage } from '../../components/list/ListPage';
import { RowAction } from '../../components/list/RowAction';
import { showError, showSuccess } from '../../components/toasts';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { TicketSourceBadge, TicketStatusBadge } from './TicketBadges';
import { TicketFormDialog } from './TicketFormDialog';
import { useTicketScreen } from './ticket-screens';
import { enumOptions } from '../../i18n/enum-options';
import { dateRangeFilters } from '../../components/list/FilterBar';

/** The statuses a direction's tickets go through (an import has no approval). */
const STATUSES_OF = {
  IMPORT: TICKET_STATUSES.filter((s) => !['AWAITING_APPROVAL', 'APPROVED', 'CANCELLED', 'EXPORTING'].includes(s)),
  EXPORT: TICKET_STATUSES.filter((s) => s !== 'RECEIVING'),
} satisfies Record<string, TicketStatus[]>;

/** The import or the export ticket list (the path says which): filters, create, delete while NEW; a row opens its ticket. */
export default function TicketsPage() {
  const { t } = useTranslation();
  const { can } = useAuth();
  const navigate = useNavigate();
  const screen = useTicketScreen();
  const [creating, setCreating] = useState(false);
  const [confirmElement, confirm] = useConfirm();
  const pathOf = (r: TicketView) => ticketPath(r.direction, r.source, r.id);
  const mayOpen = can(screen.permissions.detail);

  const remove = async (r: TicketView) => {
    if (!(await confirm({ message: t('tickets.delete_confirm', { code: r.code }), intent: 'danger' }))) return;
    try {
      await call(screen.routes.remove, { params: { id: r.id } });
      showSuccess(t('tickets.deleted'));
      await refreshList(screen.routes.list.path);
    } catch (err) {
      showError(err);
    }
  };

  const columns = screenColumns<TicketView, typeof TICKET_LIST_COLUMNS>(TICKET_LIST_COLUMNS, {
    code: { pinned: true, width: 120, render: (r) => (mayOpen ? <Link to={pathOf(r)} onClick={(e) => e.stopPropagation()}>{r.code}</Link> : r.code) },
    status: { render: (r) => <TicketStatusBadge status={r.status} />, width: 160 },
    source: { render: (r) => <TicketSourceBadge source={r.source} />, width: 130 },
    warehouseName: { width: 160 },
    supplierName: { width: 160 },
    poNumber: { width: 130 },
    quantities: { render: (r) => `${formatNumber(r.totals.actual)} / ${formatNumber(r.totals.planned)}` },
    createdBy: { render: (r) => r.createdBy.name ?? '', width: 140, hiddenByDefault: true },
    createdAt: { render: (r) => formatDateTime(r.createdAt) },
    updatedAt: { render: (r) => formatDateTime(r.updatedAt), hiddenByDefault: true },
  });
  const filters: FilterSpec[] = [
    { name: 'q', labelKey: 'tickets.search', type: 'text' },
    { name: 'status', labelKey: 'tickets.status', type: 'select', options: enumOptions(t, STATUSES_OF[screen.direction], 'tickets.status') },
    { name: 'source', labelKey: 'tickets.source', type: 'select', options: enumOptions(t, TICKET_SOURCES, 'tickets.source') },
    { name: 'warehouseId', labelKey: 'tickets.warehouse', type: 'lookup', lookup: LOOKUPS.masterData('zones') },
    ...dateRangeFilters('tickets', { folded: true }),
  ];

  return (
    <>
      <ListPage<TicketView>
        key={screen.direction}
        route={screen.routes.list}
        columns={columns}
        filters={filters}
        onRowClick={mayOpen ? (r) => navigate(pathOf(r)) : undefined}
        actions={(query) => (
          <>
            {/* the list and its export need the same permission */}
            <ExcelToolbar query={query} export={screen.routes.export} />
            <AddButton permission={screen.permissions.create} text={t('tickets.create')} onClick={() => setCreating(true)} />
          </>
        )}
        rowActions={(r) => (
          <>
            <RowAction icon="document-open" label={t('tickets.open')} permission={screen.permissions.detail} onClick={() => navigate(pathOf(r))} />
            {r.status === 'NEW' && (
              <RowAction icon="trash" intent="danger" label={t('common.delete')} permission={screen.permissions.remove} onClick={() => void remove(r)} data-testid="delete-ticket" />
            )}
          </>
        )}
      />
      <TicketFormDialog
        screen={screen}
        isOpen={creating}
        onClose={() => setCreating(false)}
        onSaved={(ticket) => {
          void refreshList(screen.routes.list.path);
          navigate(ticketPath(ticket.direction, ticket.source, ticket.id));
        }}
      />
      {confirmElement}
    </>
  );
}
