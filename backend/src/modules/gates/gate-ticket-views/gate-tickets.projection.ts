import type { Tx } from '../../../platform/database/database.js';
import { searchKey } from '../../../platform/database/vietnamese-text.js';
import { registerConstraintErrors } from '../../../platform/errors/constraint-errors.js';
import type { StoredEvent } from '../../../platform/event-store/types.js';
import type { InlineProjection } from '../../../platform/projections/inline-projections.js';
import type { GateTicketEvent, GateTicketFields } from '../gates.events.js';
import { versionStamp, codeOf } from '../../../platform/projections/projection-rows.js';

registerConstraintErrors({ gate_tickets_code_key: 'CONCURRENCY_CONFLICT' });

type Of<T extends GateTicketEvent['type']> = StoredEvent<Extract<GateTicketEvent, { type: T }>['data']>;

function columns(code: string, f: GateTicketFields) {
  return { reason: f.reason, valid_from: new Date(f.validFrom), valid_to: new Date(f.validTo), search_key: searchKey(code, f.reason) };
}

/** The ticket's gates and items, replaced as a whole (an update is a full replace). */
async function writeLists(tx: Tx, ticketId: string, f: GateTicketFields): Promise<void> {
  await tx.deleteFrom('gate_ticket_gates').where('ticket_id', '=', ticketId).execute();
  await tx.deleteFrom('gate_ticket_items').where('ticket_id', '=', ticketId).execute();
  await tx.insertInto('gate_ticket_gates').values(f.gateIds.map((gate_id) => ({ ticket_id: ticketId, gate_id }))).execute();
  await tx
    .insertInto('gate_ticket_items')
    .values(
      f.items.map((i, position) => ({
        ticket_id: ticketId,
        position,
        kind: i.kind,
        sample_id: i.kind === 'SAMPLE' ? i.sampleId : null,
        product_id: i.kind === 'PRODUCT' ? i.productId : null,
        tag_code: i.kind === 'TAG' ? i.tagCode : null,
        quantity: i.kind === 'PRODUCT' ? i.quantity : 1,
      })),
    )
    .execute();
}

async function decided(tx: Tx, e: Of<'GateTicketApproved' | 'GateTicketCanceled'>, state: 'APPROVED' | 'CANCELED'): Promise<void> {
  await tx
    .updateTable('gate_tickets')
    .set({ state, decided_by_id: e.data.by.id, decided_by_name: e.data.by.name, decided_at: e.recordedAt, ...versionStamp(e) })
    .where('id', '=', e.data.ticketId)
    .execute();
}

/**
 * `gate_tickets` (its unique code: a second ticket with one code is a conflict), `gate_ticket_gates`
 * and `gate_ticket_items`, from the gate-ticket streams in the append's transaction. A deleted
 * ticket's rows go; its stream stays.
 */
export const gateTicketsProjection: InlineProjection = {
  name: 'gate-tickets',
  tables: ['gate_tickets', 'gate_ticket_gates', 'gate_ticket_items'],
  handlers: {
    GateTicketCreated: async (tx, e: Of<'GateTicketCreated'>) => {
      const d = e.data;
      await tx
        .insertInto('gate_tickets')
        .values({
          id: d.ticketId,
          code: d.code,
          state: 'CREATED',
          ...columns(d.code, d.fields),
          created_by_id: d.createdBy.id,
          created_by_name: d.createdBy.name,
          decided_by_id: null,
          decided_by_name: null,
          decided_at: null,
          created_at: e.recordedAt,
          ...versionStamp(e),
        })
        .execute();
      await writeLists(tx, d.ticketId, d.fields);
    },
    GateTicketUpdated: async (tx, e: Of<'GateTicketUpdated'>) => {
      const { ticketId, fields } = e.data;
      // the search key holds the code, which the event does not carry
      const code = await codeOf(tx, 'gate_tickets', ticketId);
      await tx.updateTable('gate_tickets').set({ ...columns(code, fields), ...versionStamp(e) }).where('id', '=', ticketId).execute();
      await writeLists(tx, ticketId, fields);
    },
    GateTicketApproved: (tx, e: Of<'GateTicketApproved'>) => decided(tx, e, 'APPROVED'),
    GateTicketCanceled: (tx, e: Of<'GateTicketCanceled'>) => decided(tx, e, 'CANCELED'),
    GateTicketDeleted: async (tx, e: Of<'GateTicketDeleted'>) => {
      const { ticketId } = e.data;
      await tx.deleteFrom('gate_ticket_gates').where('ticket_id', '=', ticketId).execute();
      await tx.deleteFrom('gate_ticket_items').where('ticket_id', '=', ticketId).execute();
      await tx.deleteFrom('gate_tickets').where('id', '=', ticketId).execute();
    },
  },
};
