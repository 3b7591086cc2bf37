import { sql, type Kysely } from 'kysely';

/**
 * The collation `vietnamese` that lists sort text by (`inVietnameseOrder`): ICU's Vietnamese, which
 * PostgreSQL has when it is built with ICU (the embedded 18 and Debian's 15 are; so are the usual
 * packages). A server without ICU gets the C order under the same name, so that the same SQL runs,
 * and says so. After an upgrade of the ICU library PostgreSQL warns of a collation version mismatch:
 * reindex the indexes made with it, then `alter collation vietnamese refresh version`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    do $do$
    begin
      create collation vietnamese (provider = icu, locale = 'vi');
    exception when feature_not_supported then
      raise warning 'PostgreSQL without ICU (%): lists sort text in byte order, not in Vietnamese order', sqlerrm;
      create collation vietnamese from "C";
    end $do$;
  `.execute(db);
}
