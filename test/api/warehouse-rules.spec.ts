import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { P, type PermissionCode, type TicketDetail } from '@rfid/contracts';
import { stockInZones } from '@rfid/backend/modules/tickets/stock/stock.queries';
import { suiteApp, type SuiteApp } from './suite-app.js';

const TAGS = [1, 2, 3, 4, 5].map((i) => `E28011606000027700000${String(i).padStart(3, '0')}`);

/**
 * The rules a warehouse relies on, over HTTP. Stock never goes below zero: five units received, two
 * exported, taking the receipt back would leave −2 and is refused with STOCK_WOULD_GO_NEGATIVE naming
 * the product, the warehouse, what is on hand and the change; the stock stays as it was. A rollback
 * always says why (REASON_REQUIRED). An export is approved only against what is available
 * (STOCK_NOT_AVAILABLE); an approved one may be cancelled until it starts, releasing what it held.
 */
describe('warehouse rules', () => {
  let { t, admin, c } = {} as SuiteApp;
  let approver: string;
  let productId: string;
  let warehouseId: string;
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
    const res = await api().post(`/api/${direction}-tickets`).send({ source: 'SUPPLIER', warehouseId: warehouse, supplierId: c.active.customers[0], lines: [{ productId, planned }] });
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
});
