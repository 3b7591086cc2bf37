import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { LIMITS } from '@rfid/contracts';
import { suiteApp, type SuiteApp } from './suite-app.js';

/**
 * Input at the edges of what the columns and the parser hold answers 400 with a code, never 500: a
 * quantity or a version past an integer column, a page past any offset, a body nested thousands of
 * levels deep (on any route, sign-in included), control characters in a one-line name; and the
 * stocktake upload takes the 100,000 EPCs its schema allows (its body is sized for them).
 */
describe('HTTP input at the edges', () => {
  let { t, admin } = {} as SuiteApp;

  suiteApp({}, (app) => ({ t, admin } = app));

  const codeOf = (res: { status: number; body: { code?: string; details?: { code?: string }[] } }) => [res.status, res.body.code, ...(res.body.details ?? []).map((d) => d.code).filter(Boolean)];

  it('a quantity past what a line holds is QUANTITY_TOO_LARGE, not a database error', async () => {
    const gateTicket = await t
      .api(admin)
      .post('/api/gate-tickets')
      .send({ reason: 'r', gateIds: [randomUUID()], validFrom: new Date().toISOString(), validTo: new Date(Date.now() + 3600_000).toISOString(), items: [{ kind: 'PRODUCT', productId: randomUUID(), quantity: 1e15 }] });
    assert.deepEqual(codeOf(gateTicket), [400, 'QUANTITY_TOO_LARGE', 'QUANTITY_TOO_LARGE']);
    const exportTicket = await t
      .api(admin)
      .post('/api/export-tickets')
      .send({ source: 'SUPPLIER', warehouseId: randomUUID(), lines: [{ productId: randomUUID(), planned: 9007199254740991 }], allowedGateId: randomUUID() });
    assert.deepEqual(codeOf(exportTicket), [400, 'QUANTITY_TOO_LARGE', 'QUANTITY_TOO_LARGE']);
    // the largest allowed is no validation error
    const atMost = await t.api(admin).post('/api/export-tickets').send({ source: 'SUPPLIER', warehouseId: randomUUID(), lines: [{ productId: randomUUID(), planned: LIMITS.QUANTITY_MAX }], allowedGateId: randomUUID() });
    assert.notEqual(atMost.body.code, 'QUANTITY_TOO_LARGE');
    assert.ok(atMost.status < 500, JSON.stringify(atMost.body));
  });

  it("a broken rule of a query is said in the request's language: its own words, or zod's", async () => {
    const size = await t.api(admin).get('/api/samples').query({ size: 15 }).set('accept-language', 'vi');
    assert.deepEqual([size.status, size.body.code, size.body.details[0].message], [400, 'BAD_REQUEST_ERROR', 'Số dòng mỗi trang phải là một trong 10, 20, 30, 50']);
    const english = await t.api(admin).get('/api/samples').query({ size: 15 }).set('accept-language', 'en');
    assert.equal(english.body.details[0].message, 'size must be one of 10, 20, 30, 50');
    const sort = await t.api(admin).get('/api/samples').query({ sort: 'color:up' }).set('accept-language', 'vi');
    assert.match(sort.body.details[0].message, /^sort phải có dạng cột:asc\|desc/);
    const page = await t.api(admin).get('/api/samples').query({ page: 0 }).set('accept-language', 'vi');
    assert.match(page.body.details[0].message, /^Quá nhỏ/, 'zod says it in Vietnamese');
  });

  it('a version or a page past any column is a 400', async () => {
    const page = await t.api(admin).get('/api/samples').query({ page: 1e15 });
    assert.equal(page.status, 400);
    const version = await t.api(admin).put(`/api/alert-configurations/${randomUUID()}`).send({ userId: randomUUID(), methods: ['IN_APP'], actionName: 'a', functionName: 'GATE', timeMinutes: 5, version: 1e15 });
    assert.equal(version.status, 400);
  });

  it('a body nested 20,000 levels deep is refused with 400 on any route, sign-in included', async () => {
    const deep = '['.repeat(20_000) + ']'.repeat(20_000);
    for (const [path, token] of [
      ['/api/auth/login', undefined],
      ['/api/master-data/seasons', admin],
    ] as const) {
      const res = await t.api(token).post(path).set('content-type', 'application/json').send(`{"username":${deep}}`);
      assert.deepEqual([res.status, res.body.code], [400, 'BAD_REQUEST_ERROR'], path);
    }
    // nesting of a real request passes
    const ok = await t.api().post('/api/auth/login').send({ username: 'nobody', password: 'wrong-password' });
    assert.equal(ok.status, 401);
  });

  it('a one-line name with a control character is TEXT_NOT_ONE_LINE', async () => {
    const config = await t.api(admin).post('/api/alert-configurations').send({ userId: randomUUID(), methods: ['IN_APP'], actionName: 'Call\u0007 the guard', functionName: 'GATE', timeMinutes: 5 });
    assert.deepEqual(codeOf(config), [400, 'TEXT_NOT_ONE_LINE', 'TEXT_NOT_ONE_LINE']);
    const group = await t.api(admin).post('/api/user-groups').send({ name: 'Line\nbreak', permissions: [] });
    assert.deepEqual(codeOf(group), [400, 'TEXT_NOT_ONE_LINE', 'TEXT_NOT_ONE_LINE']);
  });

  it('a stocktake upload of 100,000 EPCs reaches the stocktake (no 413); one more is a validation error', async () => {
    const epcs = Array.from({ length: LIMITS.STOCKTAKE_UPLOAD_EPCS_MAX }, (_, i) => `E280${i.toString(16).toUpperCase().padStart(20, '0')}`);
    const res = await t.api(admin).post(`/api/stocktakes/${randomUUID()}/scans`).send({ epcs });
    assert.deepEqual([res.status, res.body.code], [404, 'INVENTORY_NOT_FOUND']);
    const over = await t.api(admin).post(`/api/stocktakes/${randomUUID()}/scans`).send({ epcs: [...epcs, 'E28011112222333344445555'] });
    assert.equal(over.status, 400);
  });
});
