import { sql, type Kysely } from 'kysely';

/**
 * What each reader reads for now (a ticket's scanning, a stocktake, a quick count): one row per reader,
 * whose key refuses a second holder atomically with the command that claims it, kept in the database so
 * that every server routes a reader's reads the same way. The modules that hold claims restore theirs at
 * start (`ReaderClaims.restore`), the tickets scanning and stocktakes counting when this runs too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table reader_claims (
    reader_id uuid primary key,
    holder_kind text not null,
    holder_id text not null,
    claimed_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index reader_claims_holder on reader_claims (holder_kind, holder_id)`.execute(db);
}
