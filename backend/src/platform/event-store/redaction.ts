import { sql, type Kysely } from 'kysely';
import { toStoredEvent } from './event-store.js';
import { eventHash } from './hash.js';

export interface Redaction {
  /** Event types whose data may hold the fields. */
  eventTypes: readonly string[];
  /** Top-level fields of their data to remove. */
  fields: readonly string[];
  /** Why, in words an auditor reads in `event_redactions` (the migration that did it). */
  reason: string;
}

/**
 * The one change the append-only log allows: removing fields that must never have been kept (a
 * password hash) from stored events, in a migration's transaction.
 *
 * How the chain stays valid: each event's hash covers its content and the hash before it in its
 * stream, so removing a field changes that event's hash and the hash of every later event of its
 * stream. Each affected stream is therefore re-chained from its first event: every event whose hash
 * changes gets its new hash and previous hash, the stream record its new last hash, and
 * `event_redactions` keeps, for every such event, its hash before and after, the fields removed from
 * it (none for an event re-hashed only because an earlier one changed), the reason and the time.
 * `audit:verify` then checks the new chain like any other, and an auditor holding hashes exported
 * before the migration finds each one mapped to its successor and the reason why.
 */
export async function redactEventFields(db: Kysely<any>, redaction: Redaction): Promise<{ redacted: number; rehashed: number }> {
  const { rows: streams } = await sql<{ stream_id: string }>`
    select distinct stream_id from events
    where type = any(${[...redaction.eventTypes]}::text[]) and data ?| ${[...redaction.fields]}::text[]`.execute(db);
  let redacted = 0;
  let rehashed = 0;
  for (const { stream_id } of streams) {
    const { rows } = await sql<any>`
      select global_position, transaction_id::text as transaction_id, stream_id, stream_type, stream_version, event_id, type,
             data, metadata, recorded_at, prev_hash, hash
      from events where stream_id = ${stream_id} order by stream_version`.execute(db);
    let prev: string | null = null;
    for (const row of rows) {
      const event = toStoredEvent(row);
      const data = event.data as Record<string, unknown>;
      const removed = redaction.eventTypes.includes(event.type) ? redaction.fields.filter((f) => f in data) : [];
      const newData = removed.length ? Object.fromEntries(Object.entries(data).filter(([k]) => !removed.includes(k))) : data;
      const hash = eventHash(prev, { ...event, data: newData });
      if (hash !== event.hash || prev !== event.prevHash) {
        await sql`update events set data = ${JSON.stringify(newData)}::jsonb, prev_hash = ${prev}, hash = ${hash}
                  where global_position = ${event.globalPosition}`.execute(db);
        await sql`insert into event_redactions (global_position, stream_id, stream_version, removed_fields, hash_before, hash_after, reason)
                  values (${event.globalPosition}, ${event.streamId}, ${event.streamVersion}, ${removed}::text[], ${event.hash}, ${hash}, ${redaction.reason})`.execute(db);
        rehashed++;
        if (removed.length) redacted++;
      }
      prev = hash;
    }
    await sql`update streams set last_hash = ${prev ?? ''} where stream_id = ${stream_id}`.execute(db);
  }
  return { redacted, rehashed };
}
