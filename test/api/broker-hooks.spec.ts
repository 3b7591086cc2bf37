import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { BROKER_HOOK_SECRET_HEADER, type ReaderCreated } from '@rfid/contracts';
import type { TestApp } from '@rfid/backend/testing/test-app';
import { registerReader } from './reader-fixtures.js';
import { suiteApp } from './suite-app.js';

/**
 * An external broker that asks the back-office over HTTP (EMQX's HTTP authentication and authorization):
 * a reader signs in with its code, its issued password and a client id of its own, and uses only its own
 * topics; the back-office's own client may do anything; and nobody but the broker (its secret) is answered.
 */
describe('an external broker’s HTTP hooks', () => {
  let t: TestApp;
  let admin: string;
  let gate: ReaderCreated;
  let other: ReaderCreated;
  suiteApp({ config: { mqttHookSecret: 'hook-secret', mqttUsername: 'rfid-backoffice', mqttPassword: 'bo-password' } }, (app) => ({ t, admin } = app));
  before(async () => {
    gate = await registerReader(t, admin, { code: 'GATE-HOOK', kind: 'GATE' });
    other = await registerReader(t, admin, { code: 'GATE-OTHER', kind: 'GATE' });
  });

  const hook = (path: 'authenticate' | 'authorize', body: object, secret: string | null = 'hook-secret') => {
    const call = t.api().post(`/api/mqtt/${path}`).send(body);
    return secret === null ? call : call.set(BROKER_HOOK_SECRET_HEADER, secret);
  };

  it('answers only the broker: no secret, or another, is 403 FORBIDDEN', async () => {
    const body = { username: 'GATE-HOOK', password: gate.credentials.password, clientid: 'GATE-HOOK' };
    for (const secret of [null, 'guess']) {
      const res = await hook('authenticate', body, secret);
      assert.deepEqual([res.status, res.body.code], [403, 'FORBIDDEN']);
    }
    const res = await hook('authorize', { username: 'GATE-HOOK', topic: gate.reader.topics.events, action: 'publish' }, 'guess');
    assert.equal(res.status, 403);
  });

  it('lets a reader in with its issued password and a client id of its own, and nobody else', async () => {
    const answer = async (body: object) => (await hook('authenticate', body).expect(200)).body as { result: string; is_superuser: boolean };
    assert.deepEqual(await answer({ username: 'GATE-HOOK', password: gate.credentials.password, clientid: 'GATE-HOOK-1', peerhost: '10.0.0.7' }), { result: 'allow', is_superuser: false });
    assert.equal((await answer({ username: 'GATE-HOOK', password: 'wrong', clientid: 'GATE-HOOK' })).result, 'deny');
    assert.equal((await answer({ username: 'GATE-HOOK', password: gate.credentials.password, clientid: 'GATE-OTHER' })).result, 'deny', 'another reader’s client id');
    assert.equal((await answer({ username: 'NOBODY', password: 'x', clientid: 'NOBODY' })).result, 'deny');
    assert.deepEqual(await answer({ username: 'rfid-backoffice', password: 'bo-password', clientid: 'rfid-backoffice-a' }), { result: 'allow', is_superuser: true });
    assert.equal((await answer({ username: 'rfid-backoffice', password: 'guess', clientid: 'x' })).result, 'deny');
    const bad = await hook('authenticate', { username: 'GATE-HOOK' });
    assert.deepEqual([bad.status, bad.body.code], [400, 'BAD_REQUEST_ERROR']);
  });

  it('lets a reader publish on its events, management and responses topics and subscribe to its commands, nothing else', async () => {
    const answer = async (topic: string, action: string, username = 'GATE-HOOK') => ((await hook('authorize', { username, topic, action }).expect(200)).body as { result: string }).result;
    const own = gate.reader.topics;
    for (const topic of [own.events, own.mgmt, own.responses]) assert.equal(await answer(topic, 'publish'), 'allow', topic);
    assert.equal(await answer(own.commands, 'subscribe'), 'allow');
    assert.equal(await answer(own.commands, 'publish'), 'deny', 'a reader does not command itself');
    assert.equal(await answer(own.events, 'subscribe'), 'deny');
    assert.equal(await answer(other.reader.topics.events, 'publish'), 'deny', 'another reader’s topic');
    assert.equal(await answer('#', 'subscribe'), 'deny');
    assert.equal(await answer('#', 'subscribe', 'rfid-backoffice'), 'allow');
  });
});
