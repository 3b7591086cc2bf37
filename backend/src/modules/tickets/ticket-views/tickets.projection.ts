import { TICKET_FIELDS, ticketStatusOf, type ApprovalState, type TicketDirection, type TicketFlow } from '@rfid/contracts';
import { sql } from 'kysely';
import type { Tx } from '../../../platform/database/database.js';
import { searchKey } from '../../../platform/database/vietnamese-text.js';
import { rowOf, searchedTexts } from '../../../platform/entity-fields/entity-columns.js';
import { registerConstraintErrors } from '../../../platform/errors/constraint-errors.js';
import type { EventMetadata, StoredEvent } from '../../../platform/event-store/types.js';
import type { InlineProjection } from '../../../platform/projections/inline-projections.js';
import type { CountedTag, PlannedLine, ScanStep, TicketEvent } from '../tickets.events.js';
import { versionStamp, codeOf } from '../../../platform/projections/projection-rows.js';

registerConstraintErrors({ tickets_code_key: 'CONCURRENCY_CONFLICT' });

type Of<T extends TicketEvent['type']> = StoredEvent<Extract<TicketEvent, { type: T }>['data']>;
const quantityColumn = (step: ScanStep) => (step === 'PREPARING' ? 'draft' : 'actual');

async function directionOf(tx: Tx, ticketId: string): Promise<TicketDirection> {
  const row = await tx.selectFrom('tickets').select('direction').where('id', '=', ticketId).executeTakeFirstOrThrow();
  return row.direction as TicketDirection;
}

async function writeLines(tx: Tx, ticketId: string, lines: PlannedLine[]): Promise<void> {
  // the scanned quantities stay with their lines; a line taken off the ticket goes
  await tx.deleteFrom('ticket_lines').where('ticket_id', '=', ticketId).where('key', 'not in', lines.length ? lines.map((l) => l.key) : ['']).execute();
  for (const [position, l] of lines.entries()) {
    await tx
      .insertInto('ticket_lines')
      .values({ ticket_id: ticketId, key: l.key, product_id: l.productId, sample_id: l.sampleId, planned: l.planned, position })
      .onConflict((oc) => oc.columns(['ticket_id', 'key']).doUpdateSet({ planned: l.planned, position }))
      .execute();
  }
}

/** The ticket's totals, from its lines and its apart list. */
async function retotal(tx: Tx, ticketId: string, e: StoredEvent): Promise<void> {
  await sql`
    update tickets t set
      planned_total = coalesce((select sum(planned) from ticket_lines l where l.ticket_id = t.id), 0),
      draft_total = coalesce((select sum(draft) from ticket_lines l where l.ticket_id = t.id), 0),
      actual_total = coalesce((select sum(actual) from ticket_lines l where l.ticket_id = t.id), 0),
      apart_total = (select count(*) from ticket_apart a where a.ticket_id = t.id),
      version = ${e.streamVersion}, updated_at = ${e.recordedAt}
    where t.id = ${ticketId}`.execute(tx);
}

/** Adds counted units to their lines; a line the ticket did not have (an accepted tag of another product) is added, planned 0. */
async function count(tx: Tx, ticketId: string, step: ScanStep, counted: CountedTag[]): Promise<void> {
  const byKey = new Map<string, number>();
  for (const c of counted) byKey.set(c.key, (byKey.get(c.key) ?? 0) + c.units);
  const column = quantityColumn(step);
  for (const [key, units] of byKey) {
    const { numUpdatedRows } = await tx
      .updateTable('ticket_lines')
      .set((eb) => ({ [column]: eb(column, '+', units) }))
      .where('ticket_id', '=', ticketId)
      .where('key', '=', key)
      .executeTakeFirst();
    if (numUpdatedRows === 0n) {
      const position = await tx.selectFrom('ticket_lines').select((eb) => eb.fn.countAll<number>().as('n')).where('ticket_id', '=', ticketId).executeTakeFirstOrThrow();
      await tx
        .insertInto('ticket_lines')
        .values({
          ticket_id: ticketId,
          key,
          product_id: key.startsWith('product:') ? key.slice(8) : null,
          sample_id: key.startsWith('sample:') ? key.slice(7) : null,
          planned: 0,
          [column]: units,
          position: Number(position.n),
        })
        .execute();
    }
  }
}

async function setFlow(tx: Tx, ticketId: string, flow: TicketFlow, approval: ApprovalState | null, e: StoredEvent, extra: Record<string, unknown> = {}): Promise<void> {
  const direction = await directionOf(tx, ticketId);
  await tx
    .updateTable('tickets')
    .set({ flow, approval, status: ticketStatusOf(direction, flow, approval), scanning: null, ...extra, ...versionStamp(e) })
    .where('id', '=', ticketId)
    .execute();
}

/**
 * `tickets`, `ticket_lines` and `ticket_apart`, from the ticket streams, in the append's transaction: a
 * page reads its own action at once.
 */
