import { apiPath, API, createGateTicketRequest, GATE_TICKET_FIELDS, type CreateGateTicketRequest, type GateTicketDetail } from '@rfid/contracts';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useFieldViews } from '../../components/fields/field-views';
import { FormDialog, type FieldSpec } from '../../components/FormDialog';
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


/**
 * Create a gate ticket, or change one not yet approved (with the version it was read at): why, which
 * gates, from when to when, and its items. The contracts' schema checks every rule before sending (a
 * reason, a gate at least, the end after the start, an item at least, a product's quantity from 1);
 * what the server refuses lands on its field too.
 */
export function GateTicketFormDialog(props: { isOpen: boolean; ticket?: GateTicketDetail; onClose: () => void; onSaved: (saved: GateTicketDetail | undefined) => void }) {
  const { t } = useTranslation();
  const editing = props.ticket;
  const { formFields, formValues } = useFieldViews<GateTicketDetail, typeof GATE_TICKET_FIELDS>(GATE_TICKET_FIELDS, { editors: { gateIds: (p) => <GatesField {...p} /> } });
  // the items are the ticket's lines, edited after its fields
  const fields: FieldSpec[] = [...formFields, { name: 'items', labelKey: 'gate_tickets.items', type: 'custom', required: true, render: (p) => <GateTicketItemsEditor {...p} /> }];
  return (
    <FormDialog
      isOpen={props.isOpen}
      mode={editing ? 'edit' : 'add'}
      className="wide-dialog"
      title={editing ? t('gate_tickets.dialog_edit', { code: editing.code }) : t('gate_tickets.dialog_add')}
      fields={fields}
      schema={createGateTicketRequest}
      initial={editing ? { ...formValues(editing), items: editedItemsOf(editing.items) } : newTicketValues()}
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
