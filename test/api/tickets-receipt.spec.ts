import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { InventoryRow, TicketDetail } from '@rfid/contracts';
import { rebuildProjections } from '@rfid/backend/platform/projections/rebuild';
import { waitFor } from '@rfid/backend/testing/wait-for';
import { SimulatedReader, sgtin96Epc, withCheckDigit } from '@rfid/simulators';
import { sql } from 'kysely';
import { registerReader } from './reader-fixtures.js';
import { binary, dataRows, load } from './excel-fixtures.js';
import { suiteApp, type SuiteApp } from './suite-app.js';

const GTIN = withCheckDigit('0893456700012');
const UNIT_TAGS = ['E28068940000501234560001', 'E28068940000501234560002'];
const BOX_TAG = 'E280689400005012345600B1';
const UNKNOWN = 'E280689400005012345600FF';
const READS_PER_ANTENNA = 50;

/**
 * A supplier's goods received through a gate over MQTT: three products, one counted by its GTIN
 * (SGTIN-96 tags, no registration), one by tags linked to it, one by a box tag; every tag read 50
 * times on each of the gate's two antennas, and counted once; an unknown tag listed apart. Closing
 * puts the actual quantities in stock, a rollback takes them out again; the inventory as of a time
 * between two tickets is the stock then; a rebuild gives the same rows.
 */
