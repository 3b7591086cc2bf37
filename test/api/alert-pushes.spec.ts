import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { before, describe, it } from 'node:test';
import { REALTIME_EVENTS, type AlertKind, type AlertView, type StocktakeDetail } from '@rfid/contracts';
import { CommandBus } from '@nestjs/cqrs';
import { ActOnAlert } from '@rfid/backend/modules/alerts/alerts.public';
import { waitFor } from '@rfid/backend/testing/wait-for';
import { SimulatedReader, gatePass } from '@rfid/simulators';
import { registerReader } from './reader-fixtures.js';
import { createCatalogues, createSample, sampleBody, type Catalogues } from './sample-fixtures.js';
import { suiteApp, type SuiteApp } from './suite-app.js';
import { connected } from './socket-fixtures.js';

const UNKNOWN_TAG = 'E28011606000020A1B2E00FF';

/**
 * The alert screens follow every alert live: each kind of alert (a gate's, a reader disconnected, a
 * stocktake's abnormal result), raised, its alarm switched off, and disabled, reaches a socket that is
 * open, as the alert is then.
 */
describe('alert pushes: every kind, raised, alarm off and disabled, reaches an open socket', () => {
  let { t, admin, url, sockets } = {} as SuiteApp;
  let c: Catalogues;
  const pushed: AlertView[] = [];
  const sims: SimulatedReader[] = [];

  suiteApp({ broker: true, sockets: true, readers: sims }, (app) => ({ t, admin, url, sockets } = app));
  before(async () => {
    await t.api(admin).put('/api/system-settings').send({ readerDisconnectGraceSeconds: 0 }).expect(200);
    c = await createCatalogues(t, admin);
    await createSample(t, admin, sampleBody(c, { sampleCode: 'PUSH-1' }));
    const socket = sockets.connect({ token: admin });
    await connected(socket);
    socket.on(REALTIME_EVENTS.ALERT, (a: AlertView) => pushed.push(a));
  });

  const connect = async (kind: 'GATE' | 'HANDHELD') => {
    const r = await registerReader(t, admin, { code: `PUSH-${kind}-${randomBytes(2).toString('hex')}`, kind, operatingMode: 'AUTOMATIC', antennas: [{ port: 1, power: 27 }] });
    const sim = await SimulatedReader.connect({ url, code: r.credentials.username, password: r.credentials.password, format: 'SIMPLE', topics: r.reader.topics, antennas: [1], heartbeatSeconds: 0 });
    return { id: r.reader.id, sim };
  };
  const pushOf = (what: string, kind: AlertKind, match: (a: AlertView) => boolean) => waitFor(what, () => pushed.find((a) => a.kind === kind && match(a)));

  /** The alarm of the alert switched off (an alert that sounds one), then the alert disabled: each change pushed as the alert now is. */
  async function followedToTheEnd(alert: AlertView): Promise<void> {
    const commands = t.app.get(CommandBus);
    if (alert.alarmOn) {
      await commands.execute(new ActOnAlert({ command: { kind: 'switch-alarm-off', alertId: alert.id, by: { id: null, username: 'guard' } } }));
      const off = await pushOf(`${alert.kind}: the alarm off`, alert.kind, (a) => a.id === alert.id && !a.alarmOn);
      assert.deepEqual([off.state, off.alarmOffBy], ['ACTIVE', 'guard']);
    }
    await commands.execute(new ActOnAlert({ command: { kind: 'disable', alertId: alert.id, by: { id: null, username: 'guard' }, reason: 'checked', notificationId: null } }));
    const disabled = await pushOf(`${alert.kind}: disabled`, alert.kind, (a) => a.id === alert.id && a.state === 'DISABLED');
    assert.deepEqual([disabled.disabledBy, disabled.disableReason], ['guard', 'checked']);
  }

  it('a gate alert', async () => {
    const gate = await connect('GATE');
    sims.push(gate.sim);
    await gatePass(gate.sim, [UNKNOWN_TAG]);
    const raised = await pushOf('the gate alert raised', 'GATE', (a) => a.gateId === gate.id);
    assert.deepEqual([raised.state, raised.alarmOn, raised.epc], ['ACTIVE', true, UNKNOWN_TAG]);
    await followedToTheEnd(raised);
  });

  it('a reader disconnected', async () => {
    const reader = await connect('HANDHELD');
    await reader.sim.leave('drop');
    const raised = await pushOf('the reader-disconnected alert raised', 'READER_DISCONNECTED', (a) => a.gateId === reader.id);
    assert.deepEqual([raised.state, raised.alarmOn], ['ACTIVE', false], 'a reader disconnected sounds no alarm');
    await followedToTheEnd(raised);
  });

  it('a stocktake’s abnormal result', async () => {
    const stocktake = (await t.api(admin).post('/api/stocktakes').send({ name: 'Kiểm đẩy', zoneIds: [c.active.zones[0]] }).expect(201)).body as StocktakeDetail;
    await t.api(admin).post(`/api/stocktakes/${stocktake.id}/start`).expect(200);
    await t.api(admin).post(`/api/stocktakes/${stocktake.id}/scans`).send({ epcs: [UNKNOWN_TAG] }).expect(200);
    await t.api(admin).post(`/api/stocktakes/${stocktake.id}/close`).send({}).expect(200);
    const raised = await pushOf('the stocktake alert raised', 'STOCKTAKE_ABNORMAL', (a) => a.subject?.id === stocktake.id);
    assert.deepEqual([raised.state, raised.subject?.code], ['ACTIVE', stocktake.code]);
    await followedToTheEnd(raised);
  });
});
