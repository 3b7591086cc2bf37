import { sql, type Kysely } from 'kysely';

/**
 * RFID tags (an inline projection of the Tag* events). The primary key of rfid_tags makes a code
 * registered once (RFID_EXISTS); tag_links holds the links in force, one row per linked tag, and its
 * two unique keys are the rule "one tag ↔ one sample", enforced atomically with the TagLinked append:
 * a tag linked twice is TAG_LINKED, a sample given a second tag SAMPLE_LINKED.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rfid_tags (
      code           text        primary key,
      state          text        not null,
      locked         boolean     not null,
      sample_id      uuid,
      sample_code    text,
      container_name text,
      container_box  text,
      container_cart text,
      version        integer     not null,
      created_at     timestamptz not null,
      updated_at     timestamptz not null
    );
    -- the list's default order, alone and with the state ("in use", "available") filter
    create index rfid_tags_by_updated_at on rfid_tags (updated_at, code);
    create index rfid_tags_by_state on rfid_tags (state, updated_at, code);

    create table tag_links (
      tag_code  text        not null,
      sample_id uuid        not null,
      linked_at timestamptz not null,
      constraint tag_links_tag_code_key primary key (tag_code),
      constraint tag_links_sample_id_key unique (sample_id)
    );
  `.execute(db);
}
