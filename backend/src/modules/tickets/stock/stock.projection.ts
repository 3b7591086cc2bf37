import type { Tx } from '../../../platform/database/database.js';
import type { StoredEvent } from '../../../platform/event-store/types.js';
import type { InlineProjection } from '../../../platform/projections/inline-projections.js';
import type { StocktakeEvent } from '../../stocktakes/stocktakes.events.js';
import type { SampleMove, StockMovement, TicketEvent } from '../tickets.events.js';

type Of<T extends TicketEvent['type']> = StoredEvent<Extract<TicketEvent, { type: T }>['data']>;

async function moveStock(tx: Tx, ticketId: string, movements: StockMovement[], sign: 1 | -1, at: Date, sourceCode: string | null = null): Promise<void> {
  if (!movements.length) return;
  await tx
    .insertInto('stock_movements')
    .values(movements.map((m) => ({ ticket_id: ticketId, product_id: m.productId, warehouse_id: m.warehouseId, quantity: sign * m.quantity, at, source_code: sourceCode })))
    .execute();
}

/** Moves samples out on the ticket, or back into its warehouse; each move remembered, so a rollback can go back along it. */
async function moveSamples(tx: Tx, ticketId: string, moves: SampleMove[], at: Date): Promise<void> {
  if (!moves.length) return;
  const warehouse = await tx.selectFrom('tickets').select('warehouse_id').where('id', '=', ticketId).executeTakeFirstOrThrow();
  for (const m of moves) {
    const before = await tx.selectFrom('sample_whereabouts').selectAll().where('sample_id', '=', m.sampleId).executeTakeFirst();
    await tx
      .insertInto('sample_moves')
      .values({ sample_id: m.sampleId, ticket_id: ticketId, from_state: before?.state ?? null, from_zone_id: before?.zone_id ?? null, from_ticket_id: before?.ticket_id ?? null, to_state: m.to, at })
      .execute();
    const row = m.to === 'OUT' ? { state: 'OUT' as const, zone_id: null, ticket_id: ticketId } : { state: 'IN' as const, zone_id: warehouse.warehouse_id, ticket_id: null };
    await tx
      .insertInto('sample_whereabouts')
      .values({ sample_id: m.sampleId, ...row, since: at })
      .onConflict((oc) => oc.column('sample_id').doUpdateSet({ ...row, since: at }))
      .execute();
  }
}

/** Takes the samples back to where this ticket found them. */
async function unmoveSamples(tx: Tx, ticketId: string, moves: SampleMove[], at: Date): Promise<void> {
  for (const m of moves) {
    const last = await tx.selectFrom('sample_moves').selectAll().where('ticket_id', '=', ticketId).where('sample_id', '=', m.sampleId).orderBy('id', 'desc').executeTakeFirst();
    if (!last) continue;
    await tx.deleteFrom('sample_moves').where('id', '=', last.id).execute();
    if (!last.from_state) {
      await tx.deleteFrom('sample_whereabouts').where('sample_id', '=', m.sampleId).execute();
      continue;
    }
    await tx
      .updateTable('sample_whereabouts')
      .set({ state: last.from_state as 'IN' | 'OUT', zone_id: last.from_zone_id, ticket_id: last.from_ticket_id, since: at })
      .where('sample_id', '=', m.sampleId)
      .execute();
  }
}

/**
 * `stock_movements`, `sample_whereabouts` and `sample_moves`: what a closed ticket moved (taken back by
 * its rollback) and a stocktake corrected, in the append's transaction.
 */
export const stockProjection: InlineProjection = {
  name: 'stock',
  tables: ['stock_movements', 'sample_whereabouts', 'sample_moves'],
  handlers: {
    TicketClosed: async (tx, e: Of<'TicketClosed'>) => {
      await moveStock(tx, e.data.ticketId, e.data.movements, 1, e.recordedAt);
      await moveSamples(tx, e.data.ticketId, e.data.samples, e.recordedAt);
    },
    // A stocktake's corrections (the stocktakes module's StocktakeClosed): samples found in another zone
    // are in the zone they were counted in; each product's stock in a zone changes by what the count
    // found more or less (a movement under the stocktake's id and code).
    StocktakeClosed: async (tx, e: StoredEvent<Extract<StocktakeEvent, { type: 'StocktakeClosed' }>['data']>) => {
      const { stocktakeId, corrections } = e.data;
      await moveStock(tx, stocktakeId, corrections.stock.map((s) => ({ productId: s.productId, warehouseId: s.zoneId, quantity: s.delta })), 1, e.recordedAt, e.data.code);
      for (const m of corrections.moved) {
        const row = { state: 'IN' as const, zone_id: m.toZoneId, ticket_id: null, since: e.recordedAt };
        await tx
          .insertInto('sample_whereabouts')
          .values({ sample_id: m.sampleId, ...row })
          .onConflict((oc) => oc.column('sample_id').doUpdateSet(row))
          .execute();
      }
    },
    TicketRolledBack: async (tx, e: Of<'TicketRolledBack'>) => {
      const { ticketId, reversed } = e.data;
      if (!reversed) return;
      await moveStock(tx, ticketId, reversed.movements, -1, e.recordedAt);
      await unmoveSamples(tx, ticketId, reversed.samples, e.recordedAt);
    },
  },
};
