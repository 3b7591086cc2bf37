import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, it, mock } from 'node:test';
import { P, TIME_ZONE_HEADER, type AlertListResponse, type AlertReportResponse, type AlertView, type PermissionCode } from '@rfid/contracts';
import { CommandBus } from '@nestjs/cqrs';
import { ActOnAlert, RaiseAlerts } from '@rfid/backend/modules/alerts/alerts.public';
import type { AlertRaisedEvent } from '@rfid/backend/modules/alerts/alerts.events';
import { binary, dataRows, load, XLSX } from './excel-fixtures.js';
import { suiteApp, type SuiteApp } from './suite-app.js';
import { createSample, sampleBody } from './sample-fixtures.js';

const G1 = randomUUID();
const G2 = randomUUID();
const READER = randomUUID();
const PRODUCT = randomUUID();
const epc = (n: number) => `E28011606000020A1B2C0A0${n}`;

/**
 * The alerts and the alert report: alerts raised at gates (samples, a product, an unknown tag) and by a
 * reader, on several days, one disabled; every filter of the report, its totals per gate and per day in
 * the asker's time zone, one alert, the Excel export in the asker's language, and who may read them.
 */
describe('alerts and the alert report', () => {
  let { t, admin, c } = {} as SuiteApp;
  const alert: Record<string, string> = { A1: randomUUID(), A2: randomUUID(), A3: randomUUID(), A4: randomUUID(), R1: randomUUID() };
  const samples: { id: string; sampleCode: string }[] = [];

  /** Runs `fn` with the process's clock at `iso`: the events it appends are recorded then. */
  const at = async (iso: string, fn: () => Promise<unknown>) => {
    mock.timers.enable({ apis: ['Date'], now: new Date(iso) });
    try {
      await fn();
    } finally {
      mock.timers.reset();
    }
  };
  const raise = (event: AlertRaisedEvent) => t.platform.db.transaction().execute((tx) => t.app.get(CommandBus).execute(new RaiseAlerts({ alerts: [event], tx })));
  const gateAlert = (alertId: string, gateId: string, n: number, item: { kind: 'SAMPLE' | 'PRODUCT' | 'UNKNOWN'; id: string | null; code: string; name: string | null }): AlertRaisedEvent => ({
    type: 'GateAlertRaised',
    data: {
      alertId,
      passId: randomUUID(),
      gateId,
      gateCode: gateId === G1 ? 'G-01' : 'G-02',
      gateName: gateId === G1 ? 'Cổng chính' : 'Cổng sau',
      readerHostName: null,
      antenna: n,
      epc: epc(n),
      item,
    },
  });
  const report = async (query = '', zone?: string) => {
    let req = t.api(admin).get(`/api/reports/alerts?${query}`);
    if (zone) req = req.set(TIME_ZONE_HEADER, zone);
    const res = await req;
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body as AlertReportResponse;
  };
  const named = (r: AlertListResponse) => r.data.map((a) => Object.entries(alert).find(([, id]) => id === a.id)![0]);

  suiteApp({ catalogues: true }, (app) => ({ t, admin, c } = app));
  before(async () => {
    samples.push(await createSample(t, admin, sampleBody(c, { name: 'Giày chạy bộ nữ' }, 0)));
    samples.push(await createSample(t, admin, sampleBody(c, { name: 'Dép quai ngang' }, 1)));
    const sampleItem = (i: number) => ({ kind: 'SAMPLE' as const, id: samples[i]!.id, code: samples[i]!.sampleCode, name: i === 0 ? 'Giày chạy bộ nữ' : 'Dép quai ngang' });
    // in Asia/Ho_Chi_Minh (UTC+7): A1 23:30 on 1 March, A2 00:30 on 2 March
    await at('2026-03-01T16:30:00Z', () => raise(gateAlert(alert.A1!, G1, 1, sampleItem(0))));
    await at('2026-03-01T17:30:00Z', () => raise(gateAlert(alert.A2!, G1, 2, sampleItem(1))));
    await at('2026-03-02T10:00:00Z', () => raise(gateAlert(alert.A3!, G2, 3, { kind: 'PRODUCT', id: PRODUCT, code: 'PRD-01', name: 'Áo khoác gió' })));
    await at('2026-03-02T11:00:00Z', () => raise(gateAlert(alert.A4!, G2, 4, { kind: 'UNKNOWN', id: null, code: epc(4), name: null })));
    await at('2026-03-03T01:00:00Z', () =>
      raise({ type: 'ReaderDisconnectedAlertRaised', data: { alertId: alert.R1!, readerId: READER, readerCode: 'R-9', readerName: 'Đầu đọc kho', readerHostName: 'r9.local' } }),
    );
    await at('2026-03-01T18:00:00Z', () => t.app.get(CommandBus).execute(new ActOnAlert({ command: { kind: 'disable', alertId: alert.A1!, by: { id: null, username: 'admin' }, reason: 'Báo nhầm', notificationId: null } })));
  });

  it('lists every alert newest first, with its totals: active, disabled, per gate, per day', async () => {
    const r = await report();
    assert.deepEqual(named(r), ['R1', 'A4', 'A3', 'A2', 'A1']);
    assert.deepEqual([r.total, r.totals.all, r.totals.active, r.totals.disabled], [5, 5, 4, 1]);
    assert.deepEqual(r.totals.byGate, [
      { gateId: G1, gateCode: 'G-01', gateName: 'Cổng chính', total: 2, active: 1 },
      { gateId: G2, gateCode: 'G-02', gateName: 'Cổng sau', total: 2, active: 2 },
      { gateId: READER, gateCode: 'R-9', gateName: 'Đầu đọc kho', total: 1, active: 1 },
    ]);
    assert.deepEqual(r.totals.byDay, [
      { day: '2026-03-01', total: 2 },
      { day: '2026-03-02', total: 2 },
      { day: '2026-03-03', total: 1 },
    ]);
    assert.deepEqual(named(await report('sort=at:asc')), ['A1', 'A2', 'A3', 'A4', 'R1']);
  });

  it('counts the days in the time zone of the asker', async () => {
    assert.deepEqual((await report('', 'Asia/Ho_Chi_Minh')).totals.byDay, [
      { day: '2026-03-01', total: 1 },
      { day: '2026-03-02', total: 3 },
      { day: '2026-03-03', total: 1 },
    ]);
    // UTC-5 there in March: the reader's alert of 01:00 UTC on 3 March is the evening of the 2nd
    assert.deepEqual((await report('', 'America/New_York')).totals.byDay, [
      { day: '2026-03-01', total: 2 },
      { day: '2026-03-02', total: 3 },
    ]);
    const refused = await t.api(admin).get('/api/reports/alerts').set(TIME_ZONE_HEADER, 'Nowhere/Land');
    assert.deepEqual([refused.status, refused.body.code], [400, 'TIME_ZONE_NOT_VALID']);
  });

  it('filters by time, gate, kind, state, item kind, text, product and the sample attributes; the totals follow the filter', async () => {
    const cases: [string, string[]][] = [
      ['from=2026-03-01T17:00:00Z&to=2026-03-02T10:30:00Z', ['A3', 'A2']],
      [`gateId=${G2}`, ['A4', 'A3']],
      ['kind=READER_DISCONNECTED', ['R1']],
      ['state=DISABLED', ['A1']],
      ['state=ACTIVE', ['R1', 'A4', 'A3', 'A2']],
      ['itemKind=SAMPLE', ['A2', 'A1']],
      ['itemKind=UNKNOWN', ['A4']],
      ['q=giay chay', ['A1']],
      ['q=AO KHOAC', ['A3']],
      [`q=${epc(4).slice(-6)}`, ['A4']],
      [`q=${samples[1]!.sampleCode}`, ['A2']],
      [`productId=${PRODUCT}`, ['A3']],
      [`productId=${samples[0]!.id}`, []],
      [`seasonId=${c.active.seasons[1]}`, ['A2']],
      [`customerId=${c.active.customers[0]}`, ['A1']],
      [`categoryId=${c.active.categories[1]}`, ['A2']],
      [`sizeId=${c.active.sizes[0]}&state=ACTIVE`, []],
      [`gateId=${G1}&kind=GATE&state=ACTIVE`, ['A2']],
    ];
    for (const [query, expected] of cases) assert.deepEqual(named(await report(query)), expected, query);
    const g1 = await report(`gateId=${G1}`, 'Asia/Ho_Chi_Minh');
    assert.deepEqual([g1.totals.all, g1.totals.active, g1.totals.disabled, g1.totals.byGate.length, g1.totals.byDay], [
      2,
      1,
      1,
      1,
      [
        { day: '2026-03-01', total: 1 },
        { day: '2026-03-02', total: 1 },
      ],
    ]);
    const page = await report('size=10&page=2');
    assert.deepEqual([page.data, page.total, page.totals.all], [[], 5, 5]);
    assert.equal((await t.api(admin).get('/api/reports/alerts?state=GONE')).status, 400);
  });

  it('one alert: its item, alarm and disable; an unknown one is ALERT_NOT_FOUND; the list answers the same filters', async () => {
    const a1 = (await t.api(admin).get(`/api/alerts/${alert.A1}`).expect(200)).body as AlertView;
    assert.deepEqual(
      [a1.kind, a1.state, a1.at, a1.gateCode, a1.antenna, a1.epc, a1.item, a1.alarmOn, a1.disabledBy, a1.disabledAt, a1.disableReason],
      ['GATE', 'DISABLED', '2026-03-01T16:30:00.000Z', 'G-01', 1, epc(1), { kind: 'SAMPLE', id: samples[0]!.id, code: samples[0]!.sampleCode, name: 'Giày chạy bộ nữ' }, false, 'admin', '2026-03-01T18:00:00.000Z', 'Báo nhầm'],
    );
    const r1 = (await t.api(admin).get(`/api/alerts/${alert.R1}`).expect(200)).body as AlertView;
    assert.deepEqual([r1.kind, r1.state, r1.gateId, r1.readerHostName, r1.item, r1.epc], ['READER_DISCONNECTED', 'ACTIVE', READER, 'r9.local', null, null]);
    const missing = await t.api(admin).get(`/api/alerts/${randomUUID()}`);
    assert.deepEqual([missing.status, missing.body.code], [404, 'ALERT_NOT_FOUND']);
    const listed = (await t.api(admin).get(`/api/alerts?gateId=${G2}`).expect(200)).body as AlertListResponse;
    assert.deepEqual([named(listed), listed.total, 'totals' in listed], [['A4', 'A3'], 2, false]);
  });

  it('exports every alert of the filter as .xlsx, in the language and time zone of the asker', async () => {
    const download = async (path: string, language: 'vi' | 'en', zone?: string) => {
      let req = t.api(admin).get(path).set('accept-language', language);
      if (zone) req = req.set(TIME_ZONE_HEADER, zone);
      const res = await req.buffer(true).parse(binary);
      assert.equal(res.status, 200);
      assert.equal(res.headers['content-type'], XLSX);
      assert.match(String(res.headers['content-disposition']), /alert-report-\d{4}-\d{2}-\d{2}\.xlsx/);
      return load(res.body as Buffer);
    };
    const vi = await download(`/api/reports/alerts/export?gateId=${G1}&page=2`, 'vi', 'Asia/Ho_Chi_Minh');
    const sheet = vi.worksheets[0]!;
    assert.equal(sheet.name, 'Báo cáo cảnh báo');
    assert.deepEqual((sheet.getRow(1).values as unknown[]).slice(1, 4), ['Thời gian (Giờ Đông Dương, GMT+7)', 'Loại cảnh báo', 'Mã cổng']);
    assert.deepEqual(dataRows(vi, 13), [
      [new Date('2026-03-02T00:30:00Z'), 'Cổng an ninh', 'G-01', 'Cổng chính', 2, epc(2), 'Mẫu', samples[1]!.sampleCode, 'Dép quai ngang', 'Đang bật', null, null, null],
      [new Date('2026-03-01T23:30:00Z'), 'Cổng an ninh', 'G-01', 'Cổng chính', 1, epc(1), 'Mẫu', samples[0]!.sampleCode, 'Giày chạy bộ nữ', 'Đã tắt', 'admin', new Date('2026-03-02T01:00:00Z'), 'Báo nhầm'],
    ]);
    const en = await download('/api/reports/alerts/export', 'en');
    const all = dataRows(en, 13);
    assert.equal(en.worksheets[0]!.name, 'Alert report');
    assert.deepEqual((en.worksheets[0]!.getRow(1).values as unknown[]).slice(1, 3), ['Time (UTC)', 'Alert kind']);
    assert.deepEqual(
      all.map((r) => [r[1], r[2], r[6], r[7], r[9]]),
      [
        ['Reader disconnected', 'R-9', null, null, 'Active'],
        ['Security gate', 'G-02', 'Unknown tag', epc(4), 'Active'],
        ['Security gate', 'G-02', 'Product', 'PRD-01', 'Active'],
        ['Security gate', 'G-01', 'Sample', samples[1]!.sampleCode, 'Active'],
        ['Security gate', 'G-01', 'Sample', samples[0]!.sampleCode, 'Disabled'],
      ],
    );
  });

  it('the alerts are read with SECURITY_GATE_LOG_LIST or REPORT_ALERT_LIST; the report and its export need REPORT_ALERT_LIST', async () => {
    const group = (await t.api(admin).post('/api/user-groups').send({ name: 'Bảo vệ', permissions: [] }).expect(201)).body.id as string;
    await t.api(admin).post('/api/users').send({ username: 'guard', password: 'secret1', fullName: 'Guard', groupId: group }).expect(201);
    const guard = t.api(await t.login('guard', 'secret1'));
    const grant = (permissions: PermissionCode[]) => t.api(admin).put(`/api/user-groups/${group}/permissions`).send({ permissions }).expect(200);
    const paths = { alerts: ['/api/alerts', `/api/alerts/${alert.A2}`], report: ['/api/reports/alerts', '/api/reports/alerts/export'] };
    for (const [permissions, allowed, refused] of [
      [[P.SECURITY_GATE_LOG_LIST], paths.alerts, paths.report],
      [[P.REPORT_ALERT_LIST], [...paths.alerts, ...paths.report], []],
      [[P.SYSTEM_ADMINISTRATION_ALERT_CONFIG_LIST], [], [...paths.alerts, ...paths.report]],
    ] as const) {
      await grant([...permissions]);
      for (const p of allowed) assert.equal((await guard.get(p)).status, 200, `${p} with ${permissions}`);
      for (const p of refused) assert.equal((await guard.get(p)).status, 403, `${p} with only ${permissions}`);
    }
  });
});
