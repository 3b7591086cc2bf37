import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { IntegrationLogEntry, ReaderCreated } from '@rfid/contracts';
import { IntegrationLog } from '@rfid/backend/modules/readers/integration-log/integration-log';
import type { TestApp } from '@rfid/backend/testing/test-app';
import { waitFor } from '@rfid/backend/testing/wait-for';
import WebSocket from 'ws';
import { connectReader, createAppWithBroker, registerReader } from './reader-fixtures.js';

const WRONG_TRIES = 30;

/**
 * The broker's sign-in is no cheaper to attack than the web's: wrong passwords are throttled per
 * username and address (and per address) with the web sign-in's rules and settings, before any password
 * is hashed; the refusals of one address are one row a minute and a count, not one row each; a username
 * longer than any reader's code is refused without being kept whole; and MQTT over WebSocket takes no
 * frame larger than the MQTT packet limit before anyone signed in.
 */
describe('MQTT sign-in under attack', () => {
  let t: TestApp;
  let admin: string;
  let url: string;
  let reader: ReaderCreated;

  before(async () => {
    ({ t, url } = await createAppWithBroker({ mqttWebSocket: true, loginMaxFailures: 5, loginMaxFailuresPerAddress: 20 }));
    await t.app.listen(0, '127.0.0.1');
    admin = await t.adminToken();
    reader = await registerReader(t, admin, { code: 'GUESSED', kind: 'FIXED' });
  });
  after(() => t.close());

  const refusals = async () => {
    await t.app.get(IntegrationLog).flush(true);
    return ((await t.api(admin).get('/api/integration-logs').query({ outcome: 'REJECTED', readerId: reader.reader.id, size: 50 }).expect(200)).body.data as IntegrationLogEntry[]).reverse();
  };

  it('wrong passwords are throttled before hashing, and logged as a row a minute and a count', async () => {
    const started = Date.now();
    for (let i = 0; i < WRONG_TRIES; i++) await assert.rejects(connectReader(url, 'GUESSED', `wrong-${i}`));
    // throttled now: the right password is refused too, until the lock time passes
    await assert.rejects(connectReader(url, reader.credentials.username, reader.credentials.password));
    const minutes = Math.floor(Date.now() / 60_000) - Math.floor(started / 60_000) + 1;
    const rows = await refusals();
    const total = (reason: string) => rows.filter((r) => r.reason === reason).reduce((n, r) => n + (r.count ?? 1), 0);
    // 5 wrong passwords made the lock; the other 25, and the right one, met it without being hashed
    assert.equal(total('unknown username or wrong password'), 5);
    assert.equal(total('too many failed sign-ins from this address: try again later'), WRONG_TRIES - 5 + 1);
    // per reason and minute: the first as it came, and one row counting the others
    assert.ok(rows.length <= 2 * 2 * minutes, `${rows.length} rows for ${WRONG_TRIES + 1} refusals`);
  });

  it('a username longer than any code is refused and kept short', async () => {
    const long = 'X'.repeat(3000);
    await assert.rejects(connectReader(url, long, 'whatever', { clientId: 'someone' }));
    await t.app.get(IntegrationLog).flush(true);
    const rows = (await t.api(admin).get('/api/integration-logs').query({ outcome: 'REJECTED', q: 'a username of 3000 characters' }).expect(200)).body.data as IntegrationLogEntry[];
    assert.equal(rows.length, 1);
    assert.ok((rows[0]!.readerCode ?? '').length <= 100);
  });

  it('MQTT over WebSocket refuses a frame over the packet limit before sign-in', async () => {
    const port = (t.http.address() as AddressInfo).port;
    const limit = t.platform.config.mqttMaxPayloadBytes * 4 + 64 * 1024;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/mqtt`, 'mqtt');
    await new Promise<void>((resolve, reject) => (ws.once('open', () => resolve()), ws.once('error', reject)));
    let closedWith: number | undefined;
    ws.once('close', (code) => (closedWith = code));
    ws.send(Buffer.alloc(limit + 1));
    // 1009: message too big
    assert.equal(await waitFor('the connection closed', () => closedWith), 1009);
    ws.terminate();
  });
});
