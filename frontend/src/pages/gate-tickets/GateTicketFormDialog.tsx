import { apiPath, API, createGateTicketRequest, type CreateGateTicketRequest, type GateTicketDetail } from '@rfid/contracts';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { DateTimeInput } from '../../components/fields/DateTimeInput';
import { FormDialog, type CustomFieldProps, type FieldSpec } from '../../components/FormDialog';
import { showSuccess } from '../../components/toasts';
import { editedItemsOf } from './gate-ticket-items';
import { GateTicketItemsEditor } from './GateTicketItemsEditor';
import { GatesField } from './GatesField';

export const GATE_TICKETS_ENDPOINT = API.gateTickets.list.path;

/** A gate ticket's API path. */
export const gateTicketPath = (id: string): string => apiPath(API.gateTickets.detail, { id });

/** With less of today left than this, a new ticket runs to the end of tomorrow. */
const SHORTEST_DEFAULT_VALIDITY_MS = 60 * 60_000;

/**
 * A new ticket is valid from now (to the minute) to the end of today, or of tomorrow when less than an
 * hour of today is left: a range of a few minutes is of no use, and at 23:59 the end would not be after the start.
 */
function newTicketValues() {
  const from = new Date();
  from.setSeconds(0, 0);
  const to = new Date(from);
  to.setHours(23, 59, 0, 0);
  if (to.getTime() - from.getTime() < SHORTEST_DEFAULT_VALIDITY_MS) to.setDate(to.getDate() + 1);
  return { reason: '', gateIds: undefined, validFrom: from.toISOString(), validTo: to.toISOString(), items: undefined };
}

/** A saved ticket's values as the form edits them. */
function valuesOf(ticket: GateTicketDetail) {
  return { reason: ticket.reason, gateIds: ticket.gates.map((g) => g.id), validFrom: ticket.validFrom, validTo: ticket.validTo, items: editedItemsOf(ticket.items) };
}

function MomentField({ labelKey, ...p }: CustomFieldProps & { labelKey: string }) {
  const { t } = useTranslation();
  return <DateTimeInput id={p.id} value={typeof p.value === 'string' ? p.value : ''} onChange={p.onChange} label={t(labelKey)} disabled={p.disabled} intent={p.error ? 'danger' : 'none'} />;
}

/**
 * Create a gate ticket, or change one not yet approved (with the version it was read at): why, which
 * gates, from when to when, and its items. The contracts' schema checks every rule before sending (a
 * reason, a gate at least, the end after the start, an item at least, a product's quantity from 1);
 * what the server refuses lands on its field too.
 */
export function GateTicketFormDialog(props: { isOpen: boolean; ticket?: GateTicketDetail; onClose: () => void; onSaved: (saved: GateTicketDetail | undefined) => void }) {
  const { t } = useTranslation();
  const editing = props.ticket;
  const fields: FieldSpec[] = [
    { name: 'reason', labelKey: 'gate_tickets.reason', type: 'textarea', required: true },
    { name: 'gateIds', labelKey: 'gate_tickets.gates', type: 'custom', required: true, render: (p) => <GatesField {...p} /> },
    { name: 'validFrom', labelKey: 'gate_tickets.valid_from', type: 'custom', required: true, render: (p) => <MomentField {...p} labelKey="gate_tickets.valid_from" /> },
    { name: 'validTo', labelKey: 'gate_tickets.valid_to', type: 'custom', required: true, render: (p) => <MomentField {...p} labelKey="gate_tickets.valid_to" /> },
    { name: 'items', labelKey: 'gate_tickets.items', type: 'custom', required: true, render: (p) => <GateTicketItemsEditor {...p} /> },
  ];
  return (
    <FormDialog
      isOpen={props.isOpen}
      mode={editing ? 'edit' : 'add'}
      className="wide-dialog"
      title={editing ? t('gate_tickets.dialog_edit', { code: editing.code }) : t('gate_tickets.dialog_add')}
      fields={fields}
      schema={createGateTicketRequest}
      initial={editing ? valuesOf(editing) : newTicketValues()}
      onClose={props.onClose}
      onSubmit={async (body: CreateGateTicketRequest) => {
        const saved = editing
          ? await api<GateTicketDetail | undefined>(gateTicketPath(editing.id), { method: 'PUT', body: { ...body, version: editing.version } })
          : await api<GateTicketDetail | undefined>(GATE_TICKETS_ENDPOINT, { method: 'POST', body });
        showSuccess(t(editing ? 'gate_tickets.saved' : 'gate_tickets.created', { code: saved?.code ?? editing?.code ?? '' }));
        props.onSaved(saved);
      }}
    />
  );
}
