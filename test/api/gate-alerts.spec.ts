import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { P, REALTIME_EVENTS, type AlertView, type GatePassView, type NotificationItem, type ReaderCreated } from '@rfid/contracts';
import { AlertReminders } from '@rfid/backend/modules/alerts/alerts.public';
import { createTestApp, type TestApp } from '@rfid/backend/testing/test-app';
import { waitFor } from '@rfid/backend/testing/wait-for';
import { SimulatedReader, gatePass } from '@rfid/simulators';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort, machineMosquitto, registerReader } from './reader-fixtures.js';
import { connected, nextPush, socketClients } from './socket-fixtures.js';

const TAG = 'E2801160600002DA1B2C0001';

/**
 * A gate alert from end to end, as the users live it: a simulated gate over the embedded broker sees an
 * item nobody let out; the alert is pushed at once, the gate's alarm goes on, exactly the configured
 * users are told (in the app and by e-mail through a real SMTP server), and told again after their
 * configured time while the alert stays active; the "disable ping" switches the alarm off and leaves
 * the alert active; a reason disables it, which the notification's dialog fields then show.
 */
function gateAlertSuite(name: string, broker: () => Promise<{ config: { mqttPort?: number; mqttPortExplicit?: boolean; mqttUrl?: string }; url: string }>) {
  describe(`gate alerts: alarm, who is told, reminders, ping and disable (${name})`, () => {
    let t: TestApp;
    let admin: string;
    let smtp: SMTPServer;
    let sim: SimulatedReader;
    let gate: ReaderCreated;
    const mails: { to: string[]; mail: ParsedMail }[] = [];
    const users: Record<string, { id: string; token: string }> = {};
    let sockets: Awaited<ReturnType<typeof socketClients>>;

    const api = (token = admin) => t.api(token);
    const notificationsOf = async (name: string) => (await api(users[name]!.token).get('/api/user-notifications').set('accept-language', 'en').expect(200)).body.data as NotificationItem[];
    const mailsTo = (address: string) => mails.filter((m) => m.to.includes(address));

    before(async () => {
      smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        onData(stream, session, callback) {
          simpleParser(stream)
            .then((mail) => (mails.push({ to: session.envelope.rcptTo.map((r) => r.address), mail }), callback()))
            .catch(callback);
        },
      });
      await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
      const { config, url } = await broker();
      t = await createTestApp({ ...config, smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}` });
      admin = await t.adminToken();
      sockets = await socketClients(t);

      const watchers = (await api().post('/api/user-groups').send({ name: 'Bảo vệ', permissions: [P.SECURITY_GATE_LOG_LIST, P.REPORT_ALERT_LIST] }).expect(201)).body.id as string;
      for (const name of ['guard.app', 'guard.mail', 'guard.none']) {
        const id = (await api().post('/api/users').send({ username: name, password: 'secret1', fullName: name, groupId: watchers }).expect(201)).body.id as string;
        users[name] = { id, token: await t.login(name, 'secret1') };
      }
      // guard.none is told of nothing: no configuration for gate alerts
      await api().post('/api/alert-configurations').send({ userId: users['guard.app']!.id, methods: ['IN_APP'], actionName: 'Check the bag', functionName: 'GATE', timeMinutes: 5 }).expect(201);
      await api()
        .post('/api/alert-configurations')
        .send({ userId: users['guard.mail']!.id, methods: ['IN_APP', 'EMAIL'], email: 'guard@example.com', actionName: 'Call the warehouse', functionName: 'GATE', timeMinutes: 10 })
        .expect(201);
      await api()
        .post('/api/alert-configurations')
        .send({ userId: users['guard.none']!.id, methods: ['IN_APP', 'EMAIL'], email: 'none@example.com', actionName: 'Restart it', functionName: 'STOCKTAKE_ABNORMAL', timeMinutes: 10 })
        .expect(201);

      // a code of its own: on a shared broker (CI's Mosquitto) other runs publish too
      gate = await registerReader(t, admin, { code: `GATE-E2E-${randomBytes(3).toString('hex')}`, name: 'Cổng chính', host: '10.1.1.5', kind: 'GATE', operatingMode: 'AUTOMATIC', antennas: [{ port: 1, power: 27 }] });
      sim = await SimulatedReader.connect({ url, code: gate.credentials.username, password: gate.credentials.password, format: 'ZEBRA', topics: gate.reader.topics, antennas: [1], heartbeatSeconds: 0 });
    });
    after(async () => {
      sockets.close();
      await sim.leave('goodbye').catch(() => {});
      await t.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    });

    it('an unauthorised pass: pushed, the alarm on, exactly the configured users told in the app and by e-mail, again after their time', async () => {
      const socket = sockets.connect({ token: users['guard.app']!.token, lang: 'en' });
      await connected(socket);
      const passPushed = nextPush<GatePassView>(socket, REALTIME_EVENTS.GATE_PASS);
      const alertPushed = nextPush<AlertView>(socket, REALTIME_EVENTS.ALERT);
      const notified = nextPush<NotificationItem>(socket, REALTIME_EVENTS.NOTIFICATION);
      await gatePass(sim, [TAG]);

      const [pass, alert, notification] = await Promise.all([passPushed, alertPushed, notified]);
      assert.deepEqual([pass.decision, pass.epc, pass.item.kind, pass.alertId], ['ALERT', TAG, 'UNKNOWN', alert.id]);
      assert.deepEqual([alert.state, alert.alarmOn, alert.gateCode, alert.readerHostName], ['ACTIVE', true, gate.reader.code, '10.1.1.5']);
      assert.deepEqual([notification.alertLogId, notification.readerHostName, notification.readerName], [alert.id, '10.1.1.5', `${gate.reader.code} · Cổng chính`]);
      assert.match(notification.title, /Security gate alert: GATE-E2E/);
      assert.match(notification.content, /Check the bag/, "the user's own action");
      await waitFor('the alarm on at the gate', () => sim.outputs.get(1) === true);

      await waitFor('the mail to guard.mail', () => mailsTo('guard@example.com').length === 1);
      assert.match(mailsTo('guard@example.com')[0]!.mail.text ?? '', /GATE-E2E/);
      await waitFor("guard.mail's notification", async () => (await notificationsOf('guard.mail')).length === 1);
      assert.deepEqual(await notificationsOf('guard.none'), [], 'configured for another kind of alert only');
      assert.equal(mailsTo('none@example.com').length, 0);

      // 6 minutes on: guard.app (every 5 minutes) is reminded, guard.mail (10) not yet; 11 minutes on, both;
      // one alert still active is reminded as itself
      const reminders = t.app.get(AlertReminders);
      // asked for while a round at the clock's time runs: run after it, at its own time
      const [atNow, sixOn] = await Promise.all([reminders.tick(), reminders.tick(new Date(Date.now() + 6 * 60_000))]);
      assert.deepEqual([atNow, sixOn], [0, 1]);
      await waitFor('the reminder in the app', async () => (await notificationsOf('guard.app')).length === 2);
      const reminded = (await notificationsOf('guard.app'))[0]!;
      assert.match(reminded.title, /still active/);
      assert.equal(reminded.alertLogId, alert.id);
      assert.equal(await reminders.tick(new Date(Date.now() + 6 * 60_000)), 0, 'the same round is not reminded twice');
      assert.equal(await reminders.tick(new Date(Date.now() + 11 * 60_000)), 2, 'guard.app again (5 minutes on from its last), guard.mail at last (10)');
      // the e-mail and the notifications in the app come from two processors, each at its own pace
      await waitFor('the reminder by e-mail', () => mailsTo('guard@example.com').length === 2);
      await waitFor("guard.mail's reminder in the app", async () => (await notificationsOf('guard.mail')).length === 2);
      await waitFor('guard.app: round 2 at 10 minutes', async () => (await notificationsOf('guard.app')).length === 3);
    });

    it('the disable ping switches the alarm off and leaves the alert active; a reason disables it, and the dialog shows who and when', async () => {
      const [notification] = await notificationsOf('guard.app');
      const alertId = notification!.alertLogId!;
      const ping = await api(users['guard.app']!.token).post(`/api/user-notifications/${notification!.id}/disable-alert`).expect(200);
      assert.deepEqual([ping.body.disableBy, ping.body.disableTime], [null, null]);
      await waitFor('the alarm off at the gate', () => sim.outputs.get(1) === false);
      let alert = (await api(users['guard.app']!.token).get(`/api/alerts/${alertId}`).expect(200)).body as AlertView;
      assert.deepEqual([alert.state, alert.alarmOn, alert.alarmOffBy], ['ACTIVE', false, 'guard.app']);

      const mine = (await notificationsOf('guard.mail')).find((n) => n.alertLogId === alertId)!;
      const disabled = await api(users['guard.mail']!.token).post(`/api/user-notifications/${mine.id}/disable-alert`).send({ reason: 'Bag checked, sample on loan' }).expect(200);
      assert.deepEqual([disabled.body.disableBy, disabled.body.disableReason, typeof disabled.body.disableTime], ['guard.mail', 'Bag checked, sample on loan', 'string']);
      alert = (await api().get(`/api/alerts/${alertId}`).expect(200)).body as AlertView;
      assert.deepEqual([alert.state, alert.disabledBy, alert.disableReason], ['DISABLED', 'guard.mail', 'Bag checked, sample on loan']);
      const seenByOther = (await notificationsOf('guard.app')).find((n) => n.alertLogId === alertId)!;
      assert.equal(seenByOther.disableBy, 'guard.mail');
      assert.equal(await t.app.get(AlertReminders).tick(new Date(Date.now() + 60 * 60_000)), 0, 'a disabled alert is not reminded');
    });

    it("a guard is reminded once per interval with a summary of the alerts still active, only those raised since their configuration", async () => {
      const tags = [2, 3, 4, 5].map((n) => `E2801160600002DA1B2C000${n}`);
      const alertsOf = async (epcs: string[]) => t.platform.db.selectFrom('alerts').select('id').where('epc', 'in', epcs).execute();
      // one alert before guard.late's configuration, three after it
      await gatePass(sim, tags.slice(0, 1));
      await waitFor('the alert before', async () => (await alertsOf(tags.slice(0, 1))).length === 1);
      const late = (await api().post('/api/users').send({ username: 'guard.late', password: 'secret1', fullName: 'guard.late', groupId: (await api().get('/api/user-groups').query({ q: 'Bảo vệ' }).expect(200)).body.data[0].id }).expect(201)).body.id as string;
      users['guard.late'] = { id: late, token: await t.login('guard.late', 'secret1') };
      await api().post('/api/alert-configurations').send({ userId: late, methods: ['IN_APP'], actionName: 'Go to the gate', functionName: 'GATE', timeMinutes: 5 }).expect(201);
      await gatePass(sim, tags.slice(1));
      await waitFor('the three alerts after', async () => (await alertsOf(tags.slice(1))).length === 3);
      await waitFor('guard.late told of the three', async () => (await notificationsOf('guard.late')).length === 3);

      const reminders = t.app.get(AlertReminders);
      const later = Date.now() + 30 * 60_000;
      assert.equal(await reminders.tick(new Date(later)), 3, 'guard.app, guard.mail and guard.late: one reminder each');
      const summary = await waitFor('the summary', async () => (await notificationsOf('guard.late')).find((n) => /still active/.test(n.title)));
      assert.equal(summary.title, `Gate alerts still active: 3 at ${gate.reader.code}`, 'the alert raised before the configuration is not among them');
      assert.match(summary.content, /Go to the gate/);
      assert.equal(summary.alertLogId, null, 'a summary is about several alerts, none to disable from it');
      const ofApp = await waitFor("guard.app's summary", async () => (await notificationsOf('guard.app')).find((n) => n.title.startsWith('Gate alerts still active')));
      assert.equal(ofApp.title, `Gate alerts still active: 4 at ${gate.reader.code}`, 'guard.app was configured before all four');
      assert.equal(await reminders.tick(new Date(later + 4 * 60_000)), 0, 'nobody again within the interval');
      assert.equal((await notificationsOf('guard.late')).length, 4, 'three alerts and one reminder, not one per alert');
    });
  });
}

gateAlertSuite('embedded broker', async () => {
  const port = await freePort();
  return { config: { mqttPort: port, mqttPortExplicit: true }, url: `mqtt://127.0.0.1:${port}` };
});
gateAlertSuite('the machine’s Mosquitto', async () => {
  const url = await machineMosquitto();
  return { config: { mqttUrl: url }, url };
});
