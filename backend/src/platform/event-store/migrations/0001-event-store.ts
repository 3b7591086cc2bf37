import { sql, type Kysely } from 'kysely';

/**
 * The append-only event store (one row per event, unique per stream and version, each hash chained
 * to the previous one of its stream) and the checkpoints of asynchronous processors.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table events (
      global_position bigserial primary key,
      transaction_id  xid8        not null default pg_current_xact_id(),
      stream_id       text        not null,
      stream_type     text        not null,
      stream_version  integer     not null,
      event_id        uuid        not null,
      type            text        not null,
      data            jsonb       not null,
      metadata        jsonb       not null,
      recorded_at     timestamptz not null,
      prev_hash       text,
      hash            text        not null,
      constraint events_stream_version_key unique (stream_id, stream_version)
    );
    -- the $all cursor (transaction_id, global_position)
    create index events_transaction_position on events (transaction_id, global_position);
    -- Every index costs each append (with seven, a batch append took twice as long as with three), so
    -- the system log's date filter uses a BRIN index (tiny, cheap, fits an append-only time column) and
    -- its other filters scan backwards along the primary key.
    create index events_recorded_at on events using brin (recorded_at);

    -- one row per stream: its version and the hash its next event chains to; locked while appending
    create table streams (
      stream_id   text        primary key,
      stream_type text        not null,
      version     integer     not null,
      last_hash   text        not null,
      created_at  timestamptz not null,
      updated_at  timestamptz not null
    );

    create table processor_checkpoints (
      name            text        primary key,
      transaction_id  xid8        not null,
      global_position bigint      not null,
      updated_at      timestamptz not null default now()
    );

    -- Appends events to one stream in one round trip: locks the stream row, checks the expected
    -- version, chains each event's hash to the previous one (hash = sha256(prev_hash || LF || digest),
    -- the digest of the event's content computed by the application), inserts, moves the stream on.
    -- p_expected: -1 any, -2 no stream, -3 stream exists, otherwise the exact current version.
    create function append_events(
      p_stream_id text, p_stream_type text, p_expected integer,
      p_event_ids uuid[], p_types text[], p_data jsonb[], p_digests text[],
      p_metadata jsonb, p_recorded_at timestamptz
    ) returns table (global_position bigint, transaction_id text, stream_version integer, prev_hash text, hash text)
    language plpgsql as $$
    declare
      v_version integer;
      v_hash text;
      v_exists boolean;
      v_hashes text[] := '{}';
      v_prevs text[] := '{}';
      i integer;
    begin
      select s.version, nullif(s.last_hash, '') into v_version, v_hash from streams s where s.stream_id = p_stream_id for update;
      v_exists := found;
      if not v_exists then
        if p_expected = -3 or p_expected > 0 then
          raise exception 'CONCURRENCY_CONFLICT' using errcode = 'ES409', detail = json_build_object('actual', 'no_stream')::text;
        end if;
        insert into streams (stream_id, stream_type, version, last_hash, created_at, updated_at)
        values (p_stream_id, p_stream_type, 0, '', p_recorded_at, p_recorded_at)
        on conflict on constraint streams_pkey do nothing;
        if not found then
          -- created by a concurrent append that has committed meanwhile
          raise exception 'CONCURRENCY_CONFLICT' using errcode = 'ES409', detail = json_build_object('actual', 'created concurrently')::text;
        end if;
        v_version := 0;
      elsif p_expected = -2 or (p_expected >= 0 and p_expected <> v_version) then
        raise exception 'CONCURRENCY_CONFLICT' using errcode = 'ES409', detail = json_build_object('actual', v_version)::text;
      end if;
      for i in 1 .. array_length(p_event_ids, 1) loop
        v_prevs := v_prevs || v_hash;
        v_hash := encode(sha256(convert_to(coalesce(v_hash, '') || E'\n' || p_digests[i], 'UTF8')), 'hex');
        v_hashes := v_hashes || v_hash;
      end loop;
      update streams s set version = v_version + array_length(p_event_ids, 1), last_hash = v_hash, updated_at = p_recorded_at
      where s.stream_id = p_stream_id;
      return query
        insert into events as e (stream_id, stream_type, stream_version, event_id, type, data, metadata, recorded_at, prev_hash, hash)
        select p_stream_id, p_stream_type, v_version + u.ord::integer, u.id, u.type, u.data, p_metadata, p_recorded_at, u.prev, u.hash
        from unnest(p_event_ids, p_types, p_data, v_prevs, v_hashes) with ordinality as u(id, type, data, prev, hash, ord)
        order by u.ord
        returning e.global_position, e.transaction_id::text, e.stream_version, e.prev_hash, e.hash;
    end $$;

    create table platform_secrets (
      name       text        primary key,
      value      text        not null,
      created_at timestamptz not null default now()
    );
  `.execute(db);
}
