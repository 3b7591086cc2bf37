import { sql, type Kysely } from 'kysely';

/**
 * Each MQTT topic is one reader's (READER_TOPIC_EXISTS): a topic of a reader is also a row here, whose
 * key refuses a second reader naming it, atomically with the command (which refuses topics above or
 * below another's too). A database where two readers, or two topics of one reader, share a topic stops
 * here with them named: give one of them other topics (an edit on the gate configuration) with the
 * version before, then upgrade.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table reader_topics (topic text primary key, reader_id uuid not null, kind text not null)`.execute(db);
  const { rows } = await sql<{ topic: string; readers: string }>`
    select t.topic, string_agg(r.code || ' (' || t.kind || ')', ', ' order by r.code) as readers
    from readers r, jsonb_each_text(r.topics) as t(kind, topic)
    group by t.topic having count(*) > 1`.execute(db);
  if (rows.length) {
    throw new Error(`readers share MQTT topics: ${rows.map((r) => `${r.topic}: ${r.readers}`).join('; ')}. Give each reader topics of its own with the version before, then upgrade.`);
  }
  await sql`insert into reader_topics (topic, reader_id, kind) select t.topic, r.id, t.kind from readers r, jsonb_each_text(r.topics) as t(kind, topic)`.execute(db);
}
