import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { P, TIME_ZONE_HEADER, type DashboardView, type NotificationItem, type PermissionCode, type ReaderCreated, type ReaderView, type SampleView, type StocktakeDetail, type TicketDetail } from '@rfid/contracts';
import { ADMIN_PASSWORD } from '@rfid/backend/testing/test-app';
import { TestClock } from '@rfid/backend/testing/test-clock';
import { waitFor } from '@rfid/backend/testing/wait-for';
import { SimulatedReader, gatePass } from '@rfid/simulators';
import { sheetOf } from './excel-fixtures.js';
import { registerReader, waitForLive } from './reader-fixtures.js';
import { suiteApp, type SuiteApp } from './suite-app.js';
import { createCatalogues, createSample, sampleBody, type Catalogues } from './sample-fixtures.js';

/** Tag codes of this suite: `kind` 1 samples, 2 product units, F unknown. */
const tag = (kind: number, n: number) => `E2801160600003${kind.toString(16).toUpperCase()}D4B2C${n.toString(16).toUpperCase().padStart(4, '0')}`;
const T = Array.from({ length: 10 }, (_, i) => tag(1, i));
const UNITS = Array.from({ length: 3 }, (_, i) => tag(2, i));
const UNKNOWN = tag(15, 1);

const IMPORT_HEADER = ['Sample code', 'Name', 'Model name', 'Art number', 'Season', 'Stage', 'Type', 'Size', 'Gender', 'Side', 'Color', 'Category', 'Supplier', 'Location'];
/**
 * The user's zone in the scripted day: of fixed offset, and at about noon when the file starts, so that
 * the day's events (recorded on the real clock over a minute or two) never straddle its midnight.
 */
const NOON_OFFSET = 12 - new Date().getUTCHours();
const USER_ZONE = NOON_OFFSET === 0 ? 'UTC' : `Etc/GMT${NOON_OFFSET > 0 ? '-' : '+'}${Math.abs(NOON_OFFSET)}`;

/** Zones of a fixed offset (no summer time), so the test computes their days without the code under test. */
const OFFSET_HOURS: Record<string, number> = { UTC: 0, [USER_ZONE]: NOON_OFFSET, 'Etc/GMT+12': -12, 'Pacific/Kiritimati': 14 };
const localDate = (at: number, zone: string) => new Date(at + OFFSET_HOURS[zone]! * 3_600_000).toISOString().slice(0, 10);
const startOfDay = (day: string, zone: string) => new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_HOURS[zone]! * 3_600_000).toISOString();
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const keys = (o: object | undefined) => Object.keys(o ?? {}).sort();

/**
 * The dashboard after a scripted day (an Excel import and samples made one by one, links and an unlink,
 * tickets in every state, a product received and sent out, passes through a simulated gate over the
 * embedded broker, a reader gone offline, a stocktake closed with missing samples and one counting):
 * every figure equals the total of the list behind it with the matching filter; a user sees exactly
 * the parts whose lists they may open.
 */
