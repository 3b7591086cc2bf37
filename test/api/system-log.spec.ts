import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { SystemLogActionOption, SystemLogDetail, SystemLogEntry } from '@rfid/contracts';
import { suiteApp, type SuiteApp } from './suite-app.js';
import { createCatalogues, sampleBody } from './sample-fixtures.js';

/** The system log speaks to the people who use the back-office: actions and records named in their language. */
describe('system log: actions, records and summaries as people read them', () => {
  let { t, admin } = {} as SuiteApp;
  const TAG = 'E28011700000020A1B2C3D99';
  let sampleCode: string;
  suiteApp({}, (app) => ({ t, admin } = app));
  before(async () => {
    const g = (await t.api(admin).post('/api/user-groups').send({ name: 'Kiểm toán', permissions: ['DASHBOARD'] }).expect(201)).body;
    const user = (await t.api(admin).post('/api/users').send({ username: 'auditee', password: 'secret1', fullName: 'Lê Thị Kiểm', groupId: g.id }).expect(201)).body;
    await t.api(admin).put(`/api/users/${user.id}/password`).send({ password: 'secret2' }).expect(204);
    const catalogues = await createCatalogues(t, admin);
    const sample = (await t.api(admin).post('/api/samples').send(sampleBody(catalogues)).expect(201)).body;
    sampleCode = sample.sampleCode;
    await t.api(admin).post('/api/rfid-tags').send({ codes: [TAG] }).expect(201);
    await t.api(admin).post('/api/rfid-tags/link').send({ tagCode: TAG, sampleId: sample.id }).expect(200);
    await t.api(admin).post('/api/rfid-tags/unlink').send({ tagCodes: [TAG], reason: 'Thẻ hỏng' }).expect(200);
  });

  const log = async (language: 'vi' | 'en', query = 'size=50') => (await t.api(admin).get(`/api/system-logs?${query}`).set('accept-language', language).expect(200)).body.data as SystemLogEntry[];
  const find = (entries: SystemLogEntry[], action: string, name?: string) => {
    const found = entries.find((e) => e.action === action && (name === undefined || e.record.name === name));
    assert.ok(found, `${action} ${name ?? ''} is listed`);
    return found;
  };

  it('names each action, and each record by its kind and its name (a username, a supplier, a sample code, a tag code), in Vietnamese', async () => {
    const vi = await log('vi');
    assert.deepEqual(
      [find(vi, 'UserCreated', 'auditee'), find(vi, 'GroupCreated', 'Kiểm toán'), find(vi, 'MasterDataItemCreated', 'Nike VN'), find(vi, 'SampleRegistered'), find(vi, 'TagLinked'), find(vi, 'SessionStarted')].map(
        (e) => [e.actionLabel, e.record.kind, e.record.name],
      ),
      [
        ['Tạo người dùng', 'Người dùng', 'auditee'],
        ['Tạo nhóm người dùng', 'Nhóm người dùng', 'Kiểm toán'],
        ['Thêm mục danh mục', 'Nhà cung cấp', 'Nike VN'],
        ['Đăng ký mẫu', 'Mẫu', sampleCode],
        ['Liên kết thẻ', 'Thẻ RFID', TAG],
        ['Đăng nhập', 'Phiên đăng nhập', 'admin'],
      ],
    );
    assert.ok(
      vi.every((e) => e.actionLabel !== e.action),
      `every action has its label: ${vi.filter((e) => e.actionLabel === e.action).map((e) => e.action)}`,
    );
  });

  it('summaries are sentences, not key: value dumps; ids show as names; secrets never', async () => {
    const [vi, en] = [await log('vi'), await log('en')];
    assert.equal(find(vi, 'UserCreated', 'auditee').summary, 'Lê Thị Kiểm, nhóm Kiểm toán');
    assert.equal(find(en, 'UserCreated', 'auditee').summary, 'Lê Thị Kiểm, group Kiểm toán');
    assert.equal(find(vi, 'GroupCreated', 'Kiểm toán').summary, '1 quyền');
    assert.equal(find(en, 'MasterDataItemCreated', 'Nike VN').summary, 'Code cus-2, name Nike VN');
    assert.equal(find(en, 'MasterDataItemCreated', 'Nike VN').record.kind, 'Supplier');
    assert.equal(find(en, 'SampleRegistered').summary, 'Giày chạy bộ nữ, model Runner X, art ART-001, season Xuân Hè 2026');
    assert.equal(find(vi, 'TagUnlinked').summary, `Khỏi mẫu ${sampleCode}, lý do: Thẻ hỏng`);
    assert.equal(find(en, 'TagUnlinked').summary, `From sample ${sampleCode}, reason: Thẻ hỏng`);
    const password = find(en, 'UserPasswordChanged', 'auditee');
    assert.deepEqual([password.actionLabel, password.summary], ['Password changed', '']);
    const everything = JSON.stringify([...vi, ...en]);
    assert.doesNotMatch(everything, /scrypt|passwordHash|groupId|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}, /);
  });

  it("the action filter lists each action once with its label; an entry's detail has the same words and the raw data, no secret in it", async () => {
    const actions = (await t.api(admin).get('/api/system-logs/actions').set('accept-language', 'vi').expect(200)).body as SystemLogActionOption[];
    assert.deepEqual(
      actions.find((a) => a.action === 'TagUnlinked'),
      { action: 'TagUnlinked', label: 'Hủy liên kết thẻ' },
    );
    assert.equal(new Set(actions.map((a) => a.action)).size, actions.length);
    const byAction = await log('en', 'action=UserPasswordChanged');
    assert.deepEqual(byAction.map((e) => e.record.name), ['auditee']);
    const detail = (await t.api(admin).get(`/api/system-logs/${byAction[0]!.id}`).set('accept-language', 'vi').expect(200)).body as SystemLogDetail;
    assert.deepEqual([detail.actionLabel, detail.record.kind, detail.record.name], ['Đổi mật khẩu', 'Người dùng', 'auditee']);
    assert.ok(!('passwordHash' in (detail.data as object)), 'the event holds no credential');
  });
});
