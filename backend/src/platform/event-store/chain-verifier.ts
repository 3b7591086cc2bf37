import { sql } from 'kysely';
import type { Db } from '../database/database.js';
import { toStoredEvent } from './event-store.js';
import { eventHash } from './hash.js';

export type VerifyResult =
  | { ok: true; events: number; streams: number }
  | { ok: false; events: number; streamId: string; version: number | null; globalPosition: number | null; reason: string };

/**
 * Recomputes every stream's hash chain (each event's hash covers its content and the hash of the
 * event before it in its stream): an edited event, a removed or reordered one,
 * or a stream row that does not match its last event, is reported with where it is.
 */
export async function verifyEventStore(db: Db, onProgress: (events: number) => void = () => {}): Promise<VerifyResult> {
  let checked = 0;
  let streams = 0;
  let after: { streamId: string; version: number } | undefined;
  let current: { streamId: string; version: number; hash: string | null } | undefined;

  const closeStream = async (s: { streamId: string; version: number; hash: string | null }): Promise<VerifyResult | undefined> => {
    streams++;
    const row = await db.selectFrom('streams').select(['version', 'last_hash']).where('stream_id', '=', s.streamId).executeTakeFirst();
    if (!row || row.version !== s.version || row.last_hash !== s.hash) {
      return { ok: false, events: checked, streamId: s.streamId, version: s.version, globalPosition: null, reason: 'the stream record does not match its last event (events removed at the end?)' };
    }
    return undefined;
  };

  for (;;) {
    const { rows } = await sql<any>`
      select global_position, transaction_id::text as transaction_id, stream_id, stream_type, stream_version, event_id, type,
             data, metadata, recorded_at, prev_hash, hash
      from events
      ${after ? sql`where (stream_id, stream_version) > (${after.streamId}, ${after.version})` : sql``}
      order by stream_id, stream_version limit 5000`.execute(db);
    if (rows.length === 0) break;
    for (const row of rows) {
      const e = toStoredEvent(row);
      if (current && current.streamId !== e.streamId) {
        const broken = await closeStream(current);
        if (broken) return broken;
        current = undefined;
      }
      const expectedVersion = (current?.version ?? 0) + 1;
      const expectedPrev = current?.hash ?? null;
      const fail = (reason: string): VerifyResult => ({ ok: false, events: checked, streamId: e.streamId, version: e.streamVersion, globalPosition: e.globalPosition, reason });
      if (e.streamVersion !== expectedVersion) return fail(`expected version ${expectedVersion} (an event is missing or out of place)`);
      if (e.prevHash !== expectedPrev) return fail('its previous-hash does not match the event before it');
      if (eventHash(e.prevHash, e) !== e.hash) return fail('its content does not match its hash (the event was changed)');
      current = { streamId: e.streamId, version: e.streamVersion, hash: e.hash };
      checked++;
    }
    const last = rows[rows.length - 1];
    after = { streamId: last.stream_id, version: last.stream_version };
    onProgress(checked);
  }
  if (current) {
    const broken = await closeStream(current);
    if (broken) return broken;
  }
  const orphan = await sql<{ stream_id: string }>`
    select s.stream_id from streams s where not exists (select 1 from events e where e.stream_id = s.stream_id) limit 1`.execute(db);
  if (orphan.rows[0]) {
    return { ok: false, events: checked, streamId: orphan.rows[0].stream_id, version: null, globalPosition: null, reason: 'the stream has no events left' };
  }
  return { ok: true, events: checked, streams };
}