describe('dashboard: each figure is the count of the list behind it', () => {
  let { t, admin, url } = {} as SuiteApp;
  let approver: string;
  let c: Catalogues;
  let gate: ReaderCreated;
  const sims: SimulatedReader[] = [];
  const samples: SampleView[] = [];
  const imported: SampleView[] = [];
  let counting: StocktakeDetail;

  const api = (token = admin) => t.api(token);
  const dashboard = async (query = 'days=7', zone = USER_ZONE, token = admin) => {
    const res = await api(token).get(`/api/dashboard?${query}`).set(TIME_ZONE_HEADER, zone);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body as DashboardView;
  };
  const total = async (path: string, token = admin) => {
    const res = await api(token).get(path);
    assert.equal(res.status, 200, `${path}: ${JSON.stringify(res.body)}`);
    return res.body.total as number;
  };
  const ticket = async (dir: 'import' | 'export', body: object, steps: (string | [string, object] | [string, object, string])[]) => {
    // an export leaves by the gate
    const made = await api().post(`/api/${dir}-tickets`).send({ warehouseId: c.active.zones[0], ...(dir === 'export' ? { allowedGateId: gate.reader.id } : {}), ...body });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    for (const step of steps) {
      const [action, payload, token] = typeof step === 'string' ? [step, {}, admin] : [step[0], step[1], step[2] ?? admin];
      const res = await api(token).post(`/api/${dir}-tickets/${made.body.id}/${action}`).send(payload);
      assert.equal(res.status, 200, `${dir} ${action}: ${JSON.stringify(res.body)}`);
    }
    return made.body as TicketDetail;
  };
  const user = async (username: string, permissions: PermissionCode[]) => {
    const group = (await api().post('/api/user-groups').send({ name: `Nhóm ${username}`, permissions }).expect(201)).body.id as string;
    await api().post('/api/users').send({ username, password: 'secret1', fullName: username, groupId: group }).expect(201);
    return t.login(username, 'secret1');
  };
  const connect = (r: ReaderCreated) => SimulatedReader.connect({ url, code: r.credentials.username, password: r.credentials.password, format: 'SIMPLE', topics: r.reader.topics, heartbeatSeconds: 0 });

  suiteApp({ broker: true, readers: sims }, (app) => ({ t, admin, url } = app));
  before(async () => {
    await api().put('/api/system-settings').send({ gatePassGapSeconds: 2, gateAlertWindowSeconds: 600 }).expect(200);
    c = await createCatalogues(t, admin);
    approver = await user('truong.kho', [P.SAMPLE_MANAGEMENT_EXPORT_TICKET_LIST, P.SAMPLE_MANAGEMENT_EXPORT_TICKET_DETAIL, P.SAMPLE_MANAGEMENT_EXPORT_TICKET_APPROVE]);
    // the admin is told of gate alerts, so that one can be disabled from its notification
    const adminId = (await api().get('/api/auth/me').expect(200)).body.user.id as string;
    await api().post('/api/alert-configurations').send({ userId: adminId, methods: ['IN_APP'], actionName: 'Kiểm tra', functionName: 'GATE', timeMinutes: 60 }).expect(201);

    // samples: four from an Excel file into zone B, six made one by one in zone A
    const rows = [0, 1, 2, 3].map((i) => [`NK-${i}`, `Mẫu nhập ${i}`, 'M1', 'A1', 'Xuân Hè 2026', null, null, 'Cỡ 40', null, null, null, 'Giày chạy', 'Nike VN', 'Kho B']);
    const upload = await api().post('/api/samples/import').set('accept-language', 'en').attach('file', await sheetOf(IMPORT_HEADER, rows), 'samples.xlsx');
    assert.equal(upload.status, 201, JSON.stringify(upload.body));
    for (const i of [0, 1, 2, 3]) imported.push((await api().get('/api/samples?q=NK-' + i).expect(200)).body.data[0] as SampleView);
    for (let i = 0; i < 6; i++) samples.push(await createSample(t, admin, sampleBody(c, { sampleCode: `DB-${i}` })));

    // tags: six samples of zone A and one of zone B linked, one linked and unlinked again, one locked, one cancelled
    await api().post('/api/rfid-tags').send({ codes: [...T, ...UNITS] }).expect(201);
    for (const [i, s] of samples.entries()) await api().post('/api/rfid-tags/link').send({ tagCode: T[i], sampleId: s.id }).expect(200);
    await api().post('/api/rfid-tags/link').send({ tagCode: T[6], sampleId: imported[1]!.id }).expect(200);
    await api().post('/api/rfid-tags/unlink').send({ tagCodes: [T[6]], reason: 'Thẻ hỏng' }).expect(200);
    await api().post('/api/rfid-tags/link').send({ tagCode: T[7], sampleId: imported[0]!.id }).expect(200);
    await api().post(`/api/rfid-tags/${T[8]}/lock`).expect(200);
    await api().post(`/api/rfid-tags/${T[9]}/cancel`).expect(200);

    gate = await registerReader(t, admin, { code: 'GATE-DB', name: 'Cổng chính', antennas: [{ port: 1, power: 27 }], operatingMode: 'AUTOMATIC' });
    // a product: three units received, one sent out
    const product = await api().post('/api/products').send({ code: 'QUAN-JEAN', name: 'Quần jean', unit: 'cái', quantityPerBox: 1, supplierId: c.active.customers[0] });
    assert.equal(product.status, 201, JSON.stringify(product.body));
    for (const code of UNITS) await api().post('/api/rfid-tags/link-product').send({ tagCode: code, productId: product.body.id }).expect(200);
    const units = { epcs: UNITS };
    await ticket('import', { source: 'SUPPLIER', supplierId: c.active.customers[0], lines: [{ productId: product.body.id, planned: 3 }] }, ['prepare', ['scans', units], 'prepared', 'start', ['scans', units], 'close']);
    const one = { epcs: [UNITS[0]] };
    await ticket('export', { source: 'SUPPLIER', lines: [{ productId: product.body.id, planned: 1 }] }, ['prepare', ['scans', one], 'prepared', 'submit', ['approve', {}, approver], 'start', ['scans', one], 'close']);

    // sample tickets in every state: two samples lent out (closed), one approved for the gate,
    // one awaiting approval, one cancelled, one new, one deleted; an import of a lent sample being prepared
    const lend = (ids: string[]) => ({ source: 'INTERNAL', sampleIds: ids });
    await ticket('export', lend([samples[0]!.id, samples[1]!.id]), ['prepare', 'prepared', 'submit', ['approve', {}, approver], 'start', ['scans', { epcs: [T[0], T[1]] }], 'close']);
    await ticket('export', lend([samples[2]!.id]), ['prepare', 'prepared', 'submit', ['approve', {}, approver]]);
    await ticket('export', lend([samples[3]!.id]), ['prepare', 'prepared', 'submit']);
    await ticket('export', lend([samples[4]!.id]), ['prepare', 'prepared', 'submit', ['cancel', { reason: 'thiếu chữ ký' }, approver]]);
    const doomed = await ticket('export', lend([samples[5]!.id]), []);
    await api().delete(`/api/export-tickets/${doomed.id}`).expect(204);
    await ticket('export', lend([samples[5]!.id]), []);
    await ticket('import', lend([samples[0]!.id]), ['prepare']);

    // passes: a sample its approved ticket lets out, a sample whose ticket awaits approval, an unknown tag
    const gateSim = await connect(gate);
    sims.push(gateSim);
    await gatePass(gateSim, [T[2]!, T[3]!, UNKNOWN]);
    await waitFor('three passes decided', async () => (await total('/api/gate-passes')) === 3);
    // one of the two gate alerts disabled from the admin's notification
    const told = await waitFor('the admin told of both gate alerts', async () => {
      const items = (await api().get('/api/user-notifications').expect(200)).body.data as NotificationItem[];
      return items.filter((n) => n.alertLogId).length === 2 ? items : undefined;
    });
    await api().post(`/api/user-notifications/${told.find((n) => n.alertLogId)!.id}/disable-alert`).send({ reason: 'Đã kiểm tra' }).expect(200);

    // readers: one connects and goes offline (which raises an alert), one never connected
    const handheld = await registerReader(t, admin, { code: 'HH-OFF', kind: 'HANDHELD', format: 'SIMPLE' });
    await registerReader(t, admin, { code: 'HH-NEVER', kind: 'HANDHELD', format: 'SIMPLE' });
    const handheldSim = await connect(handheld);
    await waitForLive(t, admin, handheld.reader.id, (r: ReaderView) => r.live.connection === 'CONNECTED', 'HH-OFF connected');
    await handheldSim.leave('goodbye');
    await waitForLive(t, admin, handheld.reader.id, (r: ReaderView) => r.live.connection === 'DISCONNECTED', 'HH-OFF disconnected');
    await waitFor('the reader-disconnected alert', async () => (await total('/api/alerts?kind=READER_DISCONNECTED')) === 1);

    // stocktakes: zone B counted (one of its four samples found) and closed marking the others missing; zone A counting now
    const zoneB = (await api().post('/api/stocktakes').send({ name: 'Kiểm kho B', zoneIds: [c.active.zones[1]] }).expect(201)).body as StocktakeDetail;
    await api().post(`/api/stocktakes/${zoneB.id}/start`).expect(200);
    await api().post(`/api/stocktakes/${zoneB.id}/scans`).send({ epcs: [T[7]] }).expect(200);
    await api().post(`/api/stocktakes/${zoneB.id}/close`).send({ markMissing: true }).expect(200);
    counting = (await api().post('/api/stocktakes').send({ name: 'Kiểm kho A', zoneIds: [c.active.zones[0]] }).expect(201)).body as StocktakeDetail;
    await api().post(`/api/stocktakes/${counting.id}/start`).expect(200);
    await api().post(`/api/stocktakes/${counting.id}/scans`).send({ epcs: [T[2], UNKNOWN] }).expect(200);
  });

  it('now: samples, tags, readers, open tickets, stocktakes in progress and active alerts equal their lists', async () => {
    const d = await dashboard();
    const allSamples = (await api().get('/api/samples?size=50').expect(200)).body as { data: SampleView[]; total: number };
    const out = ((await api().get('/api/inventory/samples').expect(200)).body as { state: string; samples: number }[]).filter((p) => p.state === 'OUT');
    assert.deepEqual(d.samples, {
      total: allSamples.total,
      linked: await total('/api/samples?linked=true'),
      out: sum(out.map((p) => p.samples)),
      missing: allSamples.data.filter((s) => s.missingSince !== null).length,
    });
    // the script's own numbers, so that a list and a figure both wrong cannot agree
    assert.deepEqual(d.samples, { total: 10, linked: 7, out: 2, missing: 3 });

    assert.deepEqual(d.tags, {
      byState: { LINKED: await total('/api/rfid-tags?state=LINKED'), UNLINK: await total('/api/rfid-tags?state=UNLINK'), CANCELLED: await total('/api/rfid-tags?state=CANCELLED') },
      locked: await total('/api/rfid-tags?locked=true'),
    });
    assert.deepEqual(d.tags, { byState: { LINKED: 10, UNLINK: 2, CANCELLED: 1 }, locked: 1 });

    const offline = (await api().get('/api/readers?connection=DISCONNECTED&size=50').expect(200)).body as { data: ReaderView[] };
    assert.equal(d.readers!.online, await total('/api/readers?connection=CONNECTED'));
    assert.deepEqual(d.readers!.offline.map((r) => r.code).sort(), offline.data.map((r) => r.code).sort());
    assert.deepEqual([d.readers!.online, d.readers!.offline.map((r) => r.code)], [1, ['HH-NEVER', 'HH-OFF']], 'the never-connected one first, then the longest silent');
    assert.equal(d.readers!.offline[0]!.since, null);
    assert.equal(typeof d.readers!.offline[1]!.since, 'string');

    for (const dir of ['IMPORT', 'EXPORT'] as const) {
      const counts = d.tickets![dir]!;
      for (const status of Object.keys(counts) as (keyof typeof counts)[]) {
        assert.equal(counts[status], await total(`/api/${dir.toLowerCase()}-tickets?status=${status}`), `${dir} ${status}`);
      }
    }
    assert.deepEqual(d.tickets, { IMPORT: { PREPARING: 1 }, EXPORT: { NEW: 1, AWAITING_APPROVAL: 1, APPROVED: 1 } }, 'closed and cancelled tickets are not open; a deleted one is gone');

    assert.equal(d.stocktakes!.length, await total('/api/stocktakes?status=INVENTORIZING'));
    const progress = (await api().get(`/api/stocktakes/${counting.id}`).expect(200)).body as StocktakeDetail;
    assert.deepEqual(d.stocktakes, [
      { id: counting.id, code: counting.code, name: 'Kiểm kho A', expected: progress.totals.expected, found: progress.totals.found, abnormal: progress.totals.abnormal, scanned: progress.totals.scanned },
    ]);
    assert.deepEqual([progress.totals.found, progress.totals.abnormal, progress.totals.scanned], [1, 1, 2]);

    assert.equal(d.activeAlerts, await total('/api/alerts?state=ACTIVE'));
    assert.equal(d.activeAlerts, 2, 'a gate alert and the reader alert; the other gate alert was disabled');
  });

  it("today: passes, alerts, links, unlinks and closed tickets equal their lists from the start of the user's day", async () => {
    const d = await dashboard();
    const today = d.days.at(-1)!;
    assert.equal(today, localDate(Date.parse(d.at), USER_ZONE));
    const from = encodeURIComponent(startOfDay(today, USER_ZONE));
    assert.equal(d.today.gatePasses, await total(`/api/gate-passes?from=${from}`));
    assert.equal(d.today.alerts, await total(`/api/reports/alerts?from=${from}`), 'every alert of the day, the reader going offline too');
    assert.equal(d.today.links, await total(`/api/reports/linking?from=${from}`));
    assert.equal(d.today.unlinks, await total(`/api/reports/unlink?from=${from}`));
    assert.equal(d.today.ticketsClosed, (await total(`/api/import-tickets?status=CLOSED&from=${from}`)) + (await total(`/api/export-tickets?status=CLOSED&from=${from}`)));
    assert.deepEqual(d.today, { gatePasses: 3, alerts: 3, links: 8, unlinks: 1, ticketsClosed: 3 });

    // the live strip: the newest passes and alerts, as the lists have them
    const passes = (await api().get('/api/gate-passes?size=10').expect(200)).body.data as { id: string }[];
    assert.deepEqual(d.latest.passes!.map((p) => p.id).sort(), passes.map((p) => p.id).sort());
    const alerts = (await api().get('/api/alerts?size=10').expect(200)).body.data as { id: string }[];
    assert.deepEqual(d.latest.alerts!.map((a) => a.id).sort(), alerts.map((a) => a.id).sort());
    assert.equal(d.latest.passes!.length, 3);
  });

  it("the series: 7 or 30 of the user's days, the last one today's figures", async () => {
    for (const span of [7, 30]) {
      const d = await dashboard(`days=${span}`);
      assert.equal(d.days.length, span);
      assert.equal(d.days.at(-1), localDate(Date.parse(d.at), USER_ZONE));
      assert.equal(d.days[0], localDate(Date.parse(d.at) - (span - 1) * 86_400_000, USER_ZONE));
      const series = d.series;
      for (const name of ['links', 'unlinks', 'stockIn', 'stockOut', 'ticketsCreated', 'ticketsClosed'] as const) assert.equal(series[name]!.length, span, name);
      assert.deepEqual(
        [series.links!.at(-1), series.unlinks!.at(-1), series.ticketsClosed!.at(-1)],
        [d.today.links, d.today.unlinks, d.today.ticketsClosed],
      );
      // everything happened today
      for (const name of ['links', 'unlinks', 'stockIn', 'stockOut', 'ticketsCreated', 'ticketsClosed'] as const) assert.equal(sum(series[name]!.slice(0, -1)), 0, name);

      const from = encodeURIComponent(startOfDay(d.days.at(-1)!, USER_ZONE));
      assert.deepEqual(
        series.alertsByGate!.map((g) => [g.gateId, g.gateName, g.counts.length, g.counts.at(-1)]),
        [[gate.reader.id, 'Cổng chính', span, await total(`/api/reports/alerts?from=${from}&kind=GATE&gateId=${gate.reader.id}`)]],
      );
      assert.equal(series.alertsByGate![0]!.counts.at(-1), 2);
      assert.equal(series.ticketsCreated!.at(-1), (await total(`/api/import-tickets?from=${from}`)) + (await total(`/api/export-tickets?from=${from}`)));
      const moved = (await api().get(`/api/reports/inventory?from=${from}&to=${encodeURIComponent(new Date().toISOString())}`).expect(200)).body as { in: number; out: number }[];
      assert.deepEqual([series.stockIn!.at(-1), series.stockOut!.at(-1)], [sum(moved.map((r) => r.in)), sum(moved.map((r) => Math.abs(r.out)))]);
      assert.deepEqual([series.stockIn!.at(-1), series.stockOut!.at(-1), series.ticketsCreated!.at(-1)], [3, 1, 8]);
    }
  });

  it("in a zone whose date is not UTC's, today is the zone's day", async () => {
    // west of UTC before 11:00 UTC (12:00–23:00 there, the day before UTC's), east of it after (01:00–13:00
    // there, the day after): the local date is never UTC's, and its midnight an hour or more away
    const zone = new Date().getUTCHours() < 11 ? 'Etc/GMT+12' : 'Pacific/Kiritimati';
    const d = await dashboard('days=7', zone);
    const utc = await dashboard('days=7', 'UTC');
    assert.equal(d.days.at(-1), localDate(Date.parse(d.at), zone));
    assert.notEqual(d.days.at(-1), utc.days.at(-1));
    assert.equal(d.today.links, await total(`/api/reports/linking?from=${encodeURIComponent(startOfDay(d.days.at(-1)!, zone))}`));
    assert.equal(d.series.links!.at(-1), 8, "the day's links on the zone's today");
  });

  it('days other than 7 or 30 are refused; a zone that is none too; without DASHBOARD 403', async () => {
    for (const days of ['8', '0', 'x']) {
      const res = await api().get(`/api/dashboard?days=${days}`);
      assert.deepEqual([res.status, res.body.code, res.body.details?.[0]?.field], [400, 'BAD_REQUEST_ERROR', 'days'], `days=${days}: ${JSON.stringify(res.body)}`);
    }
    const zone = await api().get('/api/dashboard').set(TIME_ZONE_HEADER, 'Mars/Olympus');
    assert.deepEqual([zone.status, zone.body.code], [400, 'TIME_ZONE_NOT_VALID']);
    const defaults = await dashboard('', 'UTC');
    assert.equal(defaults.days.length, 7, 'seven days unless asked');

    const everythingButDashboard = await user('no.dashboard', [
      P.SAMPLE_MANAGEMENT_SAMPLE_LIST, P.SAMPLE_MANAGEMENT_RFID_LIST, P.SECURITY_GATE_CONFIGURATION_LIST, P.SAMPLE_MANAGEMENT_IMPORT_TICKET_LIST,
      P.SAMPLE_MANAGEMENT_EXPORT_TICKET_LIST, P.SAMPLE_MANAGEMENT_INVENTORY_LIST, P.STOCKTAKE_STOCKTAKING_LIST, P.REPORT_ALERT_LIST, P.SECURITY_GATE_LOG_LIST,
      P.REPORT_LINKING_LIST, P.REPORT_UNLINKING_LIST,
    ]);
    const refused = await api(everythingButDashboard).get('/api/dashboard');
    assert.deepEqual([refused.status, refused.body.code], [403, 'FORBIDDEN']);
  });

  it('a user sees exactly the parts whose lists they may open', async () => {
    /** Each part and the list it stands for: present exactly when that list answers the user. */
    const LISTS: [string, (d: DashboardView) => unknown, string][] = [
      ['samples', (d) => d.samples, '/api/samples'],
      ['tags', (d) => d.tags, '/api/rfid-tags'],
      ['readers', (d) => d.readers, '/api/readers'],
      ['import tickets', (d) => d.tickets?.IMPORT, '/api/import-tickets'],
      ['export tickets', (d) => d.tickets?.EXPORT, '/api/export-tickets'],
      ['stocktakes', (d) => d.stocktakes, '/api/stocktakes'],
      ['active alerts', (d) => d.activeAlerts, '/api/reports/alerts'],
      ["today's passes", (d) => d.today.gatePasses, '/api/gate-passes'],
      ["today's links", (d) => d.today.links, '/api/reports/linking'],
      ["today's unlinks", (d) => d.today.unlinks, '/api/reports/unlink'],
    ];
    const partsMatchLists = async (token: string, d: DashboardView) => {
      for (const [name, part, list] of LISTS) {
        const status = (await api(token).get(list)).status;
        assert.ok(status === 200 || status === 403, `${list}: ${status}`);
        assert.equal(part(d) !== undefined, status === 200, `${name}: the part is shown exactly when ${list} answers (${status})`);
      }
    };

    const only = await user('dash.only', [P.DASHBOARD]);
    const bare = await dashboard('days=7', USER_ZONE, only);
    await partsMatchLists(only, bare);
    assert.deepEqual(keys(bare), ['at', 'days', 'latest', 'series', 'today']);
    assert.deepEqual([keys(bare.today), keys(bare.series), keys(bare.latest)], [[], [], []]);

    const samplesAndLinks = await user('dash.samples', [P.DASHBOARD, P.SAMPLE_MANAGEMENT_SAMPLE_LIST, P.REPORT_LINKING_LIST, P.SECURITY_GATE_LOG_LIST]);
    const a = await dashboard('days=7', USER_ZONE, samplesAndLinks);
    await partsMatchLists(samplesAndLinks, a);
    assert.deepEqual(keys(a), ['at', 'days', 'latest', 'samples', 'series', 'today']);
    assert.deepEqual([keys(a.today), keys(a.series), keys(a.latest)], [['gatePasses', 'links'], ['links'], ['passes']]);
    assert.equal(a.samples!.out, null, 'where samples are out is told by tickets, which this user may not list');
    assert.deepEqual([a.samples!.total, a.today.links, a.today.gatePasses], [10, 8, 3]);

    const exportsAndAlerts = await user('dash.exports', [P.DASHBOARD, P.SAMPLE_MANAGEMENT_EXPORT_TICKET_LIST, P.REPORT_ALERT_LIST, P.REPORT_UNLINKING_LIST]);
    const b = await dashboard('days=7', USER_ZONE, exportsAndAlerts);
    await partsMatchLists(exportsAndAlerts, b);
    assert.deepEqual(keys(b), ['activeAlerts', 'at', 'days', 'latest', 'series', 'tickets', 'today']);
    assert.deepEqual(keys(b.tickets), ['EXPORT'], 'import tickets are not theirs to count');
    assert.deepEqual([keys(b.today), keys(b.series), keys(b.latest)], [['alerts', 'ticketsClosed', 'unlinks'], ['alertsByGate', 'ticketsClosed', 'ticketsCreated', 'unlinks'], ['alerts']]);

    const stockAndReaders = await user('dash.stock', [P.DASHBOARD, P.SAMPLE_MANAGEMENT_INVENTORY_LIST, P.SECURITY_GATE_CONFIGURATION_LIST, P.STOCKTAKE_STOCKTAKING_LIST, P.SAMPLE_MANAGEMENT_RFID_LIST]);
    const s = await dashboard('days=7', USER_ZONE, stockAndReaders);
    await partsMatchLists(stockAndReaders, s);
    assert.deepEqual(keys(s), ['at', 'days', 'latest', 'readers', 'series', 'stocktakes', 'tags', 'today']);
    assert.deepEqual([keys(s.today), keys(s.series), keys(s.latest)], [[], ['stockIn', 'stockOut'], []], 'the stock series without the tickets behind them');

    // the admin holds every permission: every part
    const all = await dashboard();
    await partsMatchLists(admin, all);
    assert.deepEqual(keys(all), ['activeAlerts', 'at', 'days', 'latest', 'readers', 'samples', 'series', 'stocktakes', 'tags', 'tickets', 'today']);
    assert.deepEqual([keys(all.today), keys(all.series), keys(all.latest)], [
      ['alerts', 'gatePasses', 'links', 'ticketsClosed', 'unlinks'],
      ['alertsByGate', 'links', 'stockIn', 'stockOut', 'ticketsClosed', 'ticketsCreated', 'unlinks'],
      ['alerts', 'passes'],
    ]);
  });
});

