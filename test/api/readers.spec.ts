import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { suiteApp, type SuiteApp } from './suite-app.js';

const gate = (code: string, extra: Record<string, unknown> = {}) => ({
  code,
  name: `Gate ${code}`,
  kind: 'GATE',
  format: 'ZEBRA',
  antennas: [
    { port: 1, power: 27 },
    { port: 2, power: 25.5 },
  ],
  ...extra,
});

describe('the reader registry (gate configuration)', () => {
  let { t, admin } = {} as SuiteApp;
  suiteApp({}, (app) => ({ t, admin } = app));

  it('a reader is registered with its MQTT credentials, shown once; its code is upper-case and unique (READER_EXISTS)', async () => {
    const res = await t.api(admin).post('/api/readers').send(gate('gate-a', { operatingMode: 'AUTOMATIC' })).expect(201);
    const { reader, credentials } = res.body;
    assert.equal(reader.code, 'GATE-A');
    assert.deepEqual(reader.topics, { events: 'rfid/readers/GATE-A/events', mgmt: 'rfid/readers/GATE-A/mgmt', commands: 'rfid/readers/GATE-A/commands', responses: 'rfid/readers/GATE-A/responses' });
    assert.equal(reader.live.connection, 'DISCONNECTED');
    assert.equal(reader.operatingMode, 'AUTOMATIC');
    assert.equal(credentials.username, 'GATE-A');
    assert.match(credentials.password, /^[A-Za-z0-9_-]{24}$/);
    const detail = await t.api(admin).get(`/api/readers/${reader.id}`).expect(200);
    assert.ok(!JSON.stringify(detail.body).includes(credentials.password), 'the password is never answered again');
    const again = await t.api(admin).post('/api/readers').send(gate('GATE-A'));
    assert.deepEqual([again.status, again.body.code], [409, 'READER_EXISTS']);
    const stored = await t.platform.db.selectFrom('reader_credentials').select('password_hash').where('reader_id', '=', reader.id).executeTakeFirstOrThrow();
    assert.match(stored.password_hash, /^scrypt\$/, 'only its hash is kept');
    const events = await t.platform.db.selectFrom('events').select('data').where('stream_id', '=', `reader-${reader.id}`).execute();
    assert.ok(!JSON.stringify(events).includes(credentials.password) && !JSON.stringify(events).includes(stored.password_hash), 'no credential in the event log');
  });

  it('antenna power is 0 to 30 dBm: above is ANTENNA_POWER_OUT_OF_RANGE on the field; a code is letters, digits, - and _', async () => {
    const hot = await t.api(admin).post('/api/readers').send(gate('HOT', { antennas: [{ port: 1, power: 31 }] }));
    assert.deepEqual([hot.status, hot.body.code, hot.body.details[0].field], [400, 'ANTENNA_POWER_OUT_OF_RANGE', 'antennas.0.power']);
    await t.api(admin).post('/api/readers').send(gate('OFF', { antennas: [{ port: 1, power: 0 }] })).expect(201);
    const slash = await t.api(admin).post('/api/readers').send(gate('a/b'));
    assert.deepEqual([slash.status, slash.body.details[0].field], [400, 'code']);
    const twice = await t.api(admin).post('/api/readers').send(gate('TWICE', { antennas: [{ port: 1, power: 1 }, { port: 1, power: 2 }] }));
    assert.equal(twice.status, 400);
  });

  it("an update changes the configuration, with the vendor's own topic names; a stale version is CONCURRENCY_CONFLICT", async () => {
    const { reader } = (await t.api(admin).post('/api/readers').send(gate('GATE-B')).expect(201)).body;
    const body = { ...gate('x'), code: undefined, name: 'Back door', deviceMode: 'COUNTING', topics: { events: 'zebra/fx9600/data' } };
    const updated = await t.api(admin).put(`/api/readers/${reader.id}?expectedVersion=${reader.version}`).send(body).expect(200);
    assert.equal(updated.body.name, 'Back door');
    assert.equal(updated.body.deviceMode, 'COUNTING');
    assert.equal(updated.body.topics.events, 'zebra/fx9600/data');
    assert.equal(updated.body.topics.mgmt, 'rfid/readers/GATE-B/mgmt');
    const stale = await t.api(admin).put(`/api/readers/${reader.id}?expectedVersion=${reader.version}`).send({ ...body, name: 'Stale' });
    assert.deepEqual([stale.status, stale.body.code], [409, 'CONCURRENCY_CONFLICT']);
  });

  it('a zone must be an active zone of master data', async () => {
    const zone = (await t.api(admin).post('/api/master-data/zones').send({ code: 'DOCK1', name: 'Dock 1' }).expect(201)).body;
    const season = (await t.api(admin).post('/api/master-data/seasons').send({ code: 'SS26', name: 'Summer 26' }).expect(201)).body;
    const ok = await t.api(admin).post('/api/readers').send(gate('ZONED', { zoneId: zone.id })).expect(201);
    assert.equal(ok.body.reader.zoneName, 'Dock 1');
    const notZone = await t.api(admin).post('/api/readers').send(gate('NOTZONE', { zoneId: season.id }));
    assert.deepEqual([notZone.status, notZone.body.code], [400, 'ZONE_NOT_FOUND']);
    await t.api(admin).post(`/api/master-data/zones/${zone.id}/deactivate`).expect(200);
    const inactive = await t.api(admin).post('/api/readers').send(gate('INACTIVE', { zoneId: zone.id }));
    assert.deepEqual([inactive.status, inactive.body.code], [400, 'ZONE_NOT_FOUND_OR_INACTIVE']);
  });

  it("a reader's host is its own, case aside (IP_EXISTS, on the host field); readers without one are many", async () => {
    const first = (await t.api(admin).post('/api/readers').send(gate('HOST-1', { host: '10.9.0.7' })).expect(201)).body.reader;
    const again = await t.api(admin).post('/api/readers').send(gate('HOST-2', { host: ' 10.9.0.7 ' }));
    assert.deepEqual([again.status, again.body.code], [409, 'IP_EXISTS']);
    const named = (await t.api(admin).post('/api/readers').send(gate('HOST-3', { host: 'Gate-A.local' })).expect(201)).body.reader;
    const { code: _code, ...settings } = gate('HOST-3', { host: 'gate-a.LOCAL' });
    const edit = await t.api(admin).put(`/api/readers/${first.id}`).send(settings);
    assert.deepEqual([edit.status, edit.body.code], [409, 'IP_EXISTS']);
    await t.api(admin).put(`/api/readers/${named.id}`).send(settings).expect(200);
    for (const code of ['HOST-4', 'HOST-5']) await t.api(admin).post('/api/readers').send(gate(code)).expect(201);
  });

  it('rotating the password answers a new one; a user is assigned once (USER_READER_EXISTS) and taken off', async () => {
    const { reader, credentials } = (await t.api(admin).post('/api/readers').send(gate('HAND-1', { kind: 'HANDHELD' })).expect(201)).body;
    const rotated = await t.api(admin).post(`/api/readers/${reader.id}/credentials`).expect(200);
    assert.notEqual(rotated.body.password, credentials.password);
    const me = (await t.api(admin).get('/api/auth/me').expect(200)).body.user;
    const assigned = await t.api(admin).post(`/api/readers/${reader.id}/users`).send({ userId: me.id }).expect(201);
    assert.deepEqual(assigned.body.users, [{ id: me.id, username: 'admin', fullName: me.fullName }]);
    const twice = await t.api(admin).post(`/api/readers/${reader.id}/users`).send({ userId: me.id });
    assert.deepEqual([twice.status, twice.body.code], [409, 'USER_READER_EXISTS']);
    const nobody = await t.api(admin).post(`/api/readers/${reader.id}/users`).send({ userId: '00000000-0000-4000-8000-00000000dead' });
    assert.deepEqual([nobody.status, nobody.body.code], [404, 'USER_NOT_FOUND']);
    const off = await t.api(admin).delete(`/api/readers/${reader.id}/users/${me.id}`).expect(200);
    assert.deepEqual(off.body.users, []);
  });

  it('the list filters by kind and text, and sorts; a command to a reader not connected is READER_NOT_CONNECTED', async () => {
    const list = await t.api(admin).get('/api/readers?kind=HANDHELD&size=50').expect(200);
    assert.ok(list.body.data.length >= 1 && list.body.data.every((r: { kind: string }) => r.kind === 'HANDHELD'));
    const found = await t.api(admin).get('/api/readers?q=back%20door').expect(200);
    assert.deepEqual(found.body.data.map((r: { code: string }) => r.code), ['GATE-B']);
    const sorted = await t.api(admin).get('/api/readers?sort=code:desc&size=50').expect(200);
    const codes = sorted.body.data.map((r: { code: string }) => r.code);
    assert.deepEqual(codes, [...codes].sort().reverse());
    const id = list.body.data[0].id;
    const cmd = await t.api(admin).post(`/api/readers/${id}/commands`).send({ command: 'start' });
    assert.deepEqual([cmd.status, cmd.body.code], [409, 'READER_NOT_CONNECTED']);
    const broker = await t.api(admin).get('/api/readers/broker').expect(200);
    assert.equal(broker.body.mode, 'disabled', 'a test app runs no broker unless asked');
  });

  it('the list searches without accents or case, and sorts names in Vietnamese order', async () => {
    for (const [code, name] of [['VN-1', 'Cổng Xuân'], ['VN-2', 'cổng ăn'], ['VN-3', 'Cổng Đông'], ['VN-4', 'Cổng acb']]) {
      await t.api(admin).post('/api/readers').send(gate(code!, { name })).expect(201);
    }
    const found = await t.api(admin).get('/api/readers?q=cong%20dong').expect(200);
    assert.deepEqual(found.body.data.map((r: { code: string }) => r.code), ['VN-3']);
    const sorted = await t.api(admin).get('/api/readers?q=cong&sort=name:asc').expect(200);
    assert.deepEqual(sorted.body.data.map((r: { name: string }) => r.name), ['Cổng acb', 'cổng ăn', 'Cổng Đông', 'Cổng Xuân']);
  });

  it('system settings: read, changed within their bounds, and refused outside them', async () => {
    const before = (await t.api(admin).get('/api/system-settings').expect(200)).body;
    assert.equal(before.values.readDedupeWindowMs, 2000);
    const changed = await t.api(admin).put('/api/system-settings').send({ readDedupeWindowMs: 500 }).expect(200);
    assert.equal(changed.body.values.readDedupeWindowMs, 500);
    const wrong = await t.api(admin).put('/api/system-settings').send({ readerHeartbeatTimeoutSeconds: 1 });
    assert.equal(wrong.status, 400);
    const unknown = await t.api(admin).put('/api/system-settings').send({ nope: 1 });
    assert.equal(unknown.status, 400);
  });
});
