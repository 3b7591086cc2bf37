import { sql, type Kysely } from 'kysely';

/**
 * The event log's indexes for reading a record's journey from the events of other streams that name it
 * (the samples module's sample journey, through eventLog()): the tickets that moved it
 * (and their code, direction, creator, warehouse), the gates it passed, the stocktakes that expected or
 * moved it (and how they closed). Partial indexes, so every other append pays nothing for them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index events_ticket_sample_moves on events using gin ((coalesce(data->'samples', data->'reversed'->'samples')) jsonb_path_ops)
      where type in ('TicketClosed', 'TicketRolledBack');
    create index events_ticket_fields on events ((data->>'ticketId'), global_position)
      where type in ('TicketCreated', 'TicketUpdated');
    create index events_gate_passes_by_item on events ((data->'item'->>'id'), global_position)
      where type = 'GatePassDecided';
    create index events_stocktake_expected on events using gin ((data->'lines') jsonb_path_ops)
      where type = 'StocktakeExpectedTaken';
    create index events_stocktake_moved on events using gin ((data->'corrections'->'moved') jsonb_path_ops)
      where type = 'StocktakeClosed';
    create index events_stocktake_closed on events ((data->>'stocktakeId'))
      where type = 'StocktakeClosed';
  `.execute(db);
}
