import { Button, Classes, Drawer, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { API, type GateTicketDetail } from '@rfid/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { api, call } from '../../api/client';
import { useConfirm } from '../../components/ConfirmDialog';
import { DetailRow } from '../../components/DetailRow';
import { GateItemLabel } from '../../components/GateItemLabel';
import { refreshList } from '../../components/list/list-state';
import { errorMessage, showError, showSuccess } from '../../components/toasts';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { GATE_TICKETS_ENDPOINT, GateTicketFormDialog, gateTicketPath } from './GateTicketFormDialog';
import { GateTicketStateTag } from './GateTicketStateTag';

type Decision = 'approve' | 'cancel' | 'delete';

/** Each decision's confirmation, its call, its toast and its button. */
const DECISIONS: Record<Decision, { confirmKey: string; doneKey: string; intent: 'success' | 'warning' | 'danger' }> = {
  approve: { confirmKey: 'gate_tickets.approve_confirm', doneKey: 'gate_tickets.approved', intent: 'success' },
  cancel: { confirmKey: 'gate_tickets.cancel_confirm', doneKey: 'gate_tickets.canceled', intent: 'warning' },
  delete: { confirmKey: 'gate_tickets.delete_confirm', doneKey: 'gate_tickets.deleted', intent: 'danger' },
};

function ItemsTable({ ticket }: { ticket: GateTicketDetail }) {
  const { t } = useTranslation();
  return (
    <HTMLTable compact striped className="gate-ticket-item-rows" data-testid="gate-ticket-items">
      <thead>
        <tr>
          <th>{t('gate.item')}</th>
          <th className="num">{t('gate_tickets.quantity')}</th>
          <th className="num">{t('gate_tickets.passed')}</th>
        </tr>
      </thead>
      <tbody>
        {ticket.items.map((item) => (
          <tr key={`${item.kind}:${item.id ?? item.code}`}>
            <td>
              <GateItemLabel item={item} />
            </td>
            <td className="num">{formatNumber(item.quantity)}</td>
            <td className="num">
              <Tag minimal intent={item.passed >= item.quantity ? 'success' : item.passed > 0 ? 'primary' : 'none'}>{formatNumber(item.passed)}</Tag>
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

/**
 * One gate ticket beside its list: what it lets pass, where and when, how much of it has passed, and
 * the decisions the signed-in user may take on it now (`allowedActions`: edit, approve, cancel,
 * delete), each confirmed first.
 */
export function GateTicketDrawer({ ticketId, onClose }: { ticketId: string | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const [confirmElement, confirm] = useConfirm();
  // the edit dialog is the drawer's own: one opened before the drawer would show under it
  const [editing, setEditing] = useState(false);
  const { data: ticket, error, mutate } = useSWR<GateTicketDetail>(ticketId ? gateTicketPath(ticketId) : null);
  const may = (action: GateTicketDetail['allowedActions'][number]) => !!ticket?.allowedActions.includes(action);

  const refresh = async () => {
    if (!ticketId) return;
    await Promise.all([api<GateTicketDetail>(gateTicketPath(ticketId)).then((next) => mutate(next, { revalidate: false })), refreshList(GATE_TICKETS_ENDPOINT)]);
  };
  const decide = async (decision: Decision) => {
    if (!ticket) return;
    const d = DECISIONS[decision];
    if (!(await confirm({ message: t(d.confirmKey, { code: ticket.code, to: formatDateTime(ticket.validTo) }), intent: d.intent }))) return;
    try {
      await call(decision === 'delete' ? API.gateTickets.remove : API.gateTickets[decision], { params: { id: ticket.id } });
      showSuccess(t(d.doneKey, { code: ticket.code }));
      if (decision === 'delete') {
        onClose();
        await refreshList(GATE_TICKETS_ENDPOINT);
      } else await refresh();
    } catch (err) {
      showError(err);
    }
  };

  return (
    <Drawer isOpen={!!ticketId} onClose={onClose} title={ticket ? `${t('gate_tickets.detail')} ${ticket.code}` : t('gate_tickets.detail')} icon="document" size="min(760px, 100vw)">
      <div className={`${Classes.DRAWER_BODY} reader-drawer`} data-testid="gate-ticket-drawer">
        {error ? (
          <NonIdealState icon="error" title={errorMessage(error)} />
        ) : !ticket ? (
          <Spinner className="page-spinner" />
        ) : (
          <>
            {ticket.allowedActions.length > 0 && (
              <div className="page-actions drawer-actions">
                {may('UPDATE') && <Button icon="edit" text={t('common.edit')} onClick={() => setEditing(true)} data-testid="edit-gate-ticket" />}
                {may('APPROVE') && <Button icon="tick" intent="success" text={t('gate_tickets.approve')} onClick={() => void decide('approve')} data-testid="approve-gate-ticket" />}
                {may('CANCEL') && <Button icon="disable" intent="warning" text={t('gate_tickets.cancel')} onClick={() => void decide('cancel')} data-testid="cancel-gate-ticket" />}
                {may('DELETE') && <Button icon="trash" intent="danger" text={t('common.delete')} onClick={() => void decide('delete')} data-testid="delete-gate-ticket" />}
              </div>
            )}
            <section>
              <dl className="detail-list">
                <DetailRow label={t('gate_tickets.state')}>
                  <GateTicketStateTag state={ticket.state} />
                </DetailRow>
                <DetailRow label={t('gate_tickets.reason')}>{ticket.reason}</DetailRow>
                <DetailRow label={t('gate_tickets.gates')}>{ticket.gates.map((g) => `${g.name} (${g.code})`).join(', ')}</DetailRow>
                <DetailRow label={t('gate_tickets.valid_from')}>{formatDateTime(ticket.validFrom)}</DetailRow>
                <DetailRow label={t('gate_tickets.valid_to')}>{formatDateTime(ticket.validTo)}</DetailRow>
                <DetailRow label={t('gate_tickets.created_by')}>{ticket.createdBy.name}</DetailRow>
                <DetailRow label={t('common.created_at')}>{formatDateTime(ticket.createdAt)}</DetailRow>
                <DetailRow label={t('gate_tickets.decided_by')}>{ticket.decidedBy?.name}</DetailRow>
                <DetailRow label={t('gate_tickets.decided_at')}>{formatDateTime(ticket.decidedAt)}</DetailRow>
              </dl>
            </section>
            <section>
              <h3>{t('gate_tickets.items')}</h3>
              <ItemsTable ticket={ticket} />
            </section>
          </>
        )}
      </div>
      <GateTicketFormDialog isOpen={editing} ticket={ticket} onClose={() => setEditing(false)} onSaved={() => void refresh()} />
      {confirmElement}
    </Drawer>
  );
}
