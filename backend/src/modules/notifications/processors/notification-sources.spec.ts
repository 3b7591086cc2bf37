import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Tx } from '../../../platform/database/database.js';
import type { StoredEvent } from '../../../platform/event-store/types.js';
import { NOTIFICATION_SOURCES } from './notification-sources.js';

function event(type: string, data: unknown, actorName: string | null): StoredEvent {
  return {
    globalPosition: 1,
    transactionId: '1',
    streamId: 'user-u1',
    streamType: 'user',
    streamVersion: 2,
    eventId: '00000000-0000-4000-8000-000000000001',
    type,
    data,
    metadata: { actor: { kind: actorName ? 'user' : 'system', id: null, name: actorName }, correlationId: 'c', causationId: null, source: 'http', clientIp: null },
    recordedAt: new Date(0),
    prevHash: null,
    hash: 'h',
  };
}

const noTx = undefined as unknown as Tx;

// GroupPermissionsAssigned looks its recipients up in the database: test/api/notifications.spec.ts covers it.
describe('notification sources', () => {
  it('a password change, a lock and an unlock notify the user they happened to, naming who did it', async () => {
    assert.deepEqual(await NOTIFICATION_SOURCES.UserPasswordChanged!(event('UserPasswordChanged', { userId: 'u1', passwordHash: 'x' }, 'admin'), noTx), [
      { userId: 'u1', messageKey: 'PASSWORD_CHANGED', params: { by: 'admin' } },
    ]);
    assert.deepEqual(await NOTIFICATION_SOURCES.UserLocked!(event('UserLocked', { userId: 'u1' }, 'boss'), noTx), [
      { userId: 'u1', messageKey: 'ACCOUNT_LOCKED', params: { by: 'boss' } },
    ]);
    assert.deepEqual(await NOTIFICATION_SOURCES.UserUnlocked!(event('UserUnlocked', { userId: 'u1' }, null), noTx), [
      { userId: 'u1', messageKey: 'ACCOUNT_UNLOCKED', params: { by: 'system' } },
    ]);
  });
});
