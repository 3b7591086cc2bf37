import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { CommandBus } from '@nestjs/cqrs';
import { RaiseAlerts, RemindActiveAlerts } from '@rfid/backend/modules/alerts/alerts.public';
import type { AlertRaisedEvent } from '@rfid/backend/modules/alerts/alerts.events';
import { createTestApp, type TestApp } from '@rfid/backend/testing/test-app';
import { waitFor } from '@rfid/backend/testing/wait-for';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const EPC = 'E28011606000020A1B2C0A01';
/** An address the test's SMTP server refuses: its mail fails, the others still go. */
const REFUSED = 'refused@example.com';

interface Received {
  to: string[];
  mail: ParsedMail;
}

/**
 * Alert e-mails through a real SMTP server: a raised gate alert mails each user configured with EMAIL
 * for gate alerts exactly once (subject and body in Vietnamese and English, naming the gate, the item
 * and the user's action), nobody else; a reminder mails its configuration's user (one alert as itself, several
 * as one summary). Each step ends
 * with a reader-disconnected alert mailed to its own user: the processor sends in event order, so that
 * mail's arrival proves every mail of the step before it has been sent.
 */
describe('alert e-mails', () => {
  let t: TestApp;
  let smtp: SMTPServer;
  let commands: CommandBus;
  const received: Received[] = [];
  const ids: Record<string, string> = {};

  const mailsTo = (address: string) => received.filter((r) => r.to.includes(address));
  const raise = (event: AlertRaisedEvent) => t.platform.db.transaction().execute((tx) => commands.execute(new RaiseAlerts({ alerts: [event], tx })));
  const gateAlert = (alertId: string, gateCode = 'G-01'): AlertRaisedEvent => ({
    type: 'GateAlertRaised',
    data: {
      alertId,
      passId: randomUUID(),
      gateId: randomUUID(),
      gateCode,
      gateName: 'Cổng chính',
      readerHostName: 'gate-01.local',
      antenna: 1,
      epc: EPC,
      item: { kind: 'SAMPLE', id: randomUUID(), code: 'SP000123', name: 'Giày chạy bộ' },
    },
  });
  /** A marker: a reader alert mailed to marker@ only; resolves once that mail (the `n`th) has arrived. */
  const marker = async (n: number) => {
    await raise({ type: 'ReaderDisconnectedAlertRaised', data: { alertId: randomUUID(), readerId: randomUUID(), readerCode: `R-${n}`, readerName: 'Đầu đọc kho', readerHostName: null } });
    await waitFor(`marker mail ${n}`, () => mailsTo('marker@example.com').length >= n);
  };

  before(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onRcptTo(address, _session, callback) {
        callback(address.address === REFUSED ? new Error('mailbox unavailable') : undefined);
      },
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push({ to: session.envelope.rcptTo.map((r) => r.address), mail });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Kho mẫu <canh-bao@example.com>' });
    commands = t.app.get(CommandBus);
    const admin = await t.adminToken();
    const groupId = (await t.api(admin).post('/api/user-groups').send({ name: 'Bảo vệ', permissions: [] }).expect(201)).body.id;
    const configure = async (username: string, config: object) => {
      ids[username] = (await t.api(admin).post('/api/users').send({ username, password: 'secret1', fullName: username, groupId }).expect(201)).body.id;
      await t.api(admin).post('/api/alert-configurations').send({ userId: ids[username], timeMinutes: 10, ...config }).expect(201);
    };
    await configure('both', { methods: ['IN_APP', 'EMAIL'], email: 'both@example.com', actionName: 'Chặn người mang hàng', functionName: 'GATE' });
    await configure('mailonly', { methods: ['EMAIL'], email: 'mailonly@example.com', actionName: 'Báo trưởng ca', functionName: 'GATE' });
    await configure('inapp', { methods: ['IN_APP'], email: 'inapp@example.com', actionName: 'Xem', functionName: 'GATE' });
    await configure('refused', { methods: ['EMAIL'], email: REFUSED, actionName: 'Xem', functionName: 'GATE' });
    await configure('marker', { methods: ['EMAIL'], email: 'marker@example.com', actionName: 'Kiểm tra đầu đọc', functionName: 'READER_DISCONNECTED' });
    assert.equal((await t.api(admin).get('/api/alert-configurations').expect(200)).body.mailEnabled, true);
  });
  after(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  const alertId = randomUUID();

  it('a raised gate alert mails each EMAIL user of gate alerts once, in both languages; an IN_APP-only user none; a refused address holds back no other', async () => {
    await raise(gateAlert(alertId));
    await marker(1);
    const gateMails = received.filter((r) => !r.to.includes('marker@example.com'));
    assert.deepEqual(gateMails.map((r) => r.to).sort(), [['both@example.com'], ['mailonly@example.com']]);
    assert.equal(mailsTo('inapp@example.com').length, 0);

    const mail = mailsTo('both@example.com')[0]!.mail;
    assert.equal(mail.subject, 'Cảnh báo cổng an ninh: G-01 · Cổng chính / Security gate alert: G-01 · Cổng chính');
    assert.deepEqual(mail.from?.value, [{ address: 'canh-bao@example.com', name: 'Kho mẫu' }]);
    assert.match(mail.text!, /SP000123 Giày chạy bộ \(E28011606000020A1B2C0A01\) đi qua cổng G-01 · Cổng chính mà không có phiếu cho phép\. Việc cần làm: Chặn người mang hàng\./);
    assert.match(mail.text!, /SP000123 Giày chạy bộ \(E28011606000020A1B2C0A01\) passed gate G-01 · Cổng chính without permission\. Action: Chặn người mang hàng\./);
    // each recipient's own action
    assert.match(mailsTo('mailonly@example.com')[0]!.mail.text!, /Action: Báo trưởng ca\./);
    const readerMail = mailsTo('marker@example.com')[0]!.mail;
    assert.equal(readerMail.subject, 'Đầu đọc mất kết nối: R-1 · Đầu đọc kho / Reader disconnected: R-1 · Đầu đọc kho');
  });

  /** A reminder of these alerts to a user's gate configuration, as the reminders' round sends it. */
  const remind = async (username: string, alerts: { id: string; place: string }[]) => {
    const configurationId = (await t.platform.db.selectFrom('alert_configurations').select('id').where('user_id', '=', ids[username]!).executeTakeFirstOrThrow()).id;
    await commands.execute(new RemindActiveAlerts({ command: { configurationId, userId: ids[username]!, kind: 'GATE', timeMinutes: 10, at: new Date().toISOString(), alerts } }));
  };

  it('a reminder mails its configuration\'s user, once: one alert with its "still active" texts, several in one summary', async () => {
    const before = received.length;
    await remind('mailonly', [{ id: alertId, place: 'G-01' }]);
    await marker(2);
    const added = received.slice(before).filter((r) => !r.to.includes('marker@example.com'));
    assert.deepEqual(
      added.map((r) => r.to),
      [['mailonly@example.com']],
    );
    assert.equal(added[0]!.mail.subject, 'Cảnh báo cổng vẫn chưa được xử lý: G-01 · Cổng chính / Gate alert still active: G-01 · Cổng chính');
    assert.match(added[0]!.mail.text!, /the alert is still active\. Action: Báo trưởng ca\./);

    const second = randomUUID();
    await raise(gateAlert(second, 'G-02'));
    await marker(3);
    const summaryFrom = received.length;
    await remind('both', [{ id: alertId, place: 'G-01' }, { id: second, place: 'G-02' }]);
    await marker(4);
    const summary = received.slice(summaryFrom).find((r) => r.to.includes('both@example.com'))!.mail;
    assert.equal(summary.subject, 'Cảnh báo cổng còn bật: 2 tại G-01, G-02 / Gate alerts still active: 2 at G-01, G-02');
    assert.match(summary.text!, /Gate alerts not yet dealt with at G-01, G-02: 2\. Action: Chặn người mang hàng\./);

    // a reminder of an IN_APP-only user mails nobody
    const again = received.length;
    await remind('inapp', [{ id: alertId, place: 'G-01' }]);
    await marker(5);
    assert.deepEqual(received.slice(again).map((r) => r.to), [['marker@example.com']]);
  });
});
