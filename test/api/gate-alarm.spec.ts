import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { AlertView, ReaderCreated } from '@rfid/contracts';
import { CommandBus } from '@nestjs/cqrs';
import { ActOnAlert } from '@rfid/backend/modules/alerts/alerts.public';
import { waitFor } from '@rfid/backend/testing/wait-for';
import { gatePass, SimulatedReader, type SimulatedReaderOptions } from '@rfid/simulators';
import { suiteApp, type SuiteApp } from './suite-app.js';
import { epc, registerReader } from './reader-fixtures.js';

/**
 * A gate's alarm is a state the gate is brought to, not a command sent once: an "on" the gate did not
 * take (no answer, then gone) is on again when it reconnects; an "off" sent while it is away (an alarm
 * pinged meanwhile) reaches it when it is back, so the buzzer does not sound on; and an alarm switches
 * itself off after the configured time while its alert stays active.
 */
describe('gate alarms are brought about, retried and switch themselves off', () => {
  let { t, admin, url } = {} as SuiteApp;
  let gate: ReaderCreated;
  const sims: SimulatedReader[] = [];
  let tag = 1;

  suiteApp({ broker: true, readers: sims }, (app) => ({ t, admin, url } = app));
  before(async () => {
    // short command timeout: a gate that does not answer is tried again soon
    await t.api(admin).put('/api/system-settings').send({ gateAlarmAutoOffSeconds: 0, readerCommandTimeoutMs: 500 }).expect(200);
    gate = await registerReader(t, admin, { code: 'GATE-ALARM', name: 'Gate', kind: 'GATE', operatingMode: 'AUTOMATIC', antennas: [{ port: 1, power: 27 }] });
  });

  const connectGate = async (options: Pick<SimulatedReaderOptions, 'silent' | 'onOutput'> = {}) => {
    const sim = await SimulatedReader.connect({ url, code: gate.credentials.username, password: gate.credentials.password, format: 'ZEBRA', topics: gate.reader.topics, antennas: [1], heartbeatSeconds: 0, ...options });
    sims.push(sim);
    return sim;
  };
  const alertOf = async (passEpc: string) =>
    waitFor('the alert', async () => ((await t.api(admin).get('/api/alerts').query({ q: passEpc }).expect(200)).body.data as AlertView[])[0]);

  it('an alarm the gate did not take is on when it connects again', async () => {
    const deaf = await connectGate({ silent: true });
    const passEpc = epc(tag++);
    await gatePass(deaf, [passEpc]);
    const alert = await alertOf(passEpc);
    assert.equal(alert.alarmOn, true);
    await deaf.leave('drop');
    const back = await connectGate();
    await waitFor('the alarm on at the gate back', () => back.outputs.get(1) === true);
  });

  it('an alarm switched off while the gate is away is off when it is back', async () => {
    const sim = sims[sims.length - 1]!;
    const passEpc = epc(tag++);
    await gatePass(sim, [passEpc]);
    const alert = await alertOf(passEpc);
    await waitFor('the alarm on', () => sim.outputs.get(1) === true);
    await sim.leave('drop');
    // every alert of the gate with its alarm on is pinged (the disable ping): the alarm should be off
    const sounding = ((await t.api(admin).get('/api/alerts').query({ size: 50 }).expect(200)).body.data as AlertView[]).filter((a) => a.alarmOn && a.gateId === gate.reader.id);
    assert.ok(sounding.some((a) => a.id === alert.id));
    for (const a of sounding) await t.app.get(CommandBus).execute(new ActOnAlert({ command: { kind: 'switch-alarm-off', alertId: a.id, by: { id: null, username: 'admin' } } }));
    const back = await connectGate();
    await waitFor('the alarm off at the gate back', () => back.outputs.get(1) === false);
  });

  it('an alarm switches itself off after the configured time; its alert stays active', async () => {
    await t.api(admin).put('/api/system-settings').send({ gateAlarmAutoOffSeconds: 1 }).expect(200);
    await sims[sims.length - 1]!.leave('goodbye');
    const outputs: boolean[] = [];
    const sim = await connectGate({ onOutput: (port, on) => port === 1 && outputs.push(on) });
    // connected again: its alarm is brought to what it should be, off
    await waitFor('the alarm state applied on connecting', () => outputs.length === 1);
    const passEpc = epc(tag++);
    await gatePass(sim, [passEpc]);
    await waitFor('the alarm on, then off by itself', () => outputs.length === 3, 10_000);
    assert.deepEqual(outputs, [false, true, false]);
    const alert = await waitFor('the alert with its alarm off', async () => {
      const a = await alertOf(passEpc);
      return a.alarmOn ? undefined : a;
    });
    assert.equal(alert.state, 'ACTIVE');
  });
});