/**
 * The day an event falls on is the user's: events recorded just before and just after a moment that is
 * midnight in one zone and noon in the other (UTC, UTC−12) fall on two days in the first and one in the
 * second. The platform's clock is moved to that moment, so the test does not wait for it.
 */
describe("dashboard: the days are the user's local days", () => {
  const clock = new TestClock();
  let { t, c } = {} as SuiteApp;
  const WEST = 'Etc/GMT+12';
  suiteApp({ clock, catalogues: true }, (app) => ({ t, c } = app));

  it('a link before and one after midnight in one zone: yesterday and today there, both today in the other', async () => {
    const HALF_DAY = 12 * 3_600_000;
    const boundary = Math.ceil((clock.now().getTime() + 10 * 60_000) / HALF_DAY) * HALF_DAY;
    const link = async (n: number) => {
      // a token of the moment: moving the clock half a day on outlives the one before
      const token = await t.login('admin', ADMIN_PASSWORD);
      const s = await createSample(t, token, sampleBody(c));
      await t.api(token).post('/api/rfid-tags').send({ codes: [tag(3, n)] }).expect(201);
      await t.api(token).post('/api/rfid-tags/link').send({ tagCode: tag(3, n), sampleId: s.id }).expect(200);
      return token;
    };
    clock.advance((boundary - 2 * 60_000 - clock.now().getTime()) / 1000);
    await link(1);
    clock.advance(3 * 60);
    const token = await link(2);
    const recorded = (await t.platform.db.selectFrom('tag_link_history').select('at').orderBy('at').execute()).map((r) => r.at.getTime());
    assert.ok(recorded[0]! < boundary && recorded[1]! > boundary, `links recorded on the platform's clock either side of ${new Date(boundary).toISOString()}: ${recorded.map((r) => new Date(r).toISOString())}`);

    const atMidnight = new Date(boundary).getUTCHours() === 0 ? 'UTC' : WEST;
    const atNoon = atMidnight === 'UTC' ? WEST : 'UTC';
    const seen = async (zone: string) => (await t.api(token).get('/api/dashboard?days=7').set(TIME_ZONE_HEADER, zone).expect(200)).body as DashboardView;
    const split = await seen(atMidnight);
    assert.equal(split.days.at(-1), localDate(clock.now().getTime(), atMidnight));
    assert.deepEqual([split.series.links!.slice(-2), split.today.links], [[1, 1], 1], `${atMidnight}: one link yesterday, one today`);
    const whole = await seen(atNoon);
    assert.equal(whole.days.at(-1), localDate(clock.now().getTime(), atNoon));
    assert.deepEqual([whole.series.links!.slice(-2), whole.today.links], [[0, 2], 2], `${atNoon}: both links today`);
    // the linking report from the start of each zone's day agrees
    for (const [zone, d] of [[atMidnight, split], [atNoon, whole]] as const) {
      const from = encodeURIComponent(startOfDay(d.days.at(-1)!, zone));
      assert.equal((await t.api(token).get(`/api/reports/linking?from=${from}`).expect(200)).body.total, d.today.links, zone);
    }
  });
});
