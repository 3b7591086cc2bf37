import { sql, type Kysely } from 'kysely';

/**
 * The eight master-data catalogues in one read model (an inline projection of the MasterDataItem*
 * events). The unique indexes are the business rules, enforced atomically with the append: a name is
 * unique per catalogue ignoring case (NAME_EXISTS), so is a code: a zone id (ZONE_ID_EXISTS) or the
 * code of another catalogue (ID_EXISTS), hence two partial indexes with their own names. "Ignoring
 * case" is decided by the projection (name_key, code_key), not by lower(): lower() follows the
 * server's locale, which leaves Vietnamese capitals alone under the C locale.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table master_data_items (
      id          uuid        primary key,
      catalogue   text        not null,
      code        text        not null,
      name        text        not null,
      description text,
      -- the name and code as compared for uniqueness: Unicode NFC, lower case
      name_key    text        not null,
      code_key    text        not null,
      status      text        not null,
      version     integer     not null,
      created_at  timestamptz not null,
      updated_at  timestamptz not null
    );
    create unique index master_data_items_name_key on master_data_items (catalogue, name_key);
    create unique index master_data_items_zone_id_key on master_data_items (code_key) where catalogue = 'zones';
    create unique index master_data_items_code_key on master_data_items (catalogue, code_key) where catalogue <> 'zones';
    -- the screens' default order (name), with and without the status filter; id breaks ties between pages
    create index master_data_items_by_name on master_data_items (catalogue, name, id);
    create index master_data_items_by_status_name on master_data_items (catalogue, status, name, id);
    create index master_data_items_by_updated_at on master_data_items (catalogue, updated_at, id);
  `.execute(db);
}
