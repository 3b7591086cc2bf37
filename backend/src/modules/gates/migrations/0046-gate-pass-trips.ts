import { sql, type Kysely } from 'kysely';

/** A tag's passes in time: whether it came back in since a permit let it out (a permit is used once per trip). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index gate_passes_epc_at on gate_passes (epc, at desc)`.execute(db);
}
