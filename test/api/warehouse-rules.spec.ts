import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { P, type PermissionCode, type TicketDetail } from '@rfid/contracts';
import { stockInZones } from '@rfid/backend/modules/tickets/stock/stock.queries';
import { registerReader } from './reader-fixtures.js';
import { createSample, sampleBody } from './sample-fixtures.js';
import { suiteApp, type SuiteApp } from './suite-app.js';

const TAGS = [1, 2, 3, 4, 5].map((i) => `E28011606000027700000${String(i).padStart(3, '0')}`);

/**
 * The rules a warehouse relies on, over HTTP. Stock never goes below zero: five units received, two
 * exported, taking the receipt back would leave −2 and is refused with STOCK_WOULD_GO_NEGATIVE naming
 * the product, the warehouse, what is on hand and the change; the stock stays as it was. A rollback
 * always says why (REASON_REQUIRED). An export is approved only against what is available
 * (STOCK_NOT_AVAILABLE), and one planning more than that is created with the shortage said; an approved
 * one may be cancelled until it starts, releasing what it held. An export names its gate
 * (ALLOWED_GATE_REQUIRED). A tag set apart says whose it is, though its item is on no line.
 */
describe('warehouse rules', () => {
  let { t, admin, c } = {} as SuiteApp;
  let approver: string;
  let productId: string;
  let warehouseId: string;
  let gateId: string;
  suiteApp({ catalogues: true }, (app) => ({ t, admin, c } = app));

  const api = (token = admin) => t.api(token);
  /** Takes a ticket through these steps; `scans` counts the tags given. */
  const steps = async (direction: 'import' | 'export', id: string, names: string[], tags: string[], token = admin) => {
    for (const step of names) {
      const res = await api(step === 'approve' ? approver : token)
        .post(`/api/${direction}-tickets/${id}/${step}`)
        .send(step === 'scans' ? { epcs: tags } : {});
      assert.equal(res.status, 200, `${direction} ${step}: ${JSON.stringify(res.body)}`);
    }
  };
  const ticket = async (direction: 'import' | 'export', planned: number, warehouse = warehouseId) => {
    const gate = direction === 'export' ? { allowedGateId: gateId } : {};
    const res = await api().post(`/api/${direction}-tickets`).send({ source: 'SUPPLIER', warehouseId: warehouse, supplierId: c.active.customers[0], lines: [{ productId, planned }], ...gate });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body as TicketDetail;
  };

  before(async () => {
    warehouseId = c.active.zones[0]!;
    const approve: PermissionCode[] = [P.SAMPLE_MANAGEMENT_EXPORT_TICKET_LIST, P.SAMPLE_MANAGEMENT_EXPORT_TICKET_DETAIL, P.SAMPLE_MANAGEMENT_EXPORT_TICKET_APPROVE];
    const groupId = (await api().post('/api/user-groups').send({ name: 'Trưởng kho', permissions: approve }).expect(201)).body.id;
    await api().post('/api/users').send({ username: 'truong.kho', password: 'secret1', fullName: 'Trưởng kho', groupId }).expect(201);
    approver = await t.login('truong.kho', 'secret1');
    productId = (await api().post('/api/products').send({ code: 'AO-KHOAC', name: 'Áo khoác', unit: 'cái', quantityPerBox: 1, supplierId: c.active.customers[0] }).expect(201)).body.id;
    await api().post('/api/rfid-tags').send({ codes: TAGS }).expect(201);
    for (const tag of TAGS) await api().post('/api/rfid-tags/link-product').send({ tagCode: tag, productId }).expect(200);
    gateId = (await registerReader(t, admin, { code: 'GATE-KHO' })).reader.id;
  });

  it('a rollback needs a reason; one that would take stock below zero is refused, naming the product, warehouse and quantities; the stock stays', async () => {
    const receipt = await ticket('import', 5);
    await steps('import', receipt.id, ['prepare', 'scans', 'prepared', 'start', 'scans', 'close'], TAGS);
    const shipment = await ticket('export', 2);
    await steps('export', shipment.id, ['prepare', 'scans', 'prepared', 'submit', 'approve', 'start', 'scans', 'close'], TAGS.slice(0, 2));
    assert.deepEqual(await stockInZones(t.platform.db, [warehouseId]), [{ productId, zoneId: warehouseId, quantity: 3 }]);

    for (const body of [{}, { reason: '  ' }]) {
      const anonymous = await api().post(`/api/import-tickets/${receipt.id}/rollback`).send(body);
      assert.deepEqual([anonymous.status, anonymous.body.code], [400, 'REASON_REQUIRED'], JSON.stringify(body));
    }
    const refused = await api().post(`/api/import-tickets/${receipt.id}/rollback`).send({ reason: 'nhập nhầm' });
    assert.equal(refused.status, 409, JSON.stringify(refused.body));
    assert.equal(refused.body.code, 'STOCK_WOULD_GO_NEGATIVE');
    assert.deepEqual(refused.body.details, { productId, warehouseId, onHand: 3, change: -5 });
    assert.deepEqual(await stockInZones(t.platform.db, [warehouseId]), [{ productId, zoneId: warehouseId, quantity: 3 }], 'nothing moved');
    assert.equal(((await api().get(`/api/import-tickets/${receipt.id}`).expect(200)).body as TicketDetail).status, 'CLOSED');

    // the export taken back first, the receipt may go: the stock is 0, never below
    await api().post(`/api/export-tickets/${shipment.id}/rollback`).send({ reason: 'xuất nhầm' }).expect(200);
    await api().post(`/api/import-tickets/${receipt.id}/rollback`).send({ reason: 'nhập nhầm' }).expect(200);
    assert.deepEqual(await stockInZones(t.platform.db, [warehouseId]), [], 'none left, none below zero');
  });

  it('an export is approved only against what is available: on hand less what other approved exports hold', async () => {
    // another warehouse, where no export holds anything yet
    const other = c.active.zones[1]!;
    const receipt = await ticket('import', 3, other);
    await steps('import', receipt.id, ['prepare', 'scans', 'prepared', 'start', 'scans', 'close'], TAGS.slice(0, 3));
    const first = await ticket('export', 2, other);
    await steps('export', first.id, ['prepare', 'prepared', 'submit', 'approve'], []);
    const second = await ticket('export', 2, other);
    await steps('export', second.id, ['prepare', 'prepared', 'submit'], []);
    const refused = await api(approver).post(`/api/export-tickets/${second.id}/approve`).send({});
    assert.deepEqual([refused.status, refused.body.code, refused.body.details], [409, 'STOCK_NOT_AVAILABLE', { productId, warehouseId: other, available: 1, planned: 2 }]);
    assert.equal(((await api().get(`/api/export-tickets/${second.id}`).expect(200)).body as TicketDetail).status, 'AWAITING_APPROVAL', 'still awaiting');

    // the first, approved, is cancelled before it starts: what it held is free again, and the second is approved
    const cancelled = (await api(approver).post(`/api/export-tickets/${first.id}/cancel`).send({ reason: 'khách hủy đơn' }).expect(200)).body as TicketDetail;
    assert.equal(cancelled.status, 'CANCELLED');
    await api(approver).post(`/api/export-tickets/${second.id}/approve`).send({}).expect(200);
    // once exporting has started, cancelling is no longer a way back (a rollback is)
    await api().post(`/api/export-tickets/${second.id}/start`).send({}).expect(200);
    const late = await api(approver).post(`/api/export-tickets/${second.id}/cancel`).send({ reason: 'quá muộn' });
    assert.deepEqual([late.status, late.body.code], [409, 'TICKET_ACTION_NOT_ALLOWED']);
  });

  it('an export planning more than is available is created with its shortage said; the shortage goes once stock arrives', async () => {
    // the second warehouse: 3 on hand, 2 held by the export under way there
    const other = c.active.zones[1]!;
    const short = await ticket('export', 4, other);
    assert.deepEqual(short.shortages, [{ productId, code: 'AO-KHOAC', available: 1, planned: 4 }]);
    const receipt = await ticket('import', 5, other);
    await steps('import', receipt.id, ['prepare', 'scans', 'prepared', 'start', 'scans', 'close'], TAGS);
    assert.deepEqual(((await api().get(`/api/export-tickets/${short.id}`).expect(200)).body as TicketDetail).shortages, [], '6 available cover 4');
    await steps('export', short.id, ['prepare', 'prepared', 'submit', 'approve'], []);
    assert.deepEqual(((await api().get(`/api/export-tickets/${short.id}`).expect(200)).body as TicketDetail).shortages, [], 'approved: it holds its units, nothing to warn of');
    await api(approver).post(`/api/export-tickets/${short.id}/cancel`).send({ reason: 'thử' }).expect(200);
    await api().post(`/api/import-tickets/${receipt.id}/rollback`).send({ reason: 'thử' }).expect(200);
  });

  it('an export ticket names the gate its goods leave by, on create and on change; an import need not', async () => {
    const body = { source: 'SUPPLIER', warehouseId, supplierId: c.active.customers[0], lines: [{ productId, planned: 1 }] };
    for (const allowedGateId of [undefined, null]) {
      const res = await api().post('/api/export-tickets').send({ ...body, allowedGateId });
      assert.deepEqual([res.status, res.body.code], [400, 'ALLOWED_GATE_REQUIRED'], String(allowedGateId));
    }
    const created = (await api().post('/api/export-tickets').send({ ...body, allowedGateId: gateId }).expect(201)).body as TicketDetail;
    const changed = await api().put(`/api/export-tickets/${created.id}`).query({ expectedVersion: created.version }).send({ ...body, allowedGateId: null });
    assert.deepEqual([changed.status, changed.body.code], [400, 'ALLOWED_GATE_REQUIRED']);
    await api().post('/api/import-tickets').send(body).expect(201);
  });

  it("a tag set apart says whose it is, though its sample is on no line of the ticket", async () => {
    const onTicket = await createSample(t, admin, sampleBody(c, { sampleCode: 'APART-ON' }));
    const stray = await createSample(t, admin, sampleBody(c, { sampleCode: 'APART-STRAY' }));
    const [onTag, strayTag] = ['E2801160600002770000A001', 'E2801160600002770000A002'];
    await api().post('/api/rfid-tags').send({ codes: [onTag, strayTag] }).expect(201);
    await api().post('/api/rfid-tags/link').send({ tagCode: onTag, sampleId: onTicket.id }).expect(200);
    await api().post('/api/rfid-tags/link').send({ tagCode: strayTag, sampleId: stray.id }).expect(200);
    const loan = (await api().post('/api/export-tickets').send({ source: 'INTERNAL', warehouseId, sampleIds: [onTicket.id], allowedGateId: gateId }).expect(201)).body as TicketDetail;
    await steps('export', loan.id, ['prepare', 'scans'], [onTag, strayTag]);
    const apart = ((await api().get(`/api/export-tickets/${loan.id}`).expect(200)).body as TicketDetail).apart;
    assert.deepEqual(apart.map((a) => [a.epc, a.reason, a.sampleId, a.code]), [[strayTag, 'NOT_ON_TICKET', stray.id, 'APART-STRAY']]);
  });
});