export const ticketsProjection: InlineProjection = {
  name: 'tickets',
  tables: ['tickets', 'ticket_lines', 'ticket_apart'],
  handlers: {
    TicketCreated: async (tx, e: Of<'TicketCreated'>) => {
      const d = e.data;
      const actor = (e.metadata as EventMetadata).actor;
      await tx
        .insertInto('tickets')
        .values({
          id: d.ticketId,
          code: d.code,
          direction: d.direction,
          source: d.source,
          flow: 'NEW',
          approval: d.direction === 'EXPORT' ? 'CREATED' : null,
          status: 'NEW',
          ...rowOf(TICKET_FIELDS, d.fields),
          created_by_id: d.createdBy.id ?? (actor?.id || null),
          created_by_name: d.createdBy.name ?? actor?.name ?? null,
          approved_by_id: null,
          approved_by_name: null,
          approved_at: null,
          scanning: null,
          search_key: searchKey(d.code, ...searchedTexts(TICKET_FIELDS, d.fields)),
          deleted_at: null,
          created_at: e.recordedAt,
          ...versionStamp(e),
        })
        .execute();
      await writeLines(tx, d.ticketId, d.lines);
      await retotal(tx, d.ticketId, e);
    },
    TicketUpdated: async (tx, e: Of<'TicketUpdated'>) => {
      const { ticketId, fields } = e.data;
      const code = await codeOf(tx, 'tickets', ticketId);
      await tx
        .updateTable('tickets')
        .set({
          ...rowOf(TICKET_FIELDS, fields),
          search_key: searchKey(code, ...searchedTexts(TICKET_FIELDS, fields)),
        })
        .where('id', '=', ticketId)
        .execute();
      await writeLines(tx, ticketId, e.data.lines);
      await retotal(tx, ticketId, e);
    },
    TicketDeleted: async (tx, e: Of<'TicketDeleted'>) => {
      await tx.updateTable('tickets').set({ deleted_at: e.recordedAt, ...versionStamp(e) }).where('id', '=', e.data.ticketId).execute();
    },
    TicketMoved: async (tx, e: Of<'TicketMoved'>) => {
      const d = e.data;
      const actor = (e.metadata as EventMetadata).actor;
      const approved = d.action === 'approve' ? { approved_by_id: actor?.id || null, approved_by_name: actor?.name ?? null, approved_at: e.recordedAt } : {};
      const reopened = d.action === 'submit' ? { approved_by_id: null, approved_by_name: null, approved_at: null } : {};
      await setFlow(tx, d.ticketId, d.to, d.approval, e, { ...approved, ...reopened });
    },
    TicketClosed: async (tx, e: Of<'TicketClosed'>) => {
      const { ticketId } = e.data;
      const approval = await tx.selectFrom('tickets').select('approval').where('id', '=', ticketId).executeTakeFirstOrThrow();
      await setFlow(tx, ticketId, 'DONE', approval.approval as ApprovalState | null, e);
    },
    TicketRolledBack: async (tx, e: Of<'TicketRolledBack'>) => {
      const d = e.data;
      const approvedCleared = d.approval !== 'APPROVED' ? { approved_by_id: null, approved_by_name: null, approved_at: null } : {};
      await setFlow(tx, d.ticketId, d.to, d.approval, e, approvedCleared);
      if (d.discarded) {
        const column = quantityColumn(d.discarded.step);
        await tx.updateTable('ticket_lines').set({ [column]: 0 }).where('ticket_id', '=', d.ticketId).execute();
        await tx.deleteFrom('ticket_apart').where('ticket_id', '=', d.ticketId).where('step', '=', d.discarded.step).execute();
        // lines an accepted tag added (planned 0) go with the scans that added them
        await tx.deleteFrom('ticket_lines').where('ticket_id', '=', d.ticketId).where('planned', '=', 0).where('draft', '=', 0).where('actual', '=', 0).execute();
      }
      await retotal(tx, d.ticketId, e);
    },
    TicketScanningStarted: async (tx, e: Of<'TicketScanningStarted'>) => {
      await tx
        .updateTable('tickets')
        .set({ scanning: JSON.stringify({ step: e.data.step, readerIds: e.data.readerIds }) as never, ...versionStamp(e) })
        .where('id', '=', e.data.ticketId)
        .execute();
    },
    TicketScanningStopped: async (tx, e: Of<'TicketScanningStopped'>) => {
      await tx.updateTable('tickets').set({ scanning: null, ...versionStamp(e) }).where('id', '=', e.data.ticketId).execute();
    },
    TicketTagsScanned: async (tx, e: Of<'TicketTagsScanned'>) => {
      const d = e.data;
      await count(tx, d.ticketId, d.step, d.counted);
      if (d.apart.length) {
        await tx
          .insertInto('ticket_apart')
          .values(d.apart.map((a) => ({ ticket_id: d.ticketId, step: d.step, epc: a.epc, reason: a.reason, key: a.key, units: a.units, at: e.recordedAt })))
          .execute();
      }
      await retotal(tx, d.ticketId, e);
    },
    TicketApartDecided: async (tx, e: Of<'TicketApartDecided'>) => {
      const d = e.data;
      await tx.deleteFrom('ticket_apart').where('ticket_id', '=', d.ticketId).where('step', '=', d.step).where('epc', 'in', d.epcs).execute();
      await count(tx, d.ticketId, d.step, d.counted);
      await retotal(tx, d.ticketId, e);
    },
  },
};
