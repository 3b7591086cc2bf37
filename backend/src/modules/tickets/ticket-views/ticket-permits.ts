import type { DbOrTx } from '../../../platform/database/database.js';

/** A ticket line that lets its item through a gate: an approved or exporting export ticket, or a receiving import ticket, naming this gate. */
export interface TicketGatePermit {
  ticketId: string;
  code: string;
  direction: 'IMPORT' | 'EXPORT';
  /** `sample:{id}` or `product:{id}`. */
  key: string;
  planned: number;
}

/** The lines of tickets that let these items (`sample:{id}`, `product:{id}`) through this gate now. */
export async function ticketGatePermits(db: DbOrTx, gateId: string, keys: readonly string[]): Promise<TicketGatePermit[]> {
  if (!keys.length) return [];
  const rows = await db
    .selectFrom('ticket_lines as l')
    .innerJoin('tickets as t', 't.id', 'l.ticket_id')
    .select(['t.id', 't.code', 't.direction', 'l.key', 'l.planned'])
    .where('t.allowed_gate_id', '=', gateId)
    .where('t.deleted_at', 'is', null)
    .where((eb) => eb.or([eb('t.status', 'in', ['APPROVED', 'EXPORTING']).and('t.direction', '=', 'EXPORT'), eb('t.status', '=', 'RECEIVING').and('t.direction', '=', 'IMPORT')]))
    .where('l.key', 'in', [...new Set(keys)])
    .execute();
  return rows.map((r) => ({ ticketId: r.id, code: r.code, direction: r.direction as 'IMPORT' | 'EXPORT', key: r.key, planned: r.planned }));
}
