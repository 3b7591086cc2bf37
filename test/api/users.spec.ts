import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { before, describe, it } from 'node:test';
import { suiteApp, type SuiteApp } from './suite-app.js';
import type { SystemLogEntry } from '@rfid/contracts';

describe('users and groups: validation rules and their codes', () => {
  let { t, admin } = {} as SuiteApp;
  let groupId: string;
  suiteApp({}, (app) => ({ t, admin } = app));
  before(async () => {
    groupId = (await t.api(admin).post('/api/user-groups').send({ name: 'Warehouse', permissions: ['DASHBOARD'] }).expect(201)).body.id;
  });

  const valid = () => ({ username: 'valid.user', password: 'secret1', fullName: 'Nguyễn Văn A', position: 'Clerk', groupId });
  const create = (body: object) => t.api(admin).post('/api/users').send(body);

  async function rejects(body: object, field: string, rule: string) {
    const res = await create(body);
    assert.equal(res.status, 400, JSON.stringify(res.body));
    assert.equal(res.body.code, 'BAD_REQUEST_ERROR');
    const hit = (res.body.details as { field: string; rule: string }[]).find((d) => d.field === field);
    assert.ok(hit, `a detail names ${field}: ${JSON.stringify(res.body.details)}`);
    assert.equal(hit.rule, rule);
    return hit;
  }

  it('username is 4 to 25 characters', async () => {
    assert.equal((await rejects({ ...valid(), username: 'abc' }, 'username', 'too_small') as { limit?: number }).limit, 4);
    assert.equal((await rejects({ ...valid(), username: 'a'.repeat(26) }, 'username', 'too_big') as { limit?: number }).limit, 25);
    await create({ ...valid(), username: 'abcd' }).expect(201);
    await create({ ...valid(), username: 'b'.repeat(25) }).expect(201);
  });

  it('username is unique, ignoring case: USERNAME_EXIST', async () => {
    await create({ ...valid(), username: 'unique1' }).expect(201);
    const res = await create({ ...valid(), username: 'UNIQUE1' });
    assert.equal(res.status, 409);
    assert.equal(res.body.code, 'USERNAME_EXIST');
  });

  it('password has at least 6 characters and no spaces', async () => {
    assert.equal((await rejects({ ...valid(), username: 'pw1a', password: '12345' }, 'password', 'too_small') as { limit?: number }).limit, 6);
    await rejects({ ...valid(), username: 'pw2a', password: 'has space' }, 'password', 'invalid_format');
    await create({ ...valid(), username: 'pw3a', password: '123456' }).expect(201);
  });

  it('full name is at most 30 characters, with the SPEC message', async () => {
    const hit = await rejects({ ...valid(), username: 'fn1a', fullName: 'x'.repeat(31) }, 'fullName', 'too_big');
    assert.equal((hit as unknown as { message: string }).message, 'You entered more than 30 characters. Please re-enter!');
    await create({ ...valid(), username: 'fn2a', fullName: 'x'.repeat(30) }).expect(201);
  });

  it('other text is at most 50 characters', async () => {
    await rejects({ ...valid(), username: 'tx1a', position: 'p'.repeat(51) }, 'position', 'too_big');
    const g = await t.api(admin).post('/api/user-groups').send({ name: 'g'.repeat(51) });
    assert.equal(g.status, 400);
    assert.equal(g.body.details[0].field, 'name');
  });

  it('required fields are named when missing', async () => {
    const res = await create({});
    assert.equal(res.status, 400);
    const fields = (res.body.details as { field: string }[]).map((d) => d.field).sort();
    assert.deepEqual(fields, ['fullName', 'groupId', 'password', 'username']);
  });

  it('a user must belong to an existing group: GROUP_NOT_FOUND, and nothing is written', async () => {
    const res = await create({ ...valid(), username: 'orphan', groupId: '11111111-1111-4111-8111-111111111111' });
    assert.equal(res.status, 404);
    assert.equal(res.body.code, 'GROUP_NOT_FOUND');
    const list = await t.api(admin).get('/api/users?q=orphan');
    assert.equal(list.body.total, 0);
    const log = await t.api(admin).get('/api/system-logs?q=orphan');
    assert.equal(log.body.total, 0, 'the refused command left no event');
  });

  it('group names are unique, ignoring case: ROLE_NAME_EXISTS; unknown permission codes are refused', async () => {
    const dup = await t.api(admin).post('/api/user-groups').send({ name: 'WAREHOUSE' });
    assert.equal(dup.status, 409);
    assert.equal(dup.body.code, 'ROLE_NAME_EXISTS');
    const bad = await t.api(admin).post('/api/user-groups').send({ name: 'Odd', permissions: ['NOT_A_CODE'] });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.details[0].field, 'permissions.0');
  });

  it('list: paging, text search of at least 2 characters, filters and sorting', async () => {
    for (let i = 12; i >= 1; i--) await create({ ...valid(), username: `list${String(i).padStart(2, '0')}`, fullName: `Lê Thị ${i}` }).expect(201);
    const page1 = await t.api(admin).get('/api/users?q=list&page=1&size=10&sort=username:asc');
    assert.equal(page1.status, 200);
    assert.deepEqual([page1.body.total, page1.body.page, page1.body.size], [12, 1, 10]);
    assert.deepEqual(
      (page1.body.data as { username: string }[]).map((u) => u.username),
      Array.from({ length: 10 }, (_, i) => `list${String(i + 1).padStart(2, '0')}`),
    );
    const page2 = await t.api(admin).get('/api/users?q=list&page=2&size=10&sort=username:asc');
    assert.deepEqual((page2.body.data as { username: string }[]).map((u) => u.username), ['list11', 'list12']);
    const desc = await t.api(admin).get('/api/users?q=list&size=20&sort=username:desc');
    assert.equal(desc.body.data[0].username, 'list12');
    const short = await t.api(admin).get('/api/users?q=a');
    assert.equal(short.status, 400);
    assert.equal(short.body.details[0].field, 'q');
    assert.equal((await t.api(admin).get('/api/users?size=15')).status, 400);
    const search = await t.api(admin).get('/api/users?q=LÊ%20THỊ%201');
    assert.equal(search.body.total, 4, 'case-insensitive search keeps Vietnamese letters: 1, 10, 11, 12');
    const byGroup = await t.api(admin).get(`/api/users?groupId=${groupId}&status=ACTIVE&size=50`);
    assert.ok(byGroup.body.total >= 12);
    assert.ok((byGroup.body.data as { groupId: string }[]).every((u) => u.groupId === groupId));
    assert.equal((await t.api(admin).get('/api/users?status=LOCKED&q=list')).body.total, 0);
    assert.equal((await t.api(admin).get('/api/users?sort=password_hash:asc')).status, 400);
  });

  it('update with an out-of-date version is a 409 CONCURRENCY_CONFLICT; detail reflects the update', async () => {
    const u = (await create({ ...valid(), username: 'editme' }).expect(201)).body;
    const body = { fullName: 'Edited Name', position: 'Lead', groupId };
    const ok = await t.api(admin).put(`/api/users/${u.id}?expectedVersion=${u.version}`).send(body);
    assert.equal(ok.status, 200);
    assert.equal(ok.body.fullName, 'Edited Name');
    assert.equal(ok.body.version, u.version + 1);
    const stale = await t.api(admin).put(`/api/users/${u.id}?expectedVersion=${u.version}`).send({ ...body, fullName: 'Other' });
    assert.equal(stale.status, 409);
    assert.equal(stale.body.code, 'CONCURRENCY_CONFLICT');
    assert.equal((await t.api(admin).get(`/api/users/${u.id}`)).body.fullName, 'Edited Name');
  });

  it('unknown user and group ids are 404 with their codes; a malformed id is 400', async () => {
    const id = '22222222-2222-4222-8222-222222222222';
    assert.equal((await t.api(admin).get(`/api/users/${id}`)).body.code, 'USER_NOT_FOUND');
    assert.equal((await t.api(admin).post(`/api/users/${id}/lock`)).body.code, 'USER_NOT_FOUND');
    assert.equal((await t.api(admin).get(`/api/user-groups/${id}`)).body.code, 'GROUP_NOT_FOUND');
    assert.equal((await t.api(admin).get('/api/users/not-a-uuid')).status, 400);
  });

  it('malformed JSON and oversized bodies are clear 400 and 413 errors', async () => {
    const bad = await t.api(admin).post('/api/users').set('content-type', 'application/json').send('{bad');
    assert.equal(bad.status, 400);
    assert.equal(bad.body.code, 'BAD_REQUEST_ERROR');
    const big = await t.api(admin).post('/api/users').send({ username: 'x'.repeat(2 * 1024 * 1024) });
    assert.equal(big.status, 413);
    assert.equal(big.body.code, 'PAYLOAD_TOO_LARGE');
  });

  it('groups: list with user counts, assign permissions, catalogue tree', async () => {
    const list = await t.api(admin).get('/api/user-groups?sort=name:asc');
    assert.equal(list.status, 200);
    const wh = (list.body.data as { name: string; userCount: number }[]).find((g) => g.name === 'Warehouse');
    assert.ok(wh && wh.userCount >= 5);
    const assigned = await t.api(admin).put(`/api/user-groups/${groupId}/permissions`).send({ permissions: ['REPORT_LINKING_LIST', 'DASHBOARD', 'DASHBOARD'] });
    assert.equal(assigned.status, 200);
    assert.deepEqual(assigned.body.permissions, ['DASHBOARD', 'REPORT_LINKING_LIST']);
    const tree = await t.api(admin).get('/api/user-groups/permission-catalogue');
    const admin_ = (tree.body as { area: string; resources: { resource: string; actions: { code: string }[] }[] }[]).find((a) => a.area === 'SYSTEM_ADMINISTRATION');
    assert.ok(admin_?.resources.find((r) => r.resource === 'USER')?.actions.some((a) => a.code === 'SYSTEM_ADMINISTRATION_USER_CHANGE_PASSWORD'));
  });
});

