import { sql, type Kysely } from 'kysely';

/**
 * The tickets module's read models, all kept by its inline projection from the ticket streams:
 * `tickets` and `ticket_lines` (the lists and detail pages, with planned, draft and actual quantities),
 * `ticket_apart` (tags scanned but not counted), `stock_movements` (what closed tickets moved: the
 * stock, and the stock as of any moment, is their sum), `sample_whereabouts` (each sample in the
 * sample room or out on a ticket) with `sample_moves` (its history, which a rollback goes back along).
 * Ticket codes: IT / ET and six digits from their sequences.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create sequence import_ticket_code_seq;
    create sequence export_ticket_code_seq;

    create table tickets (
      id               uuid        primary key,
      code             text        not null,
      direction        text        not null,
      source           text        not null,
      flow             text        not null,
      approval         text,
      status           text        not null,
      warehouse_id     uuid        not null,
      supplier_id      uuid,
      po_number        text,
      allowed_gate_id  uuid,
      equipment_id     uuid,
      note             text,
      created_by_id    uuid,
      created_by_name  text,
      approved_by_id   uuid,
      approved_by_name text,
      approved_at      timestamptz,
      scanning         jsonb,
      planned_total    integer     not null default 0,
      draft_total      integer     not null default 0,
      actual_total     integer     not null default 0,
      apart_total      integer     not null default 0,
      search_key       text        not null,
      deleted_at       timestamptz,
      version          integer     not null,
      created_at       timestamptz not null,
      updated_at       timestamptz not null
    );
    create unique index tickets_code_key on tickets (code);
    create index tickets_list on tickets (direction, created_at desc) where deleted_at is null;
    create index tickets_status on tickets (direction, status) where deleted_at is null;

    create table ticket_lines (
      ticket_id  uuid    not null,
      key        text    not null,
      product_id uuid,
      sample_id  uuid,
      planned    integer not null,
      draft      integer not null default 0,
      actual     integer not null default 0,
      position   integer not null,
      primary key (ticket_id, key)
    );
    create index ticket_lines_product on ticket_lines (product_id) where product_id is not null;

    create table ticket_apart (
      ticket_id uuid        not null,
      step      text        not null,
      epc       text        not null,
      reason    text        not null,
      key       text,
      units     integer     not null,
      at        timestamptz not null,
      primary key (ticket_id, step, epc)
    );

    create table stock_movements (
      id           bigserial   primary key,
      ticket_id    uuid        not null,
      product_id   uuid        not null,
      warehouse_id uuid        not null,
      quantity     integer     not null,
      at           timestamptz not null
    );
    create index stock_movements_at on stock_movements (product_id, warehouse_id, at);
    create index stock_movements_ticket on stock_movements (ticket_id);

    create table sample_whereabouts (
      sample_id uuid        primary key,
      state     text        not null,
      zone_id   uuid,
      ticket_id uuid,
      since     timestamptz not null
    );

    create table sample_moves (
      id             bigserial   primary key,
      sample_id      uuid        not null,
      ticket_id      uuid        not null,
      from_state     text,
      from_zone_id   uuid,
      from_ticket_id uuid,
      to_state       text        not null,
      at             timestamptz not null
    );
    create index sample_moves_ticket on sample_moves (ticket_id, sample_id, id desc);
  `.execute(db);
}
