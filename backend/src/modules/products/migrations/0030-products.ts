import { sql, type Kysely } from 'kysely';

/**
 * The products read model (an inline projection of the Product* events) and the product tags (of the
 * rfid module's TagLinkedToProduct / TagUnlinkedFromProduct). The code is unique among products
 * (PRODUCT_EXISTS), so is a GTIN (GTIN_EXISTS), atomically with the append. A tag is linked to one
 * product at a time (its code is the key of product_tags).
 *
 * Codes the system makes: 'PR' and a number from product_code_seq, six digits at least, skipping a
 * code a user has already given to a product.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create sequence product_code_seq;

    create table products (
      id               uuid        primary key,
      code             text        not null,
      name             text        not null,
      unit             text,
      quantity_per_box integer     not null check (quantity_per_box >= 1),
      supplier_id      uuid,
      gtin             text,
      status           text        not null,
      -- what the list's text search compares (vietnamese-text): code, name and GTIN
      search_key       text        not null,
      version          integer     not null,
      created_at       timestamptz not null,
      updated_at       timestamptz not null
    );
    create unique index products_code_key on products (code);
    create unique index products_gtin_key on products (gtin) where gtin is not null;
    create index products_by_updated_at on products (updated_at, id);
    create index products_by_created_at on products (created_at, id);
    create index products_by_code on products (code collate vietnamese, id);
    create index products_by_name on products (name collate vietnamese, id);
    create index products_by_quantity_per_box on products (quantity_per_box, id);
    create index products_by_supplier on products (supplier_id, updated_at, id);

    create table product_tags (
      tag_code   text        primary key,
      product_id uuid        not null,
      box        boolean     not null,
      linked_at  timestamptz not null
    );
    create index product_tags_by_product on product_tags (product_id);

    create function next_product_code() returns text language plpgsql as $$
    declare
      v_n bigint;
      v_code text;
    begin
      loop
        v_n := nextval('product_code_seq');
        v_code := 'PR' || case when v_n < 1000000 then lpad(v_n::text, 6, '0') else v_n::text end;
        exit when not exists (select 1 from products p where p.code = v_code);
      end loop;
      return v_code;
    end $$;
  `.execute(db);
}
