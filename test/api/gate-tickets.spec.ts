import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, it } from 'node:test';
import { P, type GateTicketDetail, type GateTicketListResponse, type PermissionCode, type SystemLogEntry } from '@rfid/contracts';
import { rebuildProjections } from '@rfid/backend/platform/projections/rebuild';
import { sql } from 'kysely';
import { assertEachCallNeeds } from './permission-fixtures.js';
import { registerReader } from './reader-fixtures.js';
import { suiteApp, type SuiteApp } from './suite-app.js';
import { createCatalogues, createSample, sampleBody } from './sample-fixtures.js';

const TAG = 'E28011606000020A1B2C0001';
const at = (day: number, hour = 0) => new Date(Date.UTC(2026, 2, day, hour)).toISOString();

/**
 * Security gate tickets over HTTP: created with samples, a product's quantity and a tag for GATE
 * readers only; listed by text, state, gate and window; changed with the version the form saw;
 * approved or canceled by someone other than the creator, and then fixed; deleted while CREATED;
 * each route with its own permission; a rebuild giving the same rows.
 */
describe('gate tickets', () => {
  let { t, admin } = {} as SuiteApp;
  let clerk: string;
  let approver: string;
  let nobody: string;
  let probeGroup: string;
  let probe: string;
  const gates = { north: '', south: '', handheld: '' };
  const samples: { id: string; code: string }[] = [];
  let product: { id: string; code: string };
  let a: GateTicketDetail;
  let b: GateTicketDetail;
  let c: GateTicketDetail;

  const api = (token: string) => t.api(token);
  const group = async (name: string, permissions: PermissionCode[]) => (await api(admin).post('/api/user-groups').send({ name, permissions }).expect(201)).body.id as string;
  const user = async (username: string, groupId: string) => {
    await api(admin).post('/api/users').send({ username, password: 'secret1', fullName: username, groupId }).expect(201);
    return t.login(username, 'secret1');
  };
  const body = (overrides: Record<string, unknown> = {}) => ({
    reason: 'Mẫu đi hội chợ Đà Nẵng',
    gateIds: [gates.north],
    validFrom: at(1, 8),
    validTo: at(1, 18),
    items: [
      { kind: 'SAMPLE', sampleId: samples[0]!.id },
      { kind: 'SAMPLE', sampleId: samples[1]!.id },
      { kind: 'PRODUCT', productId: product.id, quantity: 5 },
      { kind: 'TAG', tagCode: TAG.toLowerCase() },
    ],
    ...overrides,
  });
  const create = async (token: string, b: object) => {
    const res = await api(token).post('/api/gate-tickets').send(b);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body as GateTicketDetail;
  };
  const detail = async (token: string, id: string) => (await api(token).get(`/api/gate-tickets/${id}`).expect(200)).body as GateTicketDetail;
  const list = async (query: string) => (await api(admin).get(`/api/gate-tickets?${query}`).expect(200)).body as GateTicketListResponse;
  const codes = async (query: string) => (await list(query)).data.map((x) => x.code);
  const refusal = async (res: PromiseLike<{ status: number; body: { code: string } }>) => {
    const r = await res;
    return [r.status, r.body.code];
  };

  suiteApp({}, (app) => ({ t, admin } = app));
  before(async () => {
    const cat = await createCatalogues(t, admin);
    for (const [i, name] of ['Giày chạy bộ nữ', 'Dép quai ngang'].entries()) {
      const s = await createSample(t, admin, sampleBody(cat, { sampleCode: `GT-S${i + 1}`, name }));
      samples.push({ id: s.id, code: s.sampleCode });
    }
    product = (await api(admin).post('/api/products').send({ name: 'Áo thun cổ tròn', unit: 'pcs', quantityPerBox: 12 }).expect(201)).body;
    gates.north = (await registerReader(t, admin, { code: 'GATE-N', name: 'Cổng Bắc' })).reader.id;
    gates.south = (await registerReader(t, admin, { code: 'GATE-S', name: 'Cổng Nam' })).reader.id;
    gates.handheld = (await registerReader(t, admin, { code: 'HH-1', name: 'Máy cầm tay', kind: 'HANDHELD' })).reader.id;
    const all = [P.SECURITY_GATE_TICKET_LIST, P.SECURITY_GATE_TICKET_CREATE, P.SECURITY_GATE_TICKET_UPDATE, P.SECURITY_GATE_TICKET_DELETE];
    clerk = await user('gt.clerk', await group('Bảo vệ', all));
    approver = await user('gt.boss', await group('Trưởng bảo vệ', [...all, P.SECURITY_GATE_TICKET_APPROVE]));
    nobody = await user('gt.nobody', await group('Không quyền', []));
    probeGroup = await group('Probe', []);
    probe = await user('gt.probe', probeGroup);
  });

  it('create: a GT code, CREATED, its items named (a tag as the schema normalizes it), its gates, who created it and what each viewer may do', async () => {
    a = await create(clerk, body());
    assert.match(a.code, /^GT\d{6}$/);
    assert.deepEqual(
      [a.state, a.reason, a.validFrom, a.validTo, a.itemCount, a.version, a.createdBy.name, a.decidedBy, a.decidedAt],
      ['CREATED', 'Mẫu đi hội chợ Đà Nẵng', at(1, 8), at(1, 18), 4, 1, 'gt.clerk', null, null],
    );
    assert.deepEqual(a.gates, [{ id: gates.north, code: 'GATE-N', name: 'Cổng Bắc' }]);
    assert.deepEqual(a.items, [
      { kind: 'SAMPLE', id: samples[0]!.id, code: samples[0]!.code, name: 'Giày chạy bộ nữ', quantity: 1, passed: 0 },
      { kind: 'SAMPLE', id: samples[1]!.id, code: samples[1]!.code, name: 'Dép quai ngang', quantity: 1, passed: 0 },
      { kind: 'PRODUCT', id: product.id, code: product.code, name: 'Áo thun cổ tròn', quantity: 5, passed: 0 },
      { kind: 'TAG', id: null, code: TAG, name: null, quantity: 1, passed: 0 },
    ]);
    assert.deepEqual(a.allowedActions, ['UPDATE', 'DELETE']);
    assert.deepEqual((await detail(approver, a.id)).allowedActions, ['UPDATE', 'DELETE', 'APPROVE', 'CANCEL']);
    const next = await create(clerk, body({ items: [{ kind: 'TAG', tagCode: TAG }] }));
    assert.equal(Number(next.code.slice(2)), Number(a.code.slice(2)) + 1);
    await api(clerk).delete(`/api/gate-tickets/${next.id}`).expect(204);
  });

  it('create refused: a reader that is not a GATE, a gate or sample or product that names nothing, a window that ends before it starts', async () => {
    const post = (b: object) => api(clerk).post('/api/gate-tickets').send(b);
    assert.deepEqual(await refusal(post(body({ gateIds: [gates.north, gates.handheld] }))), [400, 'GATE_NOT_FOUND']);
    assert.deepEqual(await refusal(post(body({ gateIds: [randomUUID()] }))), [400, 'GATE_NOT_FOUND']);
    assert.deepEqual(await refusal(post(body({ validFrom: at(2), validTo: at(1) }))), [400, 'VALID_RANGE_NOT_VALID']);
    assert.deepEqual(await refusal(post(body({ items: [{ kind: 'SAMPLE', sampleId: randomUUID() }] }))), [400, 'BAD_REQUEST_ERROR']);
    assert.deepEqual(await refusal(post(body({ items: [{ kind: 'PRODUCT', productId: randomUUID(), quantity: 1 }] }))), [404, 'PRODUCT_NOT_FOUND']);
    assert.deepEqual(await refusal(post(body({ items: [{ kind: 'PRODUCT', productId: product.id, quantity: 0 }] }))), [400, 'QUANTITY_TOO_SMALL']);
    assert.deepEqual(await refusal(api(clerk).get(`/api/gate-tickets/${randomUUID()}`)), [404, 'GATE_TICKET_NOT_FOUND']);
    const { n } = await t.platform.db.selectFrom('gate_tickets').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    assert.equal(Number(n), 1, 'nothing refused was kept');
  });

  it('the detail counts the distinct tags each item let through the gates on this ticket', async () => {
    let n = 0;
    const pass = (item: { kind: string; id: string | null; code: string }, epc: string, decision = 'ALLOWED', permitId: string | null = a.id) => ({
      id: randomUUID(),
      at: new Date(Date.UTC(2026, 2, 1, 9, 0, n++)),
      gate_id: gates.north,
      gate_code: 'GATE-N',
      gate_name: 'Cổng Bắc',
      antenna: 1,
      direction: 'OUT',
      epc,
      item_kind: item.kind,
      item_id: item.id,
      item_code: item.code,
      item_name: null,
      decision,
      permit_kind: permitId ? 'GATE_TICKET' : null,
      permit_id: permitId,
      permit_code: permitId ? a.code : null,
      alert_id: null,
      search_key: epc.toLowerCase(),
    });
    const sample = { kind: 'SAMPLE', ...samples[0]! };
    const unit = { kind: 'PRODUCT', id: product.id, code: product.code };
    await t.platform.db
      .insertInto('gate_passes')
      .values([
        pass(sample, 'E1'),
        pass(sample, 'E1'),
        pass(unit, 'P1'),
        pass(unit, 'P2'),
        pass(unit, 'P3'),
        pass(unit, 'P3'),
        // an alert, and a pass on another ticket, do not count for this one
        pass(unit, 'P4', 'ALERT', null),
        pass(unit, 'P5', 'ALLOWED', randomUUID()),
        pass({ kind: 'TAG', id: null, code: TAG }, TAG),
      ])
      .execute();
    assert.deepEqual((await detail(clerk, a.id)).items.map((i) => [i.code, i.passed]), [
      [samples[0]!.code, 1],
      [samples[1]!.code, 0],
      [product.code, 3],
      [TAG, 1],
    ]);
  });

  it('the list: q over code and reason without accents, state, gate, the window overlapping from/to, sorted and paged', async () => {
    b = await create(clerk, body({ reason: 'Trả hàng nhà cung cấp', gateIds: [gates.south], validFrom: at(5), validTo: at(6) }));
    c = await create(clerk, body({ reason: 'Bảo hành', gateIds: [gates.south, gates.north], validFrom: new Date(Date.UTC(2026, 1, 20)).toISOString(), validTo: at(2) }));
    assert.deepEqual(await codes(''), [c.code, b.code, a.code], 'newest first');
    assert.deepEqual(await codes('q=hoi%20cho%20da%20nang'), [a.code]);
    assert.deepEqual(await codes('q=BẢO'), [c.code]);
    assert.deepEqual(await codes(`q=${b.code.toLowerCase()}`), [b.code]);
    assert.deepEqual(await codes('state=CREATED&sort=code:asc'), [a.code, b.code, c.code]);
    assert.deepEqual(await codes('state=APPROVED'), []);
    assert.deepEqual(await codes(`gateId=${gates.south}&sort=code:asc`), [b.code, c.code]);
    assert.deepEqual(await codes(`gateId=${gates.handheld}`), []);
    assert.deepEqual(await codes(`from=${at(1, 19)}&to=${at(4)}`), [c.code], 'a ends before, b starts after the range');
    assert.deepEqual(await codes(`from=${at(1, 12)}&sort=code:asc`), [a.code, b.code, c.code]);
    assert.deepEqual(await codes(`to=${at(1)}`), [c.code]);
    assert.deepEqual(await codes(`from=${at(5, 12)}`), [b.code]);
    assert.deepEqual(await codes('sort=validFrom:asc'), [c.code, a.code, b.code]);
    assert.deepEqual(await codes('sort=code:desc'), [c.code, b.code, a.code]);
    assert.deepEqual(await codes('sort=createdAt:asc'), [a.code, b.code, c.code]);
    const first = await list('sort=code:asc&size=10');
    assert.deepEqual([first.total, first.page, first.size, first.data.length], [3, 1, 10, 3]);
    const second = await list('sort=code:asc&size=10&page=2');
    assert.deepEqual([second.total, second.page, second.data], [3, 2, []]);
    const row = (await list(`q=${c.code}`)).data[0]!;
    assert.deepEqual([row.itemCount, row.gates.map((g) => g.code)], [4, ['GATE-N', 'GATE-S']]);
    assert.equal((await api(admin).get('/api/gate-tickets?sort=reason:asc')).status, 400);
  });

  it('update replaces every field with the version the form saw; a stale version is a conflict; its references are checked again', async () => {
    const changed = body({ reason: 'Mẫu đi triển lãm', gateIds: [gates.north, gates.south], validTo: at(1, 20), items: [{ kind: 'PRODUCT', productId: product.id, quantity: 8 }], version: 1 });
    const d = (await api(clerk).put(`/api/gate-tickets/${a.id}`).send(changed).expect(200)).body as GateTicketDetail;
    assert.deepEqual(
      [d.version, d.reason, d.validTo, d.itemCount, d.gates.map((g) => g.code), d.items.map((i) => [i.code, i.quantity, i.passed])],
      [2, 'Mẫu đi triển lãm', at(1, 20), 1, ['GATE-N', 'GATE-S'], [[product.code, 8, 3]]],
    );
    assert.deepEqual(await codes('q=trien%20lam'), [a.code], 'the search key follows the reason');
    assert.deepEqual(await codes('q=hoi%20cho'), []);
    assert.deepEqual(await refusal(api(clerk).put(`/api/gate-tickets/${a.id}`).send(changed)), [409, 'CONCURRENCY_CONFLICT']);
    assert.deepEqual(await refusal(api(clerk).put(`/api/gate-tickets/${a.id}`).send({ ...changed, version: 2, gateIds: [gates.handheld] })), [400, 'GATE_NOT_FOUND']);
    assert.deepEqual(await refusal(api(clerk).put(`/api/gate-tickets/${a.id}`).send({ ...changed, version: 2, validFrom: at(3) })), [400, 'VALID_RANGE_NOT_VALID']);
    assert.equal((await api(clerk).put(`/api/gate-tickets/${a.id}`).send({ ...changed, version: undefined })).status, 400, 'the version is required');
    assert.deepEqual(await refusal(api(clerk).put(`/api/gate-tickets/${randomUUID()}`).send(changed)), [404, 'GATE_TICKET_NOT_FOUND']);
    assert.equal((await detail(clerk, a.id)).version, 2, 'nothing refused changed it');
  });

  it('approval: never by the creator nor without the permission; approved or canceled, it is fixed', async () => {
    const own = await create(approver, body({ items: [{ kind: 'TAG', tagCode: TAG }] }));
    assert.deepEqual((await detail(approver, own.id)).allowedActions, ['UPDATE', 'DELETE'], 'its creator is offered neither approve nor cancel');
    assert.deepEqual(await refusal(api(approver).post(`/api/gate-tickets/${own.id}/approve`)), [403, 'APPROVER_IS_CREATOR']);
    assert.deepEqual(await refusal(api(approver).post(`/api/gate-tickets/${own.id}/cancel`)), [403, 'APPROVER_IS_CREATOR']);
    assert.deepEqual(await refusal(api(clerk).post(`/api/gate-tickets/${a.id}/approve`)), [403, 'FORBIDDEN']);

    const approved = (await api(approver).post(`/api/gate-tickets/${a.id}/approve`).expect(200)).body as GateTicketDetail;
    assert.deepEqual([approved.state, approved.decidedBy?.name, typeof approved.decidedAt, approved.version, approved.allowedActions], ['APPROVED', 'gt.boss', 'string', 3, []]);
    const edit = body({ version: 3 });
    assert.deepEqual(await refusal(api(clerk).put(`/api/gate-tickets/${a.id}`).send(edit)), [409, 'GATE_TICKET_NOT_EDITABLE']);
    assert.deepEqual(await refusal(api(clerk).delete(`/api/gate-tickets/${a.id}`)), [409, 'GATE_TICKET_NOT_EDITABLE']);
    assert.deepEqual(await refusal(api(approver).post(`/api/gate-tickets/${a.id}/cancel`)), [409, 'GATE_TICKET_NOT_EDITABLE']);

    const canceled = (await api(approver).post(`/api/gate-tickets/${b.id}/cancel`).expect(200)).body as GateTicketDetail;
    assert.deepEqual([canceled.state, canceled.decidedBy?.name, canceled.allowedActions], ['CANCELED', 'gt.boss', []]);
    assert.deepEqual(await refusal(api(approver).post(`/api/gate-tickets/${b.id}/approve`)), [409, 'GATE_TICKET_NOT_EDITABLE']);
    assert.deepEqual(await refusal(api(clerk).put(`/api/gate-tickets/${b.id}`).send({ ...edit, version: canceled.version })), [409, 'GATE_TICKET_NOT_EDITABLE']);
    assert.deepEqual(await codes('state=APPROVED'), [a.code]);
    assert.deepEqual(await codes('state=CANCELED'), [b.code]);
    await api(approver).delete(`/api/gate-tickets/${own.id}`).expect(204);
  });

  it('delete while CREATED: the ticket is gone from the list and the detail, its gates and items too', async () => {
    await api(clerk).delete(`/api/gate-tickets/${c.id}`).expect(204);
    assert.deepEqual(await refusal(api(clerk).get(`/api/gate-tickets/${c.id}`)), [404, 'GATE_TICKET_NOT_FOUND']);
    assert.deepEqual(await refusal(api(clerk).delete(`/api/gate-tickets/${c.id}`)), [404, 'GATE_TICKET_NOT_FOUND']);
    assert.deepEqual(await refusal(api(approver).post(`/api/gate-tickets/${c.id}/approve`)), [404, 'GATE_TICKET_NOT_FOUND']);
    assert.deepEqual(await codes('sort=code:asc'), [a.code, b.code]);
    for (const table of ['gate_ticket_gates', 'gate_ticket_items'] as const) {
      assert.equal((await t.platform.db.selectFrom(table).select('ticket_id').where('ticket_id', '=', c.id).execute()).length, 0, table);
    }
  });

  it('each route needs its own permission; a user without any is refused every one', async () => {
    const ticket = await create(clerk, body({ items: [{ kind: 'TAG', tagCode: TAG }] }));
    const calls = {
      list: () => api(probe).get('/api/gate-tickets'),
      detail: () => api(probe).get(`/api/gate-tickets/${ticket.id}`),
      create: () => api(probe).post('/api/gate-tickets').send({}),
      update: () => api(probe).put(`/api/gate-tickets/${ticket.id}`).send({}),
      remove: () => api(probe).delete(`/api/gate-tickets/${randomUUID()}`),
      approve: () => api(probe).post(`/api/gate-tickets/${randomUUID()}/approve`),
      cancel: () => api(probe).post(`/api/gate-tickets/${randomUUID()}/cancel`),
    };
    const needs: Record<keyof typeof calls, PermissionCode> = {
      list: P.SECURITY_GATE_TICKET_LIST,
      detail: P.SECURITY_GATE_TICKET_LIST,
      create: P.SECURITY_GATE_TICKET_CREATE,
      update: P.SECURITY_GATE_TICKET_UPDATE,
      remove: P.SECURITY_GATE_TICKET_DELETE,
      approve: P.SECURITY_GATE_TICKET_APPROVE,
      cancel: P.SECURITY_GATE_TICKET_APPROVE,
    };
    await assertEachCallNeeds(calls, needs, (permissions) => api(admin).put(`/api/user-groups/${probeGroup}/permissions`).send({ permissions }).expect(200));
    for (const res of [
      api(nobody).get('/api/gate-tickets'),
      api(nobody).get(`/api/gate-tickets/${ticket.id}`),
      api(nobody).post('/api/gate-tickets').send(body()),
      api(nobody).put(`/api/gate-tickets/${ticket.id}`).send(body({ version: 1 })),
      api(nobody).delete(`/api/gate-tickets/${ticket.id}`),
      api(nobody).post(`/api/gate-tickets/${ticket.id}/approve`),
      api(nobody).post(`/api/gate-tickets/${ticket.id}/cancel`),
    ]) {
      assert.deepEqual(await refusal(res), [403, 'FORBIDDEN']);
    }
    assert.equal((await detail(clerk, ticket.id)).state, 'CREATED');
  });

  it('the system log names a gate ticket by its code and says what happened; the OpenAPI document has every route', async () => {
    // q matches the event types: every gate ticket event fits one page
    const log = async (language: string) => (await api(admin).get('/api/system-logs?q=GateTicket&size=50').set('accept-language', language).expect(200)).body.data as SystemLogEntry[];
    const entries = async (language: string) =>
      (await log(language))
        .filter((e) => e.streamId === `gate-ticket-${a.id}`)
        .map((e) => [e.record.kind, e.record.name, e.actionLabel, e.summary]);
    assert.deepEqual(await entries('vi'), [
      ['Phiếu qua cổng', a.code, 'Duyệt phiếu qua cổng', 'Bởi gt.boss'],
      ['Phiếu qua cổng', a.code, 'Sửa phiếu qua cổng', '1 mục, 2 cổng, lý do: Mẫu đi triển lãm'],
      ['Phiếu qua cổng', a.code, 'Tạo phiếu qua cổng', '4 mục, 1 cổng, lý do: Mẫu đi hội chợ Đà Nẵng'],
    ]);
    assert.deepEqual((await entries('en'))[0], ['Gate ticket', a.code, 'Gate ticket approved', 'By gt.boss']);
    const deleted = (await log('en')).find((e) => e.streamId === `gate-ticket-${c.id}` && e.action === 'GateTicketDeleted');
    assert.equal(deleted?.summary, `Code ${c.code}`, 'a deleted ticket is still named in its summary');
    const doc = (await t.api().get('/api/docs-json').expect(200)).body as { paths: Record<string, Record<string, unknown>> };
    assert.deepEqual(Object.keys(doc.paths['/api/gate-tickets']!).sort(), ['get', 'post']);
    assert.deepEqual(Object.keys(doc.paths['/api/gate-tickets/{id}']!).sort(), ['delete', 'get', 'put']);
    for (const path of ['/api/gate-tickets/{id}/approve', '/api/gate-tickets/{id}/cancel']) assert.ok(doc.paths[path]?.post, path);
  });

  it('every gate ticket event leaves the read models as a rebuild makes them', async () => {
    const snapshot = async () => ({
      tickets: (await sql`select * from gate_tickets order by id`.execute(t.platform.db)).rows,
      gates: (await sql`select * from gate_ticket_gates order by ticket_id, gate_id`.execute(t.platform.db)).rows,
      items: (await sql`select * from gate_ticket_items order by ticket_id, position`.execute(t.platform.db)).rows,
    });
    const live = await snapshot();
    assert.ok(live.tickets.length >= 3);
    await rebuildProjections(t.platform.db, t.platform.store, t.platform.projections, ['gate-tickets']);
    assert.deepEqual(await snapshot(), live);
  });
});
