import { sql, type Kysely } from 'kysely';
import { redactEventFields } from '../../../platform/event-store/redaction.js';

/**
 * Credentials leave the event log. A password hash is a secret, and the log is replayed, searched and
 * exported by auditors: events now say only that a password was set or changed (who and when are the
 * event's metadata), and the hash lives in `user_credentials`, which this module alone reads.
 * The hashes already stored move there from the users read model, and are removed from the stored
 * `UserCreated` and `UserPasswordChanged` events, re-chaining those streams (redactEventFields).
 * User groups gain a status: a locked group's members cannot sign in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table user_credentials (
      user_id       uuid        primary key,
      password_hash text        not null,
      updated_at    timestamptz not null
    );
    insert into user_credentials (user_id, password_hash, updated_at) select id, password_hash, updated_at from users;
    alter table users drop column password_hash;
    alter table user_groups add column status text not null default 'ACTIVE';
  `.execute(db);
  await redactEventFields(db, {
    eventTypes: ['UserCreated', 'UserPasswordChanged'],
    fields: ['passwordHash'],
    reason: 'migration 0010-user-credentials: password hashes moved out of the event log into user_credentials',
  });
}