describe('tickets: a supplier receipt scanned through a gate, the stock and the inventory', () => {
  let { t, admin, url, c } = {} as SuiteApp;
  let gate: SimulatedReader;
  const products: { id: string; code: string }[] = [];

  const api = () => t.api(admin);
  const act = async (id: string, action: string, body: object = {}) => {
    const res = await api().post(`/api/import-tickets/${id}/${action}`).send(body);
    assert.equal(res.status, 200, `${action}: ${JSON.stringify(res.body)}`);
    return res.body as TicketDetail;
  };
  const stock = async (query = '') => ((await api().get(`/api/inventory?size=50${query}`).expect(200)).body.data as InventoryRow[]).map((r) => [r.productCode, r.onHand]);
  const receipt = (lines: { productId: string; planned: number }[], gateId: string) =>
    api().post('/api/import-tickets').send({ source: 'SUPPLIER', warehouseId: c.active.zones[0], supplierId: c.active.customers[0], poNumber: 'PO-2026-117', allowedGateId: gateId, lines });

  suiteApp({ broker: true, catalogues: true, teardown: () => gate?.leave('goodbye').catch(() => {}) }, (app) => ({ t, admin, url, c } = app));
  before(async () => {
    // made out of their codes' order, which the inventory sorts by
    const bodies = [
      { code: 'TAT', name: 'Tất', unit: 'đôi', quantityPerBox: 12, supplierId: c.active.customers[0] },
      { code: 'AO-THUN', name: 'Áo thun', unit: 'cái', quantityPerBox: 1, supplierId: c.active.customers[0], gtin: GTIN },
      { code: 'QUAN-JEAN', name: 'Quần jean', unit: 'cái', quantityPerBox: 1, supplierId: c.active.customers[0] },
    ];
    const made = new Map<string, { id: string; code: string }>();
    for (const body of bodies) {
      const res = await api().post('/api/products').send(body);
      assert.equal(res.status, 201, JSON.stringify(res.body));
      made.set(body.code, { id: res.body.id, code: res.body.code });
    }
    products.push(made.get('AO-THUN')!, made.get('QUAN-JEAN')!, made.get('TAT')!);
    await api().post('/api/rfid-tags').send({ codes: [...UNIT_TAGS, BOX_TAG, UNKNOWN] }).expect(201);
    for (const tag of UNIT_TAGS) await api().post('/api/rfid-tags/link-product').send({ tagCode: tag, productId: products[1]!.id }).expect(200);
    await api().post('/api/rfid-tags/link-product').send({ tagCode: BOX_TAG, productId: products[2]!.id, box: true }).expect(200);
    const r = await registerReader(t, admin, { code: 'GATE-KHO-A', kind: 'GATE', format: 'ZEBRA', zoneId: c.active.zones[0] });
    gate = await SimulatedReader.connect({ url, code: r.credentials.username, password: r.credentials.password, format: 'ZEBRA', heartbeatSeconds: 0 });
  });

  it("a supplier's ticket names its products: at least one line, each product once, each at least 1", async () => {
    const refusal = async (lines: { productId: string; planned: number }[]) => {
      const res = await api().post('/api/import-tickets').send({ source: 'SUPPLIER', warehouseId: c.active.zones[0], supplierId: c.active.customers[0], lines });
      return [res.status, res.body.code, res.body.details?.[0]?.field];
    };
    assert.deepEqual(await refusal([]), [400, 'PRODUCT_LIST_EMPTY', 'lines']);
    assert.deepEqual(await refusal([{ productId: products[0]!.id, planned: 1 }, { productId: products[0]!.id, planned: 2 }]), [400, 'PRODUCT_ALREADY_ON_TICKET', 'lines']);
    assert.deepEqual(await refusal([{ productId: products[0]!.id, planned: 0 }]), [400, 'QUANTITY_TOO_SMALL', 'lines.0.planned']);
  });

  it('three products received: actual quantities exact with each tag read 50 times on two antennas; the unknown tag apart; closed, rolled back', async () => {
    const gateId = (await api().get('/api/readers?q=GATE-KHO-A').expect(200)).body.data[0].id as string;
    const created = await receipt(
      [
        { productId: products[0]!.id, planned: 3 },
        { productId: products[1]!.id, planned: 2 },
        { productId: products[2]!.id, planned: 12 },
      ],
      gateId,
    );
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const ticket = created.body as TicketDetail;
    await act(ticket.id, 'prepare');
    await act(ticket.id, 'prepared');
    await act(ticket.id, 'start');
    const scanning = await api().post(`/api/import-tickets/${ticket.id}/scanning/start`).send({});
    assert.equal(scanning.status, 200, JSON.stringify(scanning.body));
    assert.equal(gate.state.scanning, true, 'the gate (MANUAL) was told to start');

    const tags = [sgtin96Epc(GTIN, 1), sgtin96Epc(GTIN, 2), sgtin96Epc(GTIN, 3), ...UNIT_TAGS, BOX_TAG, UNKNOWN];
    for (let i = 0; i < READS_PER_ANTENNA; i++) {
      for (const antenna of [1, 2]) await gate.read(tags.map((epc) => ({ epc, antenna, rssi: -50 - i % 10, count: 1 })));
    }
    const d = await waitFor('the receipt counted', async () => {
      const now = (await api().get(`/api/import-tickets/${ticket.id}`).expect(200)).body as TicketDetail;
      return now.totals.actual === 17 && now.totals.apart === 1 ? now : undefined;
    });
    assert.deepEqual(d.lines.map((l) => [l.code, l.planned, l.actual]), [['AO-THUN', 3, 3], ['QUAN-JEAN', 2, 2], ['TAT', 12, 12]]);
    assert.deepEqual(d.apart.map((a) => [a.epc, a.reason]), [[UNKNOWN, 'UNKNOWN']]);

    await api().post(`/api/import-tickets/${ticket.id}/scanning/stop`).send({}).expect(200);
    assert.equal(gate.state.scanning, false, 'the gate was told to stop');
    const closed = await act(ticket.id, 'close');
    assert.equal(closed.status, 'CLOSED');
    assert.deepEqual(await stock(), [['AO-THUN', 3], ['QUAN-JEAN', 2], ['TAT', 12]]);
    assert.deepEqual(await stock('&sort=productCode:desc'), [['TAT', 12], ['QUAN-JEAN', 2], ['AO-THUN', 3]]);
    assert.deepEqual(await stock(`&q=${encodeURIComponent('ao thun')}`), [['AO-THUN', 3]], 'searched without accents');
    const rolledBack = await act(ticket.id, 'rollback', { reason: 'nhập nhầm kho' });
    assert.equal(rolledBack.status, 'RECEIVING');
    assert.deepEqual((await stock()).map(([, n]) => n), [0, 0, 0]);
    await act(ticket.id, 'close');
    assert.deepEqual(await stock(), [['AO-THUN', 3], ['QUAN-JEAN', 2], ['TAT', 12]]);
  });

  it('the inventory as of a time between two tickets is the stock at that time; the report shows the movements of a period', async () => {
    const gateId = (await api().get('/api/readers?q=GATE-KHO-A').expect(200)).body.data[0].id as string;
    const between = new Date();
    // the moments are the database's: make sure the next ticket closes strictly after `between`
    await waitFor('the clock moved on', async () => ((await sql<{ now: Date }>`select now() as now`.execute(t.platform.db)).rows[0]!.now > between ? true : undefined));
    const second = (await receipt([{ productId: products[0]!.id, planned: 5 }], gateId).then((r) => r.body)) as TicketDetail;
    for (const action of ['prepare', 'prepared', 'start']) await act(second.id, action);
    await api().post(`/api/import-tickets/${second.id}/scans`).send({ epcs: [4, 5, 6, 7, 8].map((n) => sgtin96Epc(GTIN, n)) }).expect(200);
    await act(second.id, 'close');
    assert.deepEqual(await stock(), [['AO-THUN', 8], ['QUAN-JEAN', 2], ['TAT', 12]]);
    assert.deepEqual(await stock(`&asOf=${encodeURIComponent(between.toISOString())}`), [['AO-THUN', 3], ['QUAN-JEAN', 2], ['TAT', 12]]);

    const report = (await api().get(`/api/reports/inventory?from=${encodeURIComponent(between.toISOString())}&to=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`).expect(200)).body as {
      productCode: string;
      opening: number;
      in: number;
      out: number;
      closing: number;
    }[];
    const thun = report.find((r) => r.productCode === 'AO-THUN')!;
    assert.deepEqual([thun.opening, thun.in, thun.out, thun.closing], [3, 5, 0, 8]);

    // the exports write the lists' columns, each row's values under its header
    const exported = async (path: string) => {
      const sheet = (await load((await api().get(path).set('accept-language', 'en').buffer(true).parse(binary).expect(200)).body as Buffer)).worksheets[0]!;
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      return { header, rows: dataRows(sheet.workbook, header.length) };
    };
    const inventory = await exported('/api/inventory/export?sort=productCode:asc');
    assert.deepEqual(inventory.header, ['Product code', 'Product name', 'Unit', 'Warehouse', 'On hand', 'Reserved', 'Incoming']);
    const zoneName = (inventory.rows[0]![3] as string | null) ?? '';
    assert.deepEqual(inventory.rows.map((r) => [r[0], r[4]]), [['AO-THUN', 8], ['QUAN-JEAN', 2], ['TAT', 12]]);
    assert.ok(zoneName.length > 0, 'the warehouse is named');
    const period = `from=${encodeURIComponent(between.toISOString())}&to=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`;
    const movements = await exported(`/api/reports/inventory/export?${period}`);
    assert.deepEqual(movements.header, ['Product code', 'Product name', 'Warehouse', 'Opening', 'In', 'Out', 'Closing', 'Tickets']);
    const thunRow = movements.rows.find((r) => r[0] === 'AO-THUN')!;
    assert.deepEqual([thunRow[2], thunRow.slice(3, 7), thunRow[7]], [zoneName, [3, 5, 0, 8], `${second.code} (+5)`]);
  });

  it('a supplier export: approved by another user it reserves its quantity; closed, it takes the stock out', async () => {
    const groupId = (await api().post('/api/user-groups').send({ name: 'Duyệt xuất', permissions: ['SAMPLE_MANAGEMENT_EXPORT_TICKET_DETAIL', 'SAMPLE_MANAGEMENT_EXPORT_TICKET_APPROVE'] }).expect(201)).body.id;
    await api().post('/api/users').send({ username: 'duyet.xuat', password: 'secret1', fullName: 'Người duyệt', groupId }).expect(201);
    const approver = await t.login('duyet.xuat', 'secret1');
    const ticket = (await api()
      .post('/api/export-tickets')
      .send({ source: 'SUPPLIER', warehouseId: c.active.zones[0], supplierId: c.active.customers[0], lines: [{ productId: products[0]!.id, planned: 2 }], allowedGateId: (await registerReader(t, admin, { code: 'GATE-XUAT' })).reader.id })
      .expect(201)).body as TicketDetail;
    for (const action of ['prepare', 'prepared', 'submit']) await api().post(`/api/export-tickets/${ticket.id}/${action}`).send({}).expect(200);
    assert.equal((await t.api(approver).post(`/api/export-tickets/${ticket.id}/approve`).send({})).body.status, 'APPROVED');
    const reserved = ((await api().get('/api/inventory?size=50').expect(200)).body.data as InventoryRow[]).find((r) => r.productCode === 'AO-THUN')!;
    assert.deepEqual([reserved.onHand, reserved.reserved], [8, 2]);
    await api().post(`/api/export-tickets/${ticket.id}/start`).send({}).expect(200);
    const scanned = await api().post(`/api/export-tickets/${ticket.id}/scans`).send({ epcs: [sgtin96Epc(GTIN, 1), sgtin96Epc(GTIN, 2), sgtin96Epc(GTIN, 3)] });
    assert.deepEqual(scanned.body, { counted: 2, apart: 1, repeated: 0, invalid: [] }, 'a third unit is over the planned quantity: apart');
    await api().post(`/api/export-tickets/${ticket.id}/close`).send({}).expect(200);
    assert.deepEqual(await stock(), [['AO-THUN', 6], ['QUAN-JEAN', 2], ['TAT', 12]]);
  });

  it('the event store and every read model agree: a rebuild gives the same rows', async () => {
    const snapshot = async () => ({
      tickets: (await sql`select * from tickets order by id`.execute(t.platform.db)).rows,
      lines: (await sql`select * from ticket_lines order by ticket_id, position`.execute(t.platform.db)).rows,
      apart: (await sql`select * from ticket_apart order by ticket_id, epc`.execute(t.platform.db)).rows,
      stock: (await sql`select product_id, warehouse_id, ticket_id, quantity, at from stock_movements order by at, product_id, quantity`.execute(t.platform.db)).rows,
    });
    const live = await snapshot();
    await rebuildProjections(t.platform.db, t.platform.store, t.platform.projections, []);
    assert.deepEqual(await snapshot(), live);
  });
});