describe('system log', () => {
  let { t, admin } = {} as SuiteApp;
  suiteApp({}, (app) => ({ t, admin } = app));

  it('lists events as activity with actor, action, target and summary; filters; detail hides secrets', async () => {
    const g = (await t.api(admin).post('/api/user-groups').send({ name: 'Auditors', permissions: [] }).expect(201)).body;
    await t.api(admin).post('/api/users').send({ username: 'auditee', password: 'secret1', fullName: 'Audit Me', groupId: g.id }).expect(201);
    const all = await t.api(admin).get('/api/system-logs?size=50');
    assert.equal(all.status, 200);
    const created = (all.body.data as SystemLogEntry[]).find((e) => e.action === 'UserCreated' && e.record.name === 'auditee');
    assert.ok(created, 'the UserCreated event is listed');
    assert.equal(created.actor.name, 'admin');
    assert.match(created.streamId, /^user-/);
    assert.doesNotMatch(created.summary, /scrypt|passwordHash/);

    const byAction = await t.api(admin).get('/api/system-logs?action=GroupCreated');
    assert.ok((byAction.body.data as { action: string }[]).every((e) => e.action === 'GroupCreated'));
    assert.equal(byAction.body.total, 2, 'Administrators and Auditors');
    const byActor = await t.api(admin).get('/api/system-logs?actor=admin&action=UserCreated');
    assert.equal(byActor.body.total, 1, 'the bootstrap admin was created by system, auditee by admin');
    const byText = await t.api(admin).get('/api/system-logs?q=Audit%20Me');
    assert.equal(byText.body.total, 1);
    const future = new Date(Date.now() + 3600_000).toISOString();
    assert.equal((await t.api(admin).get(`/api/system-logs?from=${encodeURIComponent(future)}`)).body.total, 0);
    assert.equal((await t.api(admin).get('/api/system-logs?q=x')).status, 400);

    const detail = await t.api(admin).get(`/api/system-logs/${created.id}`);
    assert.equal(detail.status, 200);
    assert.ok(!('passwordHash' in detail.body.data), 'the event holds no credential at all');
    assert.equal(detail.body.data.username, 'auditee');
    assert.equal(detail.body.metadata.actor.name, 'admin');
    assert.equal(detail.body.metadata.source, 'http');
    assert.match(detail.body.metadata.correlationId, /.+/);
    assert.match(detail.body.hash, /^[0-9a-f]{64}$/);
    assert.equal((await t.api(admin).get('/api/system-logs/999999')).body.code, 'NOT_FOUND');
  });

  it('no password hash can be found through the log: the events hold none, and the search looks at nothing the detail hides', async () => {
    const g = (await t.api(admin).post('/api/user-groups').send({ name: 'Hashless', permissions: [] }).expect(201)).body;
    const id = (await t.api(admin).post('/api/users').send({ username: 'hashless', password: 'secret1', fullName: 'Hashless', groupId: g.id }).expect(201)).body.id;
    await t.api(admin).put(`/api/users/${id}/password`).send({ password: 'secret2' }).expect(204);
    const { password_hash } = await t.platform.db.selectFrom('user_credentials').select('password_hash').where('user_id', '=', id).executeTakeFirstOrThrow();
    // What a log viewer guessed a hash with: its scheme, its parameters, a prefix of its salt.
    for (const guess of ['scrypt', 'passwordHash', password_hash.slice(7, 17), password_hash.split('$')[4]!.slice(0, 8)]) {
      const found = await t.api(admin).get(`/api/system-logs?q=${encodeURIComponent(guess)}`).expect(200);
      assert.equal(found.body.total, 0, `searching ${guess}`);
    }
    const stored = await sql<{ n: number }>`select count(*)::int as n from events where data::text like ${`%${password_hash.split('$')[5]!.slice(0, 12)}%`} or data ? 'passwordHash'`.execute(t.platform.db);
    assert.equal(stored.rows[0]!.n, 0, 'no event holds the hash');
  });

  it('health and the OpenAPI document are served', async () => {
    const h = await t.api().get('/api/health');
    assert.equal(h.status, 200);
    assert.equal(h.body.database, 'up');
    const doc = await t.api().get('/api/docs-json');
    assert.equal(doc.status, 200);
    assert.ok(doc.body.paths['/api/users'].get);
    assert.ok(doc.body.paths['/api/auth/login'].post.requestBody);
  });

  it('a correlation id sent by the caller is echoed and recorded', async () => {
    const res = await t.api(admin).post('/api/user-groups').set('x-correlation-id', 'trace-123').send({ name: 'Traced' });
    assert.equal(res.headers['x-correlation-id'], 'trace-123');
    const log = await t.api(admin).get('/api/system-logs?q=Traced');
    const detail = await t.api(admin).get(`/api/system-logs/${log.body.data[0].id}`);
    assert.equal(detail.body.metadata.correlationId, 'trace-123');
  });
});
