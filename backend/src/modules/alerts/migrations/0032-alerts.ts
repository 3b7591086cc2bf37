import { sql, type Kysely } from 'kysely';

/**
 * The alerts module's read models: `alerts` (every alert raised, with its alarm and disable state: the
 * gate alert logs, the alert report), `alert_configurations` (who is told of which kind of alert, and
 * how), and `alert_reminders` (how many times each configured user has been reminded of an alert still
 * active). All three are kept by inline projections of the alert and alert-configuration streams.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table alerts (
      id                uuid        primary key,
      kind              text        not null,
      at                timestamptz not null,
      gate_id           uuid,
      gate_code         text,
      gate_name         text,
      reader_host_name  text,
      antenna           integer,
      epc               text,
      item_kind         text,
      item_id           uuid,
      item_code         text,
      item_name         text,
      subject_id        text,
      subject_code      text,
      pass_id           uuid,
      alarm_on          boolean     not null,
      alarm_off_by      text,
      alarm_off_at      timestamptz,
      disabled_by       text,
      disabled_by_id    uuid,
      disabled_at       timestamptz,
      disable_reason    text,
      search_key        text        not null
    );
    -- the report and the list: newest first, by gate, by kind
    create index alerts_at on alerts (at desc, id);
    create index alerts_gate_at on alerts (gate_id, at desc);
    -- the reminders: active alerts only
    create index alerts_active on alerts (kind, at) where disabled_at is null;
    -- one alert per item per gate within the window: the last alert of an item at a gate
    create index alerts_gate_item on alerts (gate_id, epc, at desc) where kind = 'GATE';

    create table alert_configurations (
      id              uuid        primary key,
      user_id         uuid        not null,
      methods         text[]      not null,
      email           text,
      action_name     text        not null,
      function_name   text        not null,
      time_minutes    integer     not null,
      version         integer     not null,
      created_at      timestamptz not null,
      updated_at      timestamptz not null,
      -- SPEC: one configuration per user and function ("This user's notification configuration already exists")
      constraint alert_configurations_user_function_key unique (user_id, function_name)
    );
    create index alert_configurations_function on alert_configurations (function_name);

    create table alert_reminders (
      alert_id  uuid        not null,
      user_id   uuid        not null,
      round     integer     not null,
      at        timestamptz not null,
      primary key (alert_id, user_id)
    );
  `.execute(db);
}
