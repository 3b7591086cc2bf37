import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import request from 'supertest';
import { createApp } from '@rfid/backend/app';
import { hashPassword } from '@rfid/backend/platform/auth/password-hasher';
import { verifyEventStore } from '@rfid/backend/platform/event-store/chain-verifier';
import { Platform } from '@rfid/backend/platform/platform';
import * as usersMigration0002 from '@rfid/backend/modules/users/migrations/0002-users';
import { ADMIN_GROUP_ID } from '@rfid/backend/modules/users/domain/group';
import { createTestDatabase, MODULES, testConfig, testLogger } from '@rfid/backend/testing/test-platform';

/**
 * A database made before credentials left the event log: the users module at its first migration,
 * its events holding `passwordHash` as they did then, and the users read model holding the hash.
 */
async function legacyDatabase(url: string, password: string) {
  const legacyUsers = { name: 'users', tables: ['user_groups', 'users', 'auth_sessions', 'login_failures'], migrations: { '0002-users': usersMigration0002 }, projections: [] };
  const platform = await Platform.create(testConfig(url), testLogger, [legacyUsers]);
  const userId = randomUUID();
  const firstHash = await hashPassword('first-password');
  const currentHash = await hashPassword(password);
  await platform.store.append(`user-group-${ADMIN_GROUP_ID}`, 'user-group', [
    { type: 'GroupCreated', data: { groupId: ADMIN_GROUP_ID, name: 'Administrators', description: null, permissions: ['DASHBOARD'] } },
  ]);
  await platform.store.append(`user-${userId}`, 'user', [
    { type: 'UserCreated', data: { userId, username: 'admin', fullName: 'Administrator', position: null, groupId: ADMIN_GROUP_ID, passwordHash: firstHash } },
  ]);
  await platform.store.append(`user-${userId}`, 'user', [{ type: 'UserLocked', data: { userId } }]);
  await platform.store.append(`user-${userId}`, 'user', [{ type: 'UserUnlocked', data: { userId } }]);
  await platform.store.append(`user-${userId}`, 'user', [{ type: 'UserPasswordChanged', data: { userId, passwordHash: currentHash } }]);
  await platform.store.append(`user-${userId}`, 'user', [{ type: 'UserUpdated', data: { userId, fullName: 'The Administrator', position: null, groupId: ADMIN_GROUP_ID } }]);
  const now = new Date();
  await sql`insert into user_groups (id, name, description, permissions, version, created_at, updated_at)
            values (${ADMIN_GROUP_ID}, 'Administrators', null, ${['DASHBOARD']}::text[], 1, ${now}, ${now})`.execute(platform.db);
  await sql`insert into users (id, username, full_name, position, group_id, status, password_hash, version, created_at, updated_at)
            values (${userId}, 'admin', 'The Administrator', null, ${ADMIN_GROUP_ID}, 'ACTIVE', ${currentHash}, 5, ${now}, ${now})`.execute(platform.db);
  const before = await verifyEventStore(platform.db);
  await platform.close();
  return { userId, firstHash, currentHash, before };
}

describe('the migration that takes credentials out of the event log', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let platform: Platform;
  let legacy: Awaited<ReturnType<typeof legacyDatabase>>;
  before(async () => {
    database = await createTestDatabase();
    legacy = await legacyDatabase(database.url, 'current-password');
    platform = await Platform.create(testConfig(database.url), testLogger, MODULES);
  });
  after(async () => {
    await platform.close();
    await database.drop();
  });

  it('the legacy log held the hashes, and its chain was valid', () => {
    assert.deepEqual(legacy.before.ok, true);
  });

  it('afterwards no stored event holds a password hash, and every chain verifies', async () => {
    const left = await sql<{ n: number }>`
      select count(*)::int as n from events
      where data ? 'passwordHash' or data::text like ${`%${legacy.firstHash.split('$')[5]}%`} or data::text like ${`%${legacy.currentHash.split('$')[5]}%`}`.execute(platform.db);
    assert.equal(left.rows[0]!.n, 0);
    const verified = await verifyEventStore(platform.db);
    assert.deepEqual(verified, { ok: true, events: 6, streams: 2 });
  });

  it('every re-hashed event is recorded with its hash before and after and the fields removed', async () => {
    const rows = await platform.db.selectFrom('event_redactions').selectAll().orderBy('stream_version').execute();
    assert.deepEqual(
      rows.map((r) => [r.stream_id, r.stream_version, r.removed_fields]),
      [1, 2, 3, 4, 5].map((v) => [`user-${legacy.userId}`, v, v === 1 || v === 4 ? ['passwordHash'] : []]),
    );
    const events = await platform.db.selectFrom('events').select(['stream_version', 'hash']).where('stream_id', '=', `user-${legacy.userId}`).orderBy('stream_version').execute();
    assert.deepEqual(rows.map((r) => r.hash_after), events.map((e) => e.hash));
    assert.ok(rows.every((r) => r.hash_before !== r.hash_after && /^[0-9a-f]{64}$/.test(r.hash_before)));
    const stream = await platform.db.selectFrom('streams').select('last_hash').where('stream_id', '=', `user-${legacy.userId}`).executeTakeFirstOrThrow();
    assert.equal(stream.last_hash, events.at(-1)!.hash);
  });

  it('the current hash moved to user_credentials: the user signs in with their password', async () => {
    const stored = await platform.db.selectFrom('user_credentials').select('password_hash').where('user_id', '=', legacy.userId).executeTakeFirstOrThrow();
    assert.equal(stored.password_hash, legacy.currentHash);
    const app = await createApp(platform);
    try {
      const res = await request(app.getHttpServer()).post('/api/auth/login').send({ username: 'admin', password: 'current-password' });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal((await request(app.getHttpServer()).post('/api/auth/login').send({ username: 'admin', password: 'first-password' })).status, 401);
    } finally {
      await app.close();
    }
  });
});
