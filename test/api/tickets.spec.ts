import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { P, REALTIME_EVENTS, type PermissionCode, type SampleDetail, type SampleTimelineEntry, type TicketDetail, type TicketProgressPush } from '@rfid/contracts';
import { rebuildProjections } from '@rfid/backend/platform/projections/rebuild';
import { waitFor } from '@rfid/backend/testing/wait-for';
import { SimulatedReader } from '@rfid/simulators';
import { sql } from 'kysely';
import { binary, dataRows, load, XLSX } from './excel-fixtures.js';
import { registerReader } from './reader-fixtures.js';
import { createSample, sampleBody } from './sample-fixtures.js';
import { connected } from './socket-fixtures.js';
import { suiteApp, type SuiteApp } from './suite-app.js';

const TAGS = ['E28011606000020A1B2C0001', 'E28011606000020A1B2C0002', 'E28011606000020A1B2C0003'];
const UNKNOWN = 'E28011606000020A1B2CFFFF';

/**
 * Import and export tickets of samples (INTERNAL): every transition of both flows, allowed and
 * refused with its code; approval by another user with the permission; scans counted once per tag;
 * lending out and bringing back; a rebuild giving the same rows.
 */
describe('tickets: the flows, approval and scans, on internal tickets of samples', () => {
  let { t, admin, c, url: mqttUrl, sockets } = {} as SuiteApp;
  let approver: string;
  let clerk: string;
  let gateId: string;
  const samples: string[] = [];
  const readers: SimulatedReader[] = [];

  const api = (token: string) => t.api(token);
  const detail = async (token: string, dir: 'import' | 'export', id: string) => (await api(token).get(`/api/${dir}-tickets/${id}`).expect(200)).body as TicketDetail;
  const act = (token: string, dir: 'import' | 'export', id: string, action: string, body: object = {}) => api(token).post(`/api/${dir}-tickets/${id}/${action}`).send(body);
  const refused = async (token: string, dir: 'import' | 'export', id: string, action: string, code: string) => {
    const res = await act(token, dir, id, action);
    assert.equal(res.body.code, code, `${action}: ${res.status} ${JSON.stringify(res.body)}`);
  };
  const group = async (name: string, permissions: PermissionCode[]) => (await api(admin).post('/api/user-groups').send({ name, permissions }).expect(201)).body.id as string;
  const user = async (username: string, groupId: string) => {
    await api(admin).post('/api/users').send({ username, password: 'secret1', fullName: username, groupId }).expect(201);
    return t.login(username, 'secret1');
  };

  suiteApp({ broker: true, catalogues: true, sockets: true, readers }, (app) => ({ t, admin, c, url: mqttUrl, sockets } = app));
  before(async () => {
    await api(admin).post('/api/rfid-tags').send({ codes: [...TAGS, UNKNOWN] }).expect(201);
    for (const [i, tag] of TAGS.entries()) {
      const s = await createSample(t, admin, sampleBody(c, { sampleCode: `LOAN-${i}` }));
      samples.push(s.id);
      await api(admin).post('/api/rfid-tags/link').send({ tagCode: tag, sampleId: s.id }).expect(200);
    }
    const clerkPermissions = [P.SAMPLE_MANAGEMENT_EXPORT_TICKET_LIST, P.SAMPLE_MANAGEMENT_EXPORT_TICKET_DETAIL, P.SAMPLE_MANAGEMENT_EXPORT_TICKET_CREATE, P.SAMPLE_MANAGEMENT_EXPORT_TICKET_UPDATE];
    clerk = await user('kho.clerk', await group('Kho', clerkPermissions));
    approver = await user('truong.kho', await group('Trưởng kho', [...clerkPermissions, P.SAMPLE_MANAGEMENT_EXPORT_TICKET_APPROVE]));
    gateId = (await registerReader(t, admin, { code: 'GATE-LOAN' })).reader.id;
  });

  it('an internal export: refused steps say why; the creator cannot approve, nor can one without the permission; approved, it lends the samples out', async () => {
    const empty = await api(clerk).post('/api/export-tickets').send({ source: 'INTERNAL', allowedGateId: gateId, warehouseId: c.active.zones[0], sampleIds: [] });
    assert.deepEqual([empty.status, empty.body.code], [400, 'SAMPLE_LIST_EMPTY']);
    const twice = await api(clerk).post('/api/export-tickets').send({ source: 'INTERNAL', allowedGateId: gateId, warehouseId: c.active.zones[0], sampleIds: [samples[0], samples[0]] });
    assert.equal(twice.body.code, 'SAMPLE_ALREADY_ON_TICKET');

    const created = await api(clerk).post('/api/export-tickets').send({ source: 'INTERNAL', allowedGateId: gateId, warehouseId: c.active.zones[0], sampleIds: samples, note: 'Mượn mẫu cho hội chợ' });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const ticket = created.body as TicketDetail;
    assert.match(ticket.code, /^ET\d{6}$/);
    assert.deepEqual([ticket.status, ticket.allowedActions], ['NEW', ['prepare']]);
    assert.equal(ticket.lines.length, 3);
    // another direction's route does not know it
    assert.equal((await api(admin).get(`/api/import-tickets/${ticket.id}`)).body.code, 'TICKET_NOT_FOUND');

    for (const action of ['prepared', 'submit', 'approve', 'cancel', 'start', 'close', 'rollback']) await refused(approver, 'export', ticket.id, action, 'TICKET_ACTION_NOT_ALLOWED');
    assert.equal((await act(clerk, 'export', ticket.id, 'prepare')).status, 200);
    const scans = await api(clerk).post(`/api/export-tickets/${ticket.id}/scans`).send({ epcs: [TAGS[0], TAGS[0].toLowerCase(), TAGS[1], TAGS[2], UNKNOWN, 'XYZ'] });
    assert.deepEqual(scans.body, { counted: 3, apart: 1, repeated: 1, invalid: ['XYZ'] });
    let d = await detail(clerk, 'export', ticket.id);
    assert.deepEqual(d.lines.map((l) => [l.planned, l.draft, l.actual]), [[1, 1, 0], [1, 1, 0], [1, 1, 0]]);
    assert.deepEqual(d.apart.map((a) => [a.epc, a.reason]), [[UNKNOWN, 'UNKNOWN']]);
    // the unknown tag taken off the list stays off when read again
    await api(clerk).post(`/api/export-tickets/${ticket.id}/apart`).send({ decision: 'remove', epcs: [UNKNOWN] }).expect(200);
    assert.equal((await api(clerk).post(`/api/export-tickets/${ticket.id}/scans`).send({ epcs: [UNKNOWN] })).body.apart, 0);

    assert.equal((await act(clerk, 'export', ticket.id, 'prepared')).status, 200);
    assert.equal((await api(clerk).put(`/api/export-tickets/${ticket.id}`).send({ warehouseId: c.active.zones[0], sampleIds: samples, allowedGateId: gateId })).body.code, 'TICKET_NOT_EDITABLE');
    assert.equal((await api(admin).delete(`/api/export-tickets/${ticket.id}`)).body.code, 'TICKET_NOT_DELETABLE');
    await refused(clerk, 'export', ticket.id, 'start', 'TICKET_ACTION_NOT_ALLOWED');
    assert.equal((await act(clerk, 'export', ticket.id, 'submit')).status, 200);
    assert.equal((await detail(clerk, 'export', ticket.id)).status, 'AWAITING_APPROVAL');
    assert.equal((await act(clerk, 'export', ticket.id, 'approve')).status, 403, 'approving needs its own permission');
    // an approver who created the ticket may not approve it
    const own = (await api(approver).post('/api/export-tickets').send({ source: 'INTERNAL', allowedGateId: gateId, warehouseId: c.active.zones[0], sampleIds: [samples[0]] }).expect(201)).body as TicketDetail;
    for (const action of ['prepare', 'prepared', 'submit']) await act(approver, 'export', own.id, action).expect(200);
    await refused(approver, 'export', own.id, 'approve', 'APPROVER_IS_CREATOR');
    await refused(approver, 'export', own.id, 'cancel', 'APPROVER_IS_CREATOR');

    // cancelled, submitted again, approved
    assert.equal((await act(approver, 'export', ticket.id, 'cancel', { reason: 'thiếu chữ ký' })).body.status, 'CANCELLED');
    await refused(clerk, 'export', ticket.id, 'start', 'TICKET_ACTION_NOT_ALLOWED');
    await act(clerk, 'export', ticket.id, 'submit').expect(200);
    d = (await act(approver, 'export', ticket.id, 'approve')).body as TicketDetail;
    assert.deepEqual([d.status, d.approvedBy?.name, typeof d.approvedAt], ['APPROVED', 'truong.kho', 'string']);
    assert.equal((await act(clerk, 'export', ticket.id, 'start')).body.status, 'EXPORTING');
    await api(clerk).post(`/api/export-tickets/${ticket.id}/scans`).send({ epcs: TAGS }).expect(200);
    d = (await act(clerk, 'export', ticket.id, 'close')).body as TicketDetail;
    assert.deepEqual([d.status, d.allowedActions], ['CLOSED', ['rollback']]);
    assert.deepEqual(d.lines.map((l) => l.actual), [1, 1, 1]);
    for (const action of ['prepare', 'close', 'start']) await refused(clerk, 'export', ticket.id, action, 'TICKET_ACTION_NOT_ALLOWED');

    const places = async () => (await api(admin).get('/api/inventory/samples').expect(200)).body as { state: string; zoneId: string | null; ticketId: string | null; ticketCode: string | null; samples: number }[];
    assert.deepEqual((await places()).filter((p) => p.state === 'OUT'), [{ state: 'OUT', zoneId: null, zoneName: null, ticketId: ticket.id, ticketCode: ticket.code, samples: 3 }]);
    const lent = await t.platform.db.selectFrom('sample_whereabouts').selectAll().where('sample_id', 'in', samples).execute();
    assert.deepEqual(lent.map((w) => [w.state, w.ticket_id]), samples.map(() => ['OUT', ticket.id]));
    const usage = async () => (await Promise.all(samples.map(async (id) => (await api(admin).get(`/api/samples/${id}`).expect(200)).body.usageCount as number)));
    assert.deepEqual(await usage(), [2, 2, 2], 'linked once, lent once');
    // the timeline, newest first: each transition with its actor (scanned batches are progress, not entries)
    assert.deepEqual(d.timeline.map((e) => e.action), ['close', 'start', 'approve', 'submit', 'cancel', 'submit', 'prepared', 'apart-remove', 'prepare', 'created']);
    assert.deepEqual([d.timeline[2]!.actor, d.timeline[4]!.reason, d.timeline[4]!.to], ['truong.kho', 'thiếu chữ ký', 'CANCELLED']);

    // rolled back: the samples are back where they were, the loan uncounted; the step's scans stay (closing is the step undone)
    d = (await act(clerk, 'export', ticket.id, 'rollback', { reason: 'đóng nhầm' })).body as TicketDetail;
    assert.equal(d.status, 'EXPORTING');
    assert.deepEqual(await usage(), [1, 1, 1]);
    assert.equal((await t.platform.db.selectFrom('sample_whereabouts').select('state').where('sample_id', 'in', samples).where('state', '=', 'OUT').execute()).length, 0);
    // once more, the scans of exporting are discarded with it
    d = (await act(clerk, 'export', ticket.id, 'rollback', { reason: 'quét lại' })).body as TicketDetail;
    assert.deepEqual([d.status, d.lines.map((l) => l.actual)], ['APPROVED', [0, 0, 0]]);
    await act(clerk, 'export', ticket.id, 'start').expect(200);
    await api(clerk).post(`/api/export-tickets/${ticket.id}/scans`).send({ epcs: TAGS }).expect(200);
    await act(clerk, 'export', ticket.id, 'close').expect(200);
    assert.deepEqual(await usage(), [2, 2, 2]);

    // each sample's page says where it is, what its usage adds up, and its history names the ticket
    const sample = (await api(admin).get(`/api/samples/${samples[0]}`).expect(200)).body as SampleDetail;
    assert.deepEqual([sample.place.state, sample.place.ticketId, sample.place.ticketCode, sample.place.by, sample.place.note], ['OUT', ticket.id, ticket.code, 'kho.clerk', 'Mượn mẫu cho hội chợ']);
    assert.deepEqual(sample.usage, { links: 1, loans: 1 }, 'the rolled-back close is no loan');
    const history = (await api(admin).get(`/api/samples/${samples[0]}/history`).expect(200)).body as SampleTimelineEntry[];
    const moves = history.flatMap((e) => (e.action === 'TicketClosed' || e.action === 'TicketRolledBack' ? [[e.action, e.ticketCode, e.moved]] : []));
    assert.deepEqual(moves, [['TicketClosed', ticket.code, 'OUT'], ['TicketRolledBack', ticket.code, 'OUT'], ['TicketClosed', ticket.code, 'OUT']], 'newest first: closed, taken back, closed again');
  });

  it('an internal import brings the lent samples back into its warehouse; a sample not out cannot come back; an import has no approval', async () => {
    const notOut = await createSample(t, admin, sampleBody(c, { sampleCode: 'HOME-1' }));
    const refusedImport = await api(admin).post('/api/import-tickets').send({ source: 'INTERNAL', warehouseId: c.active.zones[1], sampleIds: [notOut.id] });
    assert.equal(refusedImport.body.code, 'SAMPLE_NOT_OUT');
    const again = await api(admin).post('/api/export-tickets').send({ source: 'INTERNAL', allowedGateId: gateId, warehouseId: c.active.zones[0], sampleIds: [samples[0]] });
    assert.equal(again.body.code, 'SAMPLE_NOT_AVAILABLE', 'a sample out on a ticket cannot be lent again');

    const ticket = (await api(admin).post('/api/import-tickets').send({ source: 'INTERNAL', warehouseId: c.active.zones[1], sampleIds: samples }).expect(201)).body as TicketDetail;
    assert.match(ticket.code, /^IT\d{6}$/);
    for (const action of ['submit', 'approve', 'cancel']) await refused(admin, 'import', ticket.id, action, 'TICKET_ACTION_NOT_ALLOWED');
    for (const action of ['prepare', 'prepared']) await act(admin, 'import', ticket.id, action).expect(200);
    assert.equal((await act(admin, 'import', ticket.id, 'start')).body.status, 'RECEIVING');
    await api(admin).post(`/api/import-tickets/${ticket.id}/scans`).send({ epcs: TAGS }).expect(200);
    assert.equal((await act(admin, 'import', ticket.id, 'close')).body.status, 'CLOSED');
    const back = await t.platform.db.selectFrom('sample_whereabouts').selectAll().where('sample_id', 'in', samples).execute();
    assert.deepEqual(back.map((w) => [w.state, w.zone_id]), samples.map(() => ['IN', c.active.zones[1]]));
    const places = (await api(admin).get('/api/inventory/samples').expect(200)).body as { state: string; zoneId: string | null; samples: number }[];
    assert.deepEqual([places.filter((p) => p.state === 'OUT').length, places.find((p) => p.zoneId === c.active.zones[1])?.samples], [0, 3], 'none out, the three in the zone they came back to');
    const home = (await api(admin).get(`/api/samples/${samples[0]}`).expect(200)).body as SampleDetail;
    assert.deepEqual([home.place.state, home.place.zoneId, home.place.zoneName, typeof home.place.since], ['IN', c.active.zones[1], c.names.get(c.active.zones[1]!), 'string'], 'back, in the zone the import brought it to');
    const last = ((await api(admin).get(`/api/samples/${samples[0]}/history`).expect(200)).body as SampleTimelineEntry[])[0]!;
    assert.deepEqual(last.action === 'TicketClosed' && [last.ticketCode, last.direction, last.moved], [ticket.code, 'IMPORT', 'IN']);

    // a NEW ticket may be deleted, then it is gone and its sample free again
    const doomed = (await api(admin).post('/api/export-tickets').send({ source: 'INTERNAL', allowedGateId: gateId, warehouseId: c.active.zones[1], sampleIds: [samples[0]] }).expect(201)).body as TicketDetail;
    await api(admin).delete(`/api/export-tickets/${doomed.id}`).expect(204);
    assert.equal((await api(admin).get(`/api/export-tickets/${doomed.id}`)).body.code, 'TICKET_NOT_FOUND');
    const list = (await api(admin).get('/api/import-tickets?status=CLOSED').expect(200)).body;
    assert.deepEqual(list.data.map((r: { id: string }) => r.id), [ticket.id]);

    // the list's Excel export: the filter's tickets, statuses in the reader's language
    const file = await api(admin).get('/api/export-tickets/export?source=INTERNAL&sort=code:asc').set('accept-language', 'vi').buffer(true).parse(binary);
    assert.deepEqual([file.status, file.headers['content-type']], [200, XLSX]);
    const rows = dataRows(await load(file.body as Buffer), 3);
    assert.deepEqual(rows.map((r) => r[1]), ['Đã đóng', 'Chờ duyệt'], 'the loan closed, the approver’s own ticket awaiting approval; the deleted one not listed');
  });

  it('scanning: a handheld counts the draft live over MQTT; no reader is TICKET_NO_READER; a reader busy for another ticket is READER_BUSY; a silent one SCANNING_START_FAILED', async () => {
    const handheld = await registerReader(t, admin, { code: 'HH-KHO', kind: 'HANDHELD', format: 'SIMPLE' });
    const silent = await registerReader(t, admin, { code: 'HH-SILENT', kind: 'HANDHELD', format: 'SIMPLE' });
    const sim = await SimulatedReader.connect({ url: mqttUrl, code: handheld.credentials.username, password: handheld.credentials.password, format: 'SIMPLE', heartbeatSeconds: 0 });
    readers.push(sim, await SimulatedReader.connect({ url: mqttUrl, code: silent.credentials.username, password: silent.credentials.password, format: 'SIMPLE', heartbeatSeconds: 0, silent: true }));
    const body = (equipmentId?: string) => ({ source: 'INTERNAL', allowedGateId: gateId, warehouseId: c.active.zones[0], sampleIds: samples, ...(equipmentId ? { equipmentId } : {}) });

    const none = (await api(admin).post('/api/export-tickets').send(body()).expect(201)).body as TicketDetail;
    await act(admin, 'export', none.id, 'prepare').expect(200);
    assert.equal((await api(admin).post(`/api/export-tickets/${none.id}/scanning/start`)).body.code, 'TICKET_NO_READER');

    const ticket = (await api(admin).post('/api/export-tickets').send(body(handheld.reader.id)).expect(201)).body as TicketDetail;
    assert.equal((await api(admin).post(`/api/export-tickets/${ticket.id}/scanning/start`)).body.code, 'TICKET_ACTION_NOT_ALLOWED', 'a NEW ticket scans for nothing');
    await act(admin, 'export', ticket.id, 'prepare').expect(200);
    const started = (await api(admin).post(`/api/export-tickets/${ticket.id}/scanning/start`).expect(200)).body as TicketDetail;
    assert.deepEqual(started.scanning, { step: 'PREPARING', readerIds: [handheld.reader.id] });
    assert.equal(sim.state.scanning, true, 'the handheld (MANUAL) was told to start');
    const socket = sockets.connect({ token: admin });
    await connected(socket);
    const pushes: TicketProgressPush[] = [];
    socket.on(REALTIME_EVENTS.TICKET_PROGRESS, (p: TicketProgressPush) => pushes.push(p));
    for (let i = 0; i < 20; i++) await sim.read(TAGS.map((epc) => ({ epc, antenna: 1, rssi: -50, count: 3 })));
    const counted = await waitFor('the draft counted', async () => {
      const d = await detail(admin, 'export', ticket.id);
      return d.totals.draft === 3 ? d : undefined;
    });
    assert.deepEqual(counted.lines.map((l) => l.draft), [1, 1, 1]);
    // the push of the count is the ticket's quantities as of its version: what a page compares with what it shows
    const pushed = await waitFor('the push of the count', () => pushes.find((p) => p.ticketId === ticket.id && p.version === counted.version));
    assert.deepEqual(pushed.totals, counted.totals);
    assert.deepEqual(pushed.lines, counted.lines.map((l) => ({ key: l.key, draft: l.draft, actual: l.actual })));

    // the handheld scans for this ticket: another ticket cannot have it meanwhile
    const other = (await api(admin).post('/api/export-tickets').send(body(handheld.reader.id)).expect(201)).body as TicketDetail;
    await act(admin, 'export', other.id, 'prepare').expect(200);
    assert.equal((await api(admin).post(`/api/export-tickets/${other.id}/scanning/start`)).body.code, 'READER_BUSY');
    await api(admin).post(`/api/export-tickets/${ticket.id}/scanning/stop`).expect(200);
    assert.equal(sim.state.scanning, false, 'the handheld was told to stop');
    assert.equal((await api(admin).post(`/api/export-tickets/${ticket.id}/scanning/stop`)).body.code, 'TICKET_NOT_SCANNING');

    // a reader that does not answer: refused once the command's time is up (short here; the answering handheld had the default)
    await api(admin).put('/api/system-settings').send({ readerCommandTimeoutMs: 800 }).expect(200);
    const hung = (await api(admin).post('/api/export-tickets').send(body(silent.reader.id)).expect(201)).body as TicketDetail;
    await act(admin, 'export', hung.id, 'prepare').expect(200);
    const failed = await api(admin).post(`/api/export-tickets/${hung.id}/scanning/start`).set('accept-language', 'en');
    assert.deepEqual([failed.status, failed.body.code, failed.body.message], [502, 'SCANNING_START_FAILED', 'Start scanning failed']);
    assert.equal((await detail(admin, 'export', hung.id)).scanning, null, 'a reader that did not start: the ticket does not scan');
  });

  it('every ticket event leaves the read models as a rebuild makes them', async () => {
    const snapshot = async () => ({
      tickets: (await sql`select * from tickets order by id`.execute(t.platform.db)).rows,
      lines: (await sql`select * from ticket_lines order by ticket_id, position`.execute(t.platform.db)).rows,
      apart: (await sql`select * from ticket_apart order by ticket_id, epc`.execute(t.platform.db)).rows,
      whereabouts: (await sql`select * from sample_whereabouts order by sample_id`.execute(t.platform.db)).rows,
      moves: (await sql`select sample_id, ticket_id, from_state, to_state, at from sample_moves order by at, sample_id`.execute(t.platform.db)).rows,
      samples: (await sql`select id, usage_count from samples order by id`.execute(t.platform.db)).rows,
    });
    const live = await snapshot();
    assert.ok(live.tickets.length >= 3);
    await rebuildProjections(t.platform.db, t.platform.store, t.platform.projections, []);
    assert.deepEqual(await snapshot(), live);
  });
});
