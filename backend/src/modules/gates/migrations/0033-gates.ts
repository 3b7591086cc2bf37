import { sql, type Kysely } from 'kysely';

/**
 * The gates module's read models: `gate_passes` (the gate history: every pass a gate decided, kept by
 * the inline projection of GatePassDecided) and the gate tickets (`gate_tickets` with their gates and
 * items), kept by the inline projection of the gate-ticket streams. Gate ticket codes: GT and six
 * digits from their sequence.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table gate_passes (
      id            uuid        primary key,
      at            timestamptz not null,
      gate_id       uuid        not null,
      gate_code     text        not null,
      gate_name     text        not null,
      antenna       integer,
      direction     text        not null,
      epc           text        not null,
      item_kind     text        not null,
      item_id       uuid,
      item_code     text        not null,
      item_name     text,
      decision      text        not null,
      permit_kind   text,
      permit_id     uuid,
      permit_code   text,
      alert_id      uuid,
      search_key    text        not null
    );
    create index gate_passes_at on gate_passes (at desc, id);
    create index gate_passes_gate_at on gate_passes (gate_id, at desc);
    -- a product's units a permit has let out: distinct EPCs per (permit, product)
    create index gate_passes_permit_item on gate_passes (permit_id, item_id) where permit_id is not null;

    create sequence gate_ticket_code_seq;
    create table gate_tickets (
      id               uuid        primary key,
      code             text        not null unique,
      reason           text        not null,
      state            text        not null,
      valid_from       timestamptz not null,
      valid_to         timestamptz not null,
      created_by_id    uuid,
      created_by_name  text,
      decided_by_id    uuid,
      decided_by_name  text,
      decided_at       timestamptz,
      search_key       text        not null,
      version          integer     not null,
      created_at       timestamptz not null,
      updated_at       timestamptz not null
    );
    create index gate_tickets_created on gate_tickets (created_at desc, id);
    create table gate_ticket_gates (
      ticket_id  uuid not null,
      gate_id    uuid not null,
      primary key (ticket_id, gate_id)
    );
    create index gate_ticket_gates_gate on gate_ticket_gates (gate_id);
    create table gate_ticket_items (
      ticket_id   uuid    not null,
      position    integer not null,
      kind        text    not null,
      sample_id   uuid,
      product_id  uuid,
      tag_code    text,
      quantity    integer not null,
      primary key (ticket_id, position)
    );
    create index gate_ticket_items_sample on gate_ticket_items (sample_id) where sample_id is not null;
    create index gate_ticket_items_product on gate_ticket_items (product_id) where product_id is not null;
    create index gate_ticket_items_tag on gate_ticket_items (tag_code) where tag_code is not null;
  `.execute(db);
}
