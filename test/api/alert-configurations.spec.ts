import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, it } from 'node:test';
import { P, type AlertConfigurationListResponse, type AlertConfigurationView, type PermissionCode, type SystemLogEntry } from '@rfid/contracts';
import { rebuildProjections } from '@rfid/backend/platform/projections/rebuild';
import { sql } from 'kysely';
import { suiteApp, type SuiteApp } from './suite-app.js';
import { assertEachCallNeeds } from './permission-fixtures.js';

/**
 * The alert configuration (the screen /system-adminstration/alert-configuration): who is told of which
 * alerts, how, and how often again. CRUD through HTTP, one per user and function, the rules of the
 * time and the address, a stale version refused, the list's search and filters, each route's
 * permission, and a rebuild giving the same rows.
 */
describe('alert configurations', () => {
  let { t, admin } = {} as SuiteApp;
  let groupId: string;
  const users: Record<string, string> = {};

  const api = () => t.api(admin);
  const body = (userId: string, over: object = {}) => ({
    userId,
    methods: ['IN_APP', 'EMAIL'],
    email: 'bao.ve@example.com',
    actionName: 'Kiểm tra cổng ngay',
    functionName: 'GATE',
    timeMinutes: 15,
    ...over,
  });
  const create = async (userId: string, over: object = {}) => {
    const res = await api().post('/api/alert-configurations').send(body(userId, over));
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body as AlertConfigurationView;
  };
  const list = async (query = '') => (await api().get(`/api/alert-configurations?${query}`).expect(200)).body as AlertConfigurationListResponse;

  suiteApp({}, (app) => ({ t, admin } = app));
  before(async () => {
    groupId = (await api().post('/api/user-groups').send({ name: 'Bảo vệ', permissions: [] }).expect(201)).body.id;
    for (const [username, fullName] of [
      ['an.do', 'Đỗ Văn An'],
      ['xuan.le', 'Lê Thị Xuân'],
      ['binh.tran', 'Trần Bình'],
    ]) {
      users[username] = (await api().post('/api/users').send({ username, password: 'secret1', fullName, groupId }).expect(201)).body.id;
    }
  });

  it('creates, reads, updates with its version, and deletes a configuration', async () => {
    const created = await create(users['an.do']!);
    assert.deepEqual(
      [created.username, created.fullName, created.methods, created.email, created.actionName, created.functionName, created.timeMinutes, created.version],
      ['an.do', 'Đỗ Văn An', ['IN_APP', 'EMAIL'], 'bao.ve@example.com', 'Kiểm tra cổng ngay', 'GATE', 15, 1],
    );
    assert.deepEqual((await api().get(`/api/alert-configurations/${created.id}`).expect(200)).body, created);
    const listed = await list();
    assert.equal(listed.mailEnabled, false, 'SMTP_URL is not set here');
    assert.deepEqual(listed.data, [created]);

    const changed = { ...body(users['an.do']!), methods: ['EMAIL', 'IN_APP'], actionName: 'Gọi trưởng ca', timeMinutes: 30, version: 1 };
    const updated = (await api().put(`/api/alert-configurations/${created.id}`).send(changed).expect(200)).body as AlertConfigurationView;
    assert.deepEqual([updated.actionName, updated.timeMinutes, updated.methods, updated.version], ['Gọi trưởng ca', 30, ['IN_APP', 'EMAIL'], 2]);
    // the form was opened on version 1: someone changed it meanwhile
    const stale = await api().put(`/api/alert-configurations/${created.id}`).send({ ...changed, actionName: 'Khác', version: 1 });
    assert.deepEqual([stale.status, stale.body.code], [409, 'CONCURRENCY_CONFLICT']);
    assert.equal((await api().get(`/api/alert-configurations/${created.id}`).expect(200)).body.actionName, 'Gọi trưởng ca');
    // without an address, IN_APP alone
    const inApp = (await api().put(`/api/alert-configurations/${created.id}`).send({ ...changed, methods: ['IN_APP'], email: null, version: 2 }).expect(200)).body as AlertConfigurationView;
    assert.deepEqual([inApp.methods, inApp.email, inApp.version], [['IN_APP'], null, 3]);

    await api().delete(`/api/alert-configurations/${created.id}`).expect(204);
    for (const res of [
      await api().get(`/api/alert-configurations/${created.id}`),
      await api().delete(`/api/alert-configurations/${created.id}`),
      await api().put(`/api/alert-configurations/${created.id}`).send({ ...changed, version: 4 }),
    ]) {
      assert.deepEqual([res.status, res.body.code], [404, 'ALERT_CONFIG_NOT_FOUND']);
    }
    assert.equal((await list()).total, 0);
  });

  it('one configuration per user and function: a second is ALERT_CONFIG_EXISTS, in both languages', async () => {
    const gate = await create(users['xuan.le']!);
    const again = await api().post('/api/alert-configurations').send(body(users['xuan.le']!, { actionName: 'Khác', methods: ['IN_APP'], email: null }));
    assert.deepEqual([again.status, again.body.code, again.body.message], [409, 'ALERT_CONFIG_EXISTS', "This user's notification configuration already exists"]);
    const vi = await api().post('/api/alert-configurations').set('accept-language', 'vi').send(body(users['xuan.le']!));
    assert.equal(vi.body.message, 'Cấu hình thông báo của người dùng này đã tồn tại');
    // another function of the same user, and the same function of another user, are their own
    const reader = await create(users['xuan.le']!, { functionName: 'READER_DISCONNECTED' });
    await create(users['binh.tran']!, { methods: ['IN_APP'], email: null });
    // an update that would make a second one is refused too, and changes nothing
    const clash = await api().put(`/api/alert-configurations/${reader.id}`).send({ ...body(users['xuan.le']!), version: 1 });
    assert.deepEqual([clash.status, clash.body.code], [409, 'ALERT_CONFIG_EXISTS']);
    assert.equal((await api().get(`/api/alert-configurations/${reader.id}`).expect(200)).body.functionName, 'READER_DISCONNECTED');
    // deleted, the function is free again
    await api().delete(`/api/alert-configurations/${gate.id}`).expect(204);
    await create(users['xuan.le']!, { actionName: 'Lại' });
  });

  it('refuses a time of 0, EMAIL without an address, a wrong address, an unknown user', async () => {
    const refused = async (over: object, status: number, code: string) => {
      const res = await api().post('/api/alert-configurations').send(body(users['an.do']!, over));
      assert.deepEqual([res.status, res.body.code], [status, code], JSON.stringify(over));
    };
    await refused({ timeMinutes: 0 }, 400, 'ALERT_TIME_NOT_VALID');
    await refused({ timeMinutes: -3 }, 400, 'ALERT_TIME_NOT_VALID');
    await refused({ email: null }, 400, 'EMAIL_REQUIRED');
    await refused({ email: undefined }, 400, 'EMAIL_REQUIRED');
    await refused({ email: 'bao.ve@' }, 400, 'EMAIL_NOT_VALID');
    await refused({ email: 'not an address' }, 400, 'EMAIL_NOT_VALID');
    await refused({ userId: randomUUID() }, 404, 'USER_NOT_FOUND');
    await refused({ functionName: 'NOTHING' }, 400, 'BAD_REQUEST_ERROR');
    await refused({ methods: [] }, 400, 'BAD_REQUEST_ERROR');
    await refused({ actionName: '  ' }, 400, 'BAD_REQUEST_ERROR');
    const existing = (await list('q=xuan&functionName=GATE')).data[0]!;
    const res = await api().put(`/api/alert-configurations/${existing.id}`).send({ ...body(users['xuan.le']!), timeMinutes: 0, version: existing.version });
    assert.deepEqual([res.status, res.body.code], [400, 'ALERT_TIME_NOT_VALID']);
  });

  it('lists with the users joined: search without accents over username, full name and action name; filters; Vietnamese order; paging', async () => {
    const usernames = (r: AlertConfigurationListResponse) => r.data.map((c) => `${c.username}:${c.functionName}`);
    assert.deepEqual(usernames(await list()), ['binh.tran:GATE', 'xuan.le:GATE', 'xuan.le:READER_DISCONNECTED']);
    assert.deepEqual(usernames(await list('q=le thi xuan')), ['xuan.le:GATE', 'xuan.le:READER_DISCONNECTED']);
    assert.deepEqual(usernames(await list('q=BINH')), ['binh.tran:GATE']);
    assert.deepEqual(usernames(await list('q=lai')), ['xuan.le:GATE'], 'the action name "Lại"');
    assert.deepEqual(usernames(await list('functionName=READER_DISCONNECTED')), ['xuan.le:READER_DISCONNECTED']);
    assert.deepEqual(usernames(await list('method=EMAIL')), ['xuan.le:GATE', 'xuan.le:READER_DISCONNECTED']);
    assert.deepEqual(usernames(await list('method=IN_APP&functionName=GATE')), ['binh.tran:GATE', 'xuan.le:GATE']);
    assert.deepEqual(usernames(await list('sort=username:desc')).map((u) => u.split(':')[0]), ['xuan.le', 'xuan.le', 'binh.tran']);
    const page = await list('size=10&page=2');
    assert.deepEqual([page.total, page.page, page.size, usernames(page)], [3, 2, 10, []]);
    assert.equal((await api().get('/api/alert-configurations?sort=email:asc')).status, 400);
  });

  it('the system log names each change by its user and function, without the address', async () => {
    const entries = (await api().get('/api/system-logs?size=50').expect(200)).body.data as SystemLogEntry[];
    const created = entries.find((e) => e.action === 'AlertConfigurationCreated' && e.record.name === 'binh.tran · GATE');
    assert.ok(created, 'AlertConfigurationCreated is logged');
    assert.deepEqual([created.actionLabel, created.record.kind, created.summary], ['Notification configuration created', 'Notification configuration', 'User binh.tran, function GATE, methods IN_APP, repeated after 15 min']);
    assert.ok(entries.some((e) => e.action === 'AlertConfigurationUpdated'));
    assert.ok(entries.some((e) => e.action === 'AlertConfigurationDeleted'));
    assert.doesNotMatch(JSON.stringify(entries.filter((e) => e.action.startsWith('AlertConfiguration'))), /example\.com/);
  });

  it('each route needs its own permission', async () => {
    const probeGroup = (await api().post('/api/user-groups').send({ name: 'Probe', permissions: [] }).expect(201)).body.id as string;
    await api().post('/api/users').send({ username: 'probe', password: 'secret1', fullName: 'Probe', groupId: probeGroup }).expect(201);
    const probe = await t.login('probe', 'secret1');
    const id = (await list()).data[0]!.id;
    const as = t.api(probe);
    await assertEachCallNeeds(
      {
        list: () => as.get('/api/alert-configurations'),
        detail: () => as.get(`/api/alert-configurations/${id}`),
        create: () => as.post('/api/alert-configurations').send({}),
        update: () => as.put(`/api/alert-configurations/${id}`).send({}),
        remove: () => as.delete(`/api/alert-configurations/${randomUUID()}`),
      },
      {
        list: P.SYSTEM_ADMINISTRATION_ALERT_CONFIG_LIST,
        detail: P.SYSTEM_ADMINISTRATION_ALERT_CONFIG_LIST,
        create: P.SYSTEM_ADMINISTRATION_ALERT_CONFIG_CREATE,
        update: P.SYSTEM_ADMINISTRATION_ALERT_CONFIG_UPDATE,
        remove: P.SYSTEM_ADMINISTRATION_ALERT_CONFIG_DELETE,
      },
      (codes: PermissionCode[]) => api().put(`/api/user-groups/${probeGroup}/permissions`).send({ permissions: codes }).expect(200),
    );
  });

  it('a rebuild gives the same rows', async () => {
    const snapshot = async () => (await sql`select * from alert_configurations order by id`.execute(t.platform.db)).rows;
    const live = await snapshot();
    assert.equal(live.length, 3);
    await rebuildProjections(t.platform.db, t.platform.store, t.platform.projections, ['alert-configurations']);
    assert.deepEqual(await snapshot(), live);
  });
});
