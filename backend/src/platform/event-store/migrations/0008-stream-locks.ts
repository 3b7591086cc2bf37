import { sql, type Kysely } from 'kysely';

/**
 * lock_streams(ids): the lock a command holds on the streams it decides on, until its transaction
 * ends. Advisory locks keyed by the 64-bit hash of each stream id, taken in ascending key order (the
 * same order for every caller, so two commands never wait on each other in a circle), duplicates
 * once. A stream that does not exist yet can be locked too: its creation is a command like any other.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function lock_streams(p_stream_ids text[]) returns void language plpgsql as $$
    declare
      v_key bigint;
    begin
      for v_key in select distinct hashtextextended(id, 0) as k from unnest(p_stream_ids) as id order by k loop
        perform pg_advisory_xact_lock(v_key);
      end loop;
    end $$;
  `.execute(db);
}
