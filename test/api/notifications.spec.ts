import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, it } from 'node:test';
import { P, REALTIME_EVENTS, type NotificationItem } from '@rfid/contracts';
import { CommandBus } from '@nestjs/cqrs';
import { RaiseAlerts } from '@rfid/backend/modules/alerts/alerts.public';
import { notificationsProcessor, NOTIFICATIONS_PROCESSOR } from '@rfid/backend/modules/notifications/processors/notifications.processor';
import { ProcessorRunner } from '@rfid/backend/platform/projections/processor-runner';
import { rebuildProjections } from '@rfid/backend/platform/projections/rebuild';
import { RealtimeGateway } from '@rfid/backend/platform/realtime/realtime.gateway';
import { ADMIN_PASSWORD, type TestApp } from '@rfid/backend/testing/test-app';
import { waitFor } from '@rfid/backend/testing/wait-for';
import { suiteApp, type SuiteApp } from './suite-app.js';
import { connected, nextPush, refused } from './socket-fixtures.js';

async function createUser(t: TestApp, username: string, groupId: string): Promise<string> {
  const admin = await t.adminToken();
  const res = await t.api(admin).post('/api/users').send({ username, password: 'secret1', fullName: username, groupId }).expect(201);
  return res.body.id as string;
}

async function notificationCount(t: TestApp, userId: string): Promise<number> {
  const row = await t.platform.db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A gate alert raised through the alerts module (as a gate raises it): its id. */
async function raiseAlert(t: TestApp): Promise<string> {
  const alertId = randomUUID();
  const epc = 'E2801160600002FA1B2C0001';
  await t.platform.db.transaction().execute((tx) =>
    t.app.get(CommandBus).execute(
      new RaiseAlerts({ alerts: [ { type: 'GateAlertRaised', data: { alertId, passId: randomUUID(), gateId: randomUUID(), gateCode: 'GATE-1', gateName: 'Gate 1', readerHostName: '10.0.0.7', antenna: 1, epc, item: { kind: 'UNKNOWN', id: null, code: epc, name: null } }, }, ], tx }),
    ),
  );
  return alertId;
}

/** A notification written straight into the read model (the list's own rules; alerts' real notifications are tested in gate-alerts.spec). */
async function insertNotification(
  t: TestApp,
  userId: string,
  o: { alertLogId?: string; readerHostName?: string; readerName?: string; createdAt?: Date; by?: string } = {},
): Promise<string> {
  const id = randomUUID();
  await t.platform.db
    .insertInto('notifications')
    .values({
      id,
      user_id: userId,
      source_event_id: randomUUID(),
      message_key: o.alertLogId ? 'GATE_ALERT' : 'ACCOUNT_UNLOCKED',
      params: JSON.stringify({ by: o.by ?? 'tester' }),
      alert_log_id: o.alertLogId ?? null,
      reader_host_name: o.readerHostName ?? null,
      reader_name: o.readerName ?? null,
      created_at: o.createdAt ?? new Date(),
    })
    .execute();
  return id;
}

describe('notification centre', () => {
  let { t, admin } = {} as SuiteApp;
  let groupId: string;
  suiteApp({}, (app) => ({ t, admin } = app));
  before(async () => {
    groupId = (await t.api(admin).post('/api/user-groups').send({ name: 'Staff', permissions: [] }).expect(201)).body.id;
  });

  it('a password change, a lock and an unlock by an administrator each notify that user, newest first', async () => {
    const aliceId = await createUser(t, 'alice', groupId);
    await createUser(t, 'bystander', groupId);
    await t.api(admin).put(`/api/users/${aliceId}/password`).send({ password: 'secret2' }).expect(204);
    await t.api(admin).post(`/api/users/${aliceId}/lock`).expect(200);
    await t.api(admin).post(`/api/users/${aliceId}/unlock`).expect(200);
    await waitFor('three notifications for alice', async () => (await notificationCount(t, aliceId)) === 3);

    const alice = await t.login('alice', 'secret2');
    assert.deepEqual((await t.api(alice).get('/api/user-notifications/un-read').expect(200)).body, { total: 3 });
    const list = await t.api(alice).get('/api/user-notifications?page=1&size=5').expect(200);
    assert.deepEqual([list.body.total, list.body.totalItems, list.body.page, list.body.size], [3, 3, 1, 5]);
    const items = list.body.data as NotificationItem[];
    assert.deepEqual(
      items.map((n) => n.messageKey),
      ['ACCOUNT_UNLOCKED', 'ACCOUNT_LOCKED', 'PASSWORD_CHANGED'],
    );
    const changed = items[2]!;
    assert.equal(changed.title, 'Your password was changed');
    assert.equal(changed.content, 'An administrator (admin) changed your password. Please sign in again with the new password.');
    assert.deepEqual(changed.params, { by: 'admin' });
    assert.equal(changed.isRead, false);
    assert.ok(!Number.isNaN(Date.parse(changed.createdAt)));
    assert.deepEqual(
      [changed.alertLogId, changed.readerHostName, changed.readerName, changed.disableBy, changed.disableTime, changed.disableReason],
      [null, null, null, null, null, null],
    );
    assert.ok(Date.parse(items[0]!.createdAt) >= Date.parse(items[2]!.createdAt));

    const bystander = await t.login('bystander', 'secret1');
    assert.deepEqual((await t.api(bystander).get('/api/user-notifications').expect(200)).body, { data: [], total: 0, page: 1, size: 10, totalItems: 0 });
  });

  it("a change of a group's permissions notifies its members, except whoever made it", async () => {
    const leads = (
      await t
        .api(admin)
        .post('/api/user-groups')
        .send({ name: 'Leads', permissions: ['SYSTEM_ADMINISTRATION_USER_GROUP_PERMISSION', 'DASHBOARD'] })
        .expect(201)
    ).body.id;
    const actorId = await createUser(t, 'lead.one', leads);
    const memberId = await createUser(t, 'lead.two', leads);
    const outsiderId = await createUser(t, 'outsider', groupId);
    const actor = await t.login('lead.one', 'secret1');
    // A lead may take a permission away from their own group (granting one they lack is refused).
    await t.api(actor).put(`/api/user-groups/${leads}/permissions`).send({ permissions: ['SYSTEM_ADMINISTRATION_USER_GROUP_PERMISSION'] }).expect(200);
    await waitFor('the member is told', async () => (await notificationCount(t, memberId)) === 1);

    const member = await t.login('lead.two', 'secret1');
    const [told] = (await t.api(member).get('/api/user-notifications').expect(200)).body.data as NotificationItem[];
    assert.equal(told!.messageKey, 'GROUP_PERMISSIONS_CHANGED');
    assert.equal(told!.content, 'An administrator (lead.one) changed the permissions of your group Leads. Some menus and pages may have been added or removed.');
    assert.equal(await notificationCount(t, actorId), 0, 'who made the change is not told about it');
    assert.equal(await notificationCount(t, outsiderId), 0);
  });

  it('texts follow Accept-Language: Vietnamese for "vi…", English otherwise', async () => {
    const id = await createUser(t, 'viuser', groupId);
    await t.api(admin).post(`/api/users/${id}/lock`).expect(200);
    await t.api(admin).post(`/api/users/${id}/unlock`).expect(200);
    await waitFor('two notifications', async () => (await notificationCount(t, id)) === 2);
    const token = await t.login('viuser', 'secret1');
    const vi = await t.api(token).get('/api/user-notifications').set('accept-language', 'vi-VN,vi;q=0.9,en;q=0.8').expect(200);
    assert.deepEqual(
      (vi.body.data as NotificationItem[]).map((n) => n.title),
      ['Tài khoản của bạn đã được mở khóa', 'Tài khoản của bạn đã bị khóa'],
    );
    assert.equal(vi.body.data[1].content, 'Quản trị viên (admin) đã khóa tài khoản của bạn. Bạn không thể đăng nhập cho đến khi tài khoản được mở khóa.');
    const en = await t.api(token).get('/api/user-notifications').set('accept-language', 'en-US,vi;q=0.8').expect(200);
    assert.equal(en.body.data[0].title, 'Your account was unlocked');
    const none = await t.api(token).get('/api/user-notifications').expect(200);
    assert.equal(none.body.data[1].title, 'Your account was locked');
  });

  it('paging: newest first, sizes 5 (the bell) and 10/20/30/50, `total` unread and `totalItems` all', async () => {
    const id = await createUser(t, 'pager', groupId);
    const start = Date.now() - 3600_000;
    for (let i = 1; i <= 12; i++) await insertNotification(t, id, { by: `n${i}`, createdAt: new Date(start + i * 1000) });
    const token = await t.login('pager', 'secret1');
    const bell = await t.api(token).get('/api/user-notifications?page=1&size=5').expect(200);
    assert.deepEqual(
      (bell.body.data as NotificationItem[]).map((n) => n.params.by),
      ['n12', 'n11', 'n10', 'n9', 'n8'],
    );
    assert.deepEqual([bell.body.total, bell.body.totalItems], [12, 12]);
    const last = await t.api(token).get('/api/user-notifications?page=3&size=5').expect(200);
    assert.deepEqual(
      (last.body.data as NotificationItem[]).map((n) => n.params.by),
      ['n2', 'n1'],
    );
    const byDefault = await t.api(token).get('/api/user-notifications').expect(200);
    assert.deepEqual([byDefault.body.page, byDefault.body.size, byDefault.body.data.length], [1, 10, 10]);
    assert.equal((await t.api(token).get('/api/user-notifications?size=50').expect(200)).body.data.length, 12);

    await t.api(token).post(`/api/user-notifications/read?id=${bell.body.data[0].id}`).expect(200);
    const after = await t.api(token).get('/api/user-notifications?size=20').expect(200);
    assert.deepEqual([after.body.total, after.body.totalItems], [11, 12], 'total is the unread count, totalItems all');

    for (const bad of ['size=15', 'size=0', 'page=0', 'page=x']) {
      const res = await t.api(token).get(`/api/user-notifications?${bad}`);
      assert.equal(res.status, 400, bad);
      assert.equal(res.body.code, 'BAD_REQUEST_ERROR');
    }
  });

  it('read one, then read all; reading again changes nothing', async () => {
    const id = await createUser(t, 'reader', groupId);
    const [first, second, third] = [await insertNotification(t, id), await insertNotification(t, id), await insertNotification(t, id)];
    const token = await t.login('reader', 'secret1');
    const one = await t.api(token).post(`/api/user-notifications/read?id=${first}`).expect(200);
    assert.deepEqual(one.body, { total: 2, marked: 1 });
    assert.deepEqual((await t.api(token).post(`/api/user-notifications/read?id=${first}`).expect(200)).body, { total: 2, marked: 0 });
    const list = (await t.api(token).get('/api/user-notifications').expect(200)).body.data as NotificationItem[];
    assert.deepEqual(
      Object.fromEntries(list.map((n) => [n.id, n.isRead])),
      { [first]: true, [second]: false, [third]: false },
    );
    assert.deepEqual((await t.api(token).post('/api/user-notifications/read').expect(200)).body, { total: 0, marked: 2 });
    assert.deepEqual((await t.api(token).get('/api/user-notifications/un-read').expect(200)).body, { total: 0 });
    const res = await t.api(token).post(`/api/user-notifications/read?id=${randomUUID()}`);
    assert.equal(res.status, 404);
    assert.equal(res.body.code, 'NOT_FOUND');
    assert.equal((await t.api(token).post('/api/user-notifications/read?id=not-a-uuid')).status, 400);
  });

  it('delete: gone from the list and the counts; a second delete is 404', async () => {
    const id = await createUser(t, 'deleter', groupId);
    const keep = await insertNotification(t, id);
    const drop = await insertNotification(t, id);
    const token = await t.login('deleter', 'secret1');
    await t.api(token).delete(`/api/user-notifications/${drop}`).expect(204);
    const list = await t.api(token).get('/api/user-notifications').expect(200);
    assert.deepEqual((list.body.data as NotificationItem[]).map((n) => n.id), [keep]);
    assert.deepEqual([list.body.total, list.body.totalItems], [1, 1]);
    assert.deepEqual((await t.api(token).get('/api/user-notifications/un-read').expect(200)).body, { total: 1 });
    const again = await t.api(token).delete(`/api/user-notifications/${drop}`);
    assert.equal(again.status, 404);
    assert.equal(again.body.code, 'NOT_FOUND');
    assert.equal((await t.api(token).post(`/api/user-notifications/read?id=${drop}`)).status, 404, 'a deleted one cannot be read either');
  });

  it("another user's notification is NOT_FOUND: not listed, not read, not deleted, not disabled", async () => {
    const ownerId = await createUser(t, 'owner', groupId);
    await createUser(t, 'intruder', groupId);
    const mine = await insertNotification(t, ownerId, { alertLogId: await raiseAlert(t) });
    const owner = await t.login('owner', 'secret1');
    const intruder = await t.login('intruder', 'secret1');

    assert.equal((await t.api(intruder).get('/api/user-notifications').expect(200)).body.totalItems, 0);
    for (const res of [
      await t.api(intruder).post(`/api/user-notifications/read?id=${mine}`),
      await t.api(intruder).delete(`/api/user-notifications/${mine}`),
      await t.api(intruder).post(`/api/user-notifications/${mine}/disable-alert`).send({ reason: 'not mine' }),
    ]) {
      assert.equal(res.status, 404);
      assert.equal(res.body.code, 'NOT_FOUND');
    }
    // Reading "all" marks only the caller's own.
    assert.deepEqual((await t.api(intruder).post('/api/user-notifications/read').expect(200)).body, { total: 0, marked: 0 });
    const still = (await t.api(owner).get('/api/user-notifications').expect(200)).body;
    assert.equal(still.total, 1);
    assert.equal(still.data[0].id, mine);
    assert.equal(still.data[0].isRead, false);
    assert.equal(still.data[0].disableBy, null);
  });

  it('disable-alert: with a reason it disables, with an empty body it only switches the alarm off; audited, seen by every recipient, refused a second time', async () => {
    const watchers = (await t.api(admin).post('/api/user-groups').send({ name: 'Watchers', permissions: [P.SECURITY_GATE_LOG_LIST] }).expect(201)).body.id as string;
    const aliceId = await createUser(t, 'alerted1', watchers);
    const bobId = await createUser(t, 'alerted2', watchers);
    const [alertId, pingedId] = [await raiseAlert(t), await raiseAlert(t)];
    const aliceAlert = await insertNotification(t, aliceId, { alertLogId: alertId, readerHostName: '10.0.0.7', readerName: 'Gate 1' });
    const bobAlert = await insertNotification(t, bobId, { alertLogId: alertId, readerHostName: '10.0.0.7', readerName: 'Gate 1' });
    const pingAlert = await insertNotification(t, aliceId, { alertLogId: pingedId });
    const plain = await insertNotification(t, aliceId);
    const alice = await t.login('alerted1', 'secret1');
    const bob = await t.login('alerted2', 'secret1');

    const listed = (await t.api(alice).get('/api/user-notifications').expect(200)).body.data as NotificationItem[];
    const shown = listed.find((n) => n.id === aliceAlert)!;
    assert.deepEqual([shown.alertLogId, shown.readerHostName, shown.readerName, shown.disableBy], [alertId, '10.0.0.7', 'Gate 1', null]);

    for (const [body, rule] of [
      [{ reason: '   ' }, 'too_small'],
      [{ reason: 'x'.repeat(501) }, 'too_big'],
      [{ reason: 42 }, 'invalid_type'],
    ] as const) {
      const res = await t.api(alice).post(`/api/user-notifications/${aliceAlert}/disable-alert`).send(body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.details[0].field, 'reason');
      assert.equal(res.body.details[0].rule, rule);
    }

    const startedAt = Date.now();
    const disabled = await t.api(alice).post(`/api/user-notifications/${aliceAlert}/disable-alert`).send({ reason: '  False alarm: a drill  ' });
    assert.equal(disabled.status, 200, JSON.stringify(disabled.body));
    assert.equal(disabled.body.id, aliceAlert);
    assert.equal(disabled.body.disableBy, 'alerted1');
    assert.equal(disabled.body.disableReason, 'False alarm: a drill');
    assert.ok(Date.parse(disabled.body.disableTime) >= startedAt - 1000);

    const bobsCopy = ((await t.api(bob).get('/api/user-notifications').expect(200)).body.data as NotificationItem[]).find((n) => n.id === bobAlert)!;
    assert.deepEqual([bobsCopy.disableBy, bobsCopy.disableReason, bobsCopy.disableTime], ['alerted1', 'False alarm: a drill', disabled.body.disableTime]);

    const second = await t.api(bob).post(`/api/user-notifications/${bobAlert}/disable-alert`).send({ reason: 'me too' });
    assert.equal(second.status, 409);
    assert.equal(second.body.code, 'ALERT_ALREADY_DISABLED');
    assert.equal(second.body.details.disableBy, 'alerted1');

    const ping = await t.api(alice).post(`/api/user-notifications/${pingAlert}/disable-alert`);
    assert.equal(ping.status, 200, JSON.stringify(ping.body));
    assert.deepEqual([ping.body.disableBy, ping.body.disableReason, ping.body.disableTime], [null, null, null], 'the ping leaves the alert active');
    const pinged = await t.platform.db.selectFrom('alerts').selectAll().where('id', '=', pingedId).executeTakeFirstOrThrow();
    assert.deepEqual([pinged.alarm_on, pinged.alarm_off_by, pinged.disabled_at], [false, 'alerted1', null]);
    await t.api(alice).post(`/api/user-notifications/${pingAlert}/disable-alert`).expect(200); // pinged twice: nothing more happens
    await t.api(alice).post(`/api/user-notifications/${pingAlert}/disable-alert`).send({ reason: 'Checked: a drill' }).expect(200);

    const refused = await t.api(alice).post(`/api/user-notifications/${plain}/disable-alert`).send({ reason: 'nothing to disable' });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.code, 'BAD_REQUEST_ERROR');
    assert.equal(refused.body.details[0].rule, 'not_an_alert');
    assert.match(refused.body.details[0].message, /alertLogId/);

    const log = await t.api(admin).get('/api/system-logs?action=AlertDisabled&size=10').expect(200);
    assert.equal(log.body.total, 2, 'each disable is one event; the refused ones left none');
    const pings = await t.api(admin).get('/api/system-logs?action=AlarmSwitchedOff&size=10').expect(200);
    assert.equal(pings.body.total, 1, 'the second ping changed nothing');
    const entry = (log.body.data as { actor: { name: string }; streamId: string; summary: string }[]).find((e) => e.streamId === `alert-${alertId}`)!;
    assert.equal(entry.actor.name, 'alerted1');
    assert.match(entry.summary, /False alarm: a drill/);

    // whoever may see no alerts may not silence one either
    const blindId = await createUser(t, 'blind', groupId);
    const blindAlert = await insertNotification(t, blindId, { alertLogId: await raiseAlert(t) });
    const blind = await t.login('blind', 'secret1');
    const forbidden = await t.api(blind).post(`/api/user-notifications/${blindAlert}/disable-alert`).send({ reason: 'no' });
    assert.deepEqual([forbidden.status, forbidden.body.code], [403, 'FORBIDDEN']);

    const disablements = () => t.platform.db.selectFrom('alert_disablements').selectAll().orderBy('alert_log_id').execute();
    const alerts = () => t.platform.db.selectFrom('alerts').selectAll().orderBy('id').execute();
    const [live, liveAlerts] = [await disablements(), await alerts()];
    await rebuildProjections(t.platform.db, t.platform.store, t.platform.projections, ['alert-disablements', 'alerts']);
    assert.deepEqual(await disablements(), live, 'a rebuild gives the same rows as live projection');
    assert.deepEqual(await alerts(), liveAlerts);
  });

  it('the OpenAPI document describes the calls, their parameters and answers', async () => {
    const doc = (await t.api().get('/api/docs-json').expect(200)).body;
    const paths = doc.paths as Record<string, Record<string, { parameters?: { name: string; in: string }[]; requestBody?: unknown; responses: Record<string, unknown> }>>;
    const named = (params: { name: string; in: string }[] | undefined) => (params ?? []).map((p) => `${p.in}:${p.name}`).sort();
    assert.ok(paths['/api/user-notifications/un-read']!.get!.responses['200']);
    assert.deepEqual(named(paths['/api/user-notifications']!.get!.parameters), ['header:accept-language', 'query:page', 'query:size', 'query:sort']);
    assert.deepEqual(named(paths['/api/user-notifications/read']!.post!.parameters), ['query:id']);
    assert.ok(paths['/api/user-notifications/{id}']!.delete);
    const disable = paths['/api/user-notifications/{id}/disable-alert']!.post!;
    assert.ok(disable.requestBody);
    assert.ok(disable.responses['200']);
  });

  it('a processor replayed from the start writes no duplicate and brings no deleted notification back', async () => {
    const id = await createUser(t, 'replayed', groupId);
    await t.api(admin).post(`/api/users/${id}/lock`).expect(200);
    await t.api(admin).post(`/api/users/${id}/unlock`).expect(200);
    await waitFor('two notifications', async () => (await notificationCount(t, id)) === 2);
    const token = await t.login('replayed', 'secret1');
    const [newest] = (await t.api(token).get('/api/user-notifications').expect(200)).body.data as NotificationItem[];
    await t.api(token).delete(`/api/user-notifications/${newest!.id}`).expect(204);
    const total = async () => Number((await t.platform.db.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const rowsBefore = await total();

    await t.platform.processors.stop(NOTIFICATIONS_PROCESSOR);
    await t.platform.db.deleteFrom('processor_checkpoints').where('name', '=', NOTIFICATIONS_PROCESSOR).execute();
    t.platform.processors.start(notificationsProcessor(async () => {}));
    const last = await t.platform.db.selectFrom('events').select((eb) => eb.fn.max('global_position').as('p')).executeTakeFirstOrThrow();
    await waitFor('the replay to reach the end (or past it: events appended meanwhile)', async () => (await ProcessorRunner.checkpoint(t.platform.db, NOTIFICATIONS_PROCESSOR)).globalPosition >= Number(last.p));

    assert.equal(await total(), rowsBefore);
    const list = (await t.api(token).get('/api/user-notifications').expect(200)).body;
    assert.equal(list.totalItems, 1, 'the deleted one stays deleted');
  });
});

describe('notification pushes over socket.io', () => {
  let { t, admin, sockets: clients } = {} as SuiteApp;
  let groupId: string;
  suiteApp({ sockets: true }, (app) => ({ t, admin, sockets: clients } = app));
  before(async () => {
    groupId = (await t.api(admin).post('/api/user-groups').send({ name: 'Pushed', permissions: ['DASHBOARD'] }).expect(201)).body.id;
  });

  const connect = (auth: Record<string, unknown>) => clients.connect(auth);
  const next = nextPush;

  it("a connected user receives the new notification and the unread count as soon as their group's permissions change", async () => {
    // A password change or a lock ends the user's sessions, and so their connections (see below): a
    // permission change is the notification that reaches a connected user.
    const solo = (await t.api(admin).post('/api/user-groups').send({ name: 'Solo', permissions: ['DASHBOARD'] }).expect(201)).body.id;
    await t.api(admin).post('/api/users').send({ username: 'pushed', password: 'secret1', fullName: 'Pushed', groupId: solo }).expect(201);
    await t.api(admin).post('/api/users').send({ username: 'quiet', password: 'secret1', fullName: 'Quiet', groupId }).expect(201);
    const token = await t.login('pushed', 'secret1');
    const otherToken = await t.login('quiet', 'secret1');
    const english = connect({ token });
    const vietnamese = connect({ token, lang: 'vi' });
    const other = connect({ token: otherToken });
    await Promise.all([connected(english), connected(vietnamese), connected(other)]);
    let otherReceived = 0;
    other.on(REALTIME_EVENTS.NOTIFICATION, () => otherReceived++);

    const pushedEn = next<NotificationItem>(english, REALTIME_EVENTS.NOTIFICATION);
    const pushedVi = next<NotificationItem>(vietnamese, REALTIME_EVENTS.NOTIFICATION);
    const count = next<{ total: number }>(english, REALTIME_EVENTS.NOTIFICATIONS_CHANGED);
    await t.api(admin).put(`/api/user-groups/${solo}/permissions`).send({ permissions: ['DASHBOARD', 'REPORT_ALERT_LIST'] }).expect(200);

    const [en, vi] = await Promise.all([pushedEn, pushedVi]);
    assert.equal(en.messageKey, 'GROUP_PERMISSIONS_CHANGED');
    assert.equal(en.title, 'Your permissions were changed');
    assert.equal(vi.title, 'Quyền của bạn đã được thay đổi');
    assert.equal(en.id, vi.id);
    assert.deepEqual(en.params, { by: 'admin', group: 'Solo' });
    assert.equal(en.isRead, false);
    assert.deepEqual(await count, { total: 1 });

    const fresh = await t.login('pushed', 'secret1');
    const listed = (await t.api(fresh).get('/api/user-notifications').expect(200)).body.data as NotificationItem[];
    assert.deepEqual(listed[0], en, 'the push is the item the list answers');

    const afterRead = next<{ total: number }>(english, REALTIME_EVENTS.NOTIFICATIONS_CHANGED);
    await t.api(fresh).post('/api/user-notifications/read').expect(200);
    assert.deepEqual(await afterRead, { total: 0 }, 'reading updates the badge of every open tab');
    assert.equal(otherReceived, 0, "nobody else receives the user's notification");
  });

  it('open connections are checked again: permission rooms follow the group, an ended session is dropped', async () => {
    const group = (await t.api(admin).post('/api/user-groups').send({ name: 'Watchers', permissions: ['DASHBOARD'] }).expect(201)).body.id;
    const userId = (await t.api(admin).post('/api/users').send({ username: 'watcher', password: 'secret1', fullName: 'Watcher', groupId: group }).expect(201)).body.id;
    const socket = connect({ token: await t.login('watcher', 'secret1') });
    await connected(socket);
    const gateway = t.app.get(RealtimeGateway);

    const first = next(socket, 'probe');
    gateway.everywhere.toPermission('DASHBOARD', 'probe', { n: 1 });
    assert.deepEqual(await first, { n: 1 }, 'a permission room push');

    await t.api(admin).put(`/api/user-groups/${group}/permissions`).send({ permissions: ['REPORT_ALERT_LIST'] }).expect(200);
    await gateway.revalidateConnections();
    let stale = 0;
    socket.on('probe-dashboard', () => stale++);
    const report = next(socket, 'probe-report');
    gateway.everywhere.toPermission('DASHBOARD', 'probe-dashboard', {});
    gateway.everywhere.toPermission('REPORT_ALERT_LIST', 'probe-report', {});
    await report; // pushes to one socket arrive in order: a DASHBOARD one would have come first
    assert.equal(stale, 0, 'a permission taken away stops its pushes');

    const dropped = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await t.api(admin).post(`/api/users/${userId}/lock`).expect(200);
    await gateway.revalidateConnections();
    assert.equal(await dropped, 'io server disconnect');
  });

  it('a client without a valid token is refused', async () => {
    for (const auth of [{}, { token: '' }, { token: 'not-a-jwt' }, { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4Iiwic2lkIjoieSJ9.c2lnbmF0dXJl' }]) {
      const err = await refused(connect(auth));
      assert.equal(err.message, 'UNAUTHORIZED', JSON.stringify(auth));
    }
    const admin2 = await t.login('admin', ADMIN_PASSWORD);
    await t.api(admin2).post('/api/auth/logout').expect(204);
    const err = await refused(connect({ token: admin2 }));
    assert.equal(err.message, 'UNAUTHORIZED', 'a signed-out token is refused too');
  });
});
