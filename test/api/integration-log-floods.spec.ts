import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { IntegrationLogEntry } from '@rfid/contracts';
import { IntegrationLog, type LogEntry } from '@rfid/backend/modules/readers/integration-log/integration-log';
import { waitFor } from '@rfid/backend/testing/wait-for';
import { SimulatedReader } from '@rfid/simulators';
import { suiteApp, type SuiteApp } from './suite-app.js';
import { registerReader } from './reader-fixtures.js';

/**
 * What readers (or anyone reaching the broker) send cannot blind or flood the integration log: text
 * PostgreSQL refuses (a NUL, a lone surrogate) is made storable instead of failing a whole batch; a batch
 * of any size is written (below the statement's parameter limit); a row the database still refuses
 * loses only itself; a flood of entries is bounded and what is dropped is counted; and bad reads of
 * one reader are a row per reason a minute and a count, not a row each.
 */
describe('the integration log under floods and hostile text', () => {
  let { t, admin, url } = {} as SuiteApp;
  let log: IntegrationLog;

  suiteApp({ broker: true }, (app) => ({ t, admin, url } = app));
  before(async () => {
    log = t.app.get(IntegrationLog);
  });

  const entry = (summary: string, extra: Partial<LogEntry> = {}): LogEntry => ({ at: new Date(), reader: null, kind: 'MGMT', direction: 'IN', topic: 'test/flood', outcome: 'REJECTED', summary, ...extra });
  const stored = async (q: string) => Number((await t.platform.db.selectFrom('integration_logs').select((eb) => eb.fn.countAll<string>().as('n')).where('summary', 'like', `${q}%`).executeTakeFirstOrThrow()).n);

  it('a NUL or a lone surrogate anywhere blinds nothing: every entry of the batch is stored', async () => {
    log.add(entry('hostile: nul', { reason: 'bad EPC "E2\u0000"', readerCode: 'user\u0000name', topic: 'a/\u0000', payload: 'x\u0000y' }));
    log.add(entry('hostile: surrogate', { reason: 'half \uD800 of a pair', payload: Buffer.from([0xff, 0x00]) }));
    log.add(entry('hostile: plain neighbour'));
    await log.flush();
    assert.equal(await stored('hostile:'), 3);
    const nul = await t.platform.db.selectFrom('integration_logs').select(['reason', 'reader_code']).where('summary', '=', 'hostile: nul').executeTakeFirstOrThrow();
    assert.deepEqual([nul.reason, nul.reader_code], ['bad EPC "E2\uFFFD"', 'user\uFFFDname']);
  });

  it('a batch far over the parameter limit is written whole; a row the database refuses loses only itself', async () => {
    for (let i = 0; i < 12_000; i++) log.add(entry(`many: ${i}`));
    log.add(entry('many: broken', { at: new Date(Number.NaN) }));
    await log.flush();
    assert.equal(await stored('many: '), 12_000);
  });

  it('a flood beyond the bound is counted, not kept', async () => {
    for (let i = 0; i < 20_500; i++) log.add(entry(`flood: ${i}`));
    await log.flush();
    const dropped = await t.platform.db.selectFrom('integration_logs').select(['count', 'summary']).where('summary', 'like', '%log entries dropped in a flood').executeTakeFirstOrThrow();
    assert.equal((await stored('flood: ')) + Number(dropped.count), 20_500);
    assert.ok(Number(dropped.count) > 0);
  });

  it("one reader's bad reads are a row per reason a minute and a count", async () => {
    const r = await registerReader(t, admin, { code: 'NOISY', kind: 'FIXED', format: 'SIMPLE' });
    const sim = await SimulatedReader.connect({ url, code: r.credentials.username, password: r.credentials.password, format: 'SIMPLE', topics: r.reader.topics, antennas: [1], heartbeatSeconds: 0 });
    const started = Date.now();
    const MESSAGES = 200;
    for (let i = 0; i < MESSAGES; i++) await sim.read(['ZZ', 'NOT-HEX', '12'].map((epc) => ({ epc, antenna: 1, rssi: -50, count: 1 })));
    await sim.leave('goodbye');
    const minutes = Math.floor(Date.now() / 60_000) - Math.floor(started / 60_000) + 1;
    await waitFor('the messages taken in', async () => (await t.api(admin).get(`/api/readers/${r.reader.id}`).expect(200)).body.live.connection === 'DISCONNECTED', 20_000);
    await log.flush(true);
    const rows = (await t.api(admin).get('/api/integration-logs').query({ readerId: r.reader.id, outcome: 'REJECTED', size: 50 }).expect(200)).body.data as IntegrationLogEntry[];
    const refused = rows.reduce((n, e) => n + (e.count ?? 1), 0);
    assert.equal(refused, MESSAGES * 3, 'every bad read counted');
    const reasons = new Set(rows.map((e) => e.reason)).size;
    assert.ok(rows.length <= 2 * reasons * minutes, `${rows.length} rows for ${MESSAGES * 3} bad reads of ${reasons} reasons`);
  });
});
