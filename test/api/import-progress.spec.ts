import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { IMPORT_PHASES, IMPORT_PROGRESS_HEADER, REALTIME_EVENTS, type ImportProgress } from '@rfid/contracts';
import { waitFor } from '@rfid/backend/testing/wait-for';
import type { Socket } from 'socket.io-client';
import { sheetOf } from './excel-fixtures.js';
import { connected } from './socket-fixtures.js';
import { suiteApp, type SuiteApp } from './suite-app.js';

const SAMPLE_HEADER = ['Name', 'Model name', 'Art number', 'Season', 'Size', 'Category', 'Customer'];

/** Every IMPORT_PROGRESS push a socket receives, in order. */
function collect(socket: Socket): ImportProgress[] {
  const pushes: ImportProgress[] = [];
  socket.on(REALTIME_EVENTS.IMPORT_PROGRESS, (p: ImportProgress) => pushes.push(p));
  return pushes;
}

/** socket.io may deliver an import's last push a moment after its response: wait until it is in. */
function lastPush(pushes: ImportProgress[], progressId: string): Promise<ImportProgress> {
  return waitFor(`the last push of ${progressId}`, () => pushes.find((p) => p.progressId === progressId && p.phase === 'writing' && p.done === p.total));
}

describe('Excel import progress over socket.io', () => {
  let { t, admin, sockets: clients } = {} as SuiteApp;
  let onlooker: string;
  let mine: ImportProgress[];
  let others: ImportProgress[];
  suiteApp({ catalogues: true, sockets: true }, (app) => ({ t, admin, sockets: clients } = app));
  before(async () => {
    const groupId = (await t.api(admin).post('/api/user-groups').send({ name: 'Onlookers', permissions: ['SAMPLE_MANAGEMENT_SAMPLE_LIST', 'SAMPLE_MANAGEMENT_RFID_CREATE'] }).expect(201)).body.id;
    await t.api(admin).post('/api/users').send({ username: 'onlooker', password: 'secret1', fullName: 'Onlooker', groupId }).expect(201);
    onlooker = await t.login('onlooker', 'secret1');
    const own = clients.connect({ token: admin });
    const other = clients.connect({ token: onlooker });
    await Promise.all([connected(own), connected(other)]);
    mine = collect(own);
    others = collect(other);
  });

  it('a sample import tells its user how far it got: reading (bytes), checking, writing (rows), in that order, each to the end', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => [`Mẫu ${i}`, `M${i % 9}`, `ART-${i}`, 'Xuân Hè 2026', 'Cỡ 40', 'Dép', 'Nike VN']);
    const file = await sheetOf(SAMPLE_HEADER, rows);
    const res = await t.api(admin).post('/api/samples/import').set(IMPORT_PROGRESS_HEADER, 'import-1').attach('file', file, 'samples.xlsx');
    assert.equal(res.status, 201, JSON.stringify(res.body).slice(0, 400));
    assert.equal(res.body.created, 5000);
    await lastPush(mine, 'import-1');

    const pushes = mine.filter((p) => p.progressId === 'import-1');
    const phases = pushes.map((p) => IMPORT_PHASES.indexOf(p.phase));
    assert.deepEqual(phases, [...phases].sort((a, b) => a - b), 'phases never go back');
    const lastOf = (phase: string) => pushes.filter((p) => p.phase === phase).at(-1);
    assert.deepEqual(lastOf('reading'), { progressId: 'import-1', phase: 'reading', done: file.length, total: file.length });
    assert.deepEqual(lastOf('checking'), { progressId: 'import-1', phase: 'checking', done: 5000, total: 5000 });
    assert.deepEqual(lastOf('writing'), { progressId: 'import-1', phase: 'writing', done: 5000, total: 5000 });
    const writing = pushes.filter((p) => p.phase === 'writing').map((p) => p.done);
    assert.ok(writing.length >= 2 && writing[0]! < 5000, `writing is reported along the way, not only at the end: ${writing.join(', ')}`);
    // The onlooker's own import, after it: pushes reach a connection in the order they were sent, so
    // once the onlooker has its own, a push of the other import would have come before.
    await t.api(onlooker).post('/api/rfid-tags/import').set(IMPORT_PROGRESS_HEADER, 'onlooker-1').attach('file', await sheetOf(['Code'], [['E2000101']]), 'tags.xlsx').expect(201);
    await lastPush(others, 'onlooker-1');
    assert.deepEqual(others.filter((p) => p.progressId !== 'onlooker-1'), [], 'another user hears nothing of it');
  });

  it('tag and master-data imports report too; an import without the header, or with a malformed id, reports nothing', async () => {
    mine.length = 0;
    const tags = await sheetOf(['Code'], [['E2000001'], ['E2000002']]);
    await t.api(admin).post('/api/rfid-tags/import').set(IMPORT_PROGRESS_HEADER, 'tags-1').attach('file', tags, 'tags.xlsx').expect(201);
    const seasons = await sheetOf(['Code', 'Name', 'Status'], [['S-P1', 'Mùa tiến độ', 'ACTIVE']]);
    await t.api(admin).post('/api/master-data/seasons/import').set(IMPORT_PROGRESS_HEADER, 'seasons-1').attach('file', seasons, 's.xlsx').expect(201);
    await lastPush(mine, 'seasons-1');
    for (const [id, rows] of [['tags-1', 2], ['seasons-1', 1]] as const) {
      assert.deepEqual(
        mine.filter((p) => p.progressId === id && p.phase === 'writing').at(-1),
        { progressId: id, phase: 'writing', done: rows, total: rows },
        id,
      );
    }

    mine.length = 0;
    await t.api(admin).post('/api/rfid-tags/import').attach('file', await sheetOf(['Code'], [['E2000003']]), 'tags.xlsx').expect(201);
    await t.api(admin).post('/api/rfid-tags/import').set(IMPORT_PROGRESS_HEADER, 'no spaces allowed').attach('file', await sheetOf(['Code'], [['E2000004']]), 'tags.xlsx').expect(201);
    // A reported import after them: its pushes come after any of theirs.
    await t.api(admin).post('/api/rfid-tags/import').set(IMPORT_PROGRESS_HEADER, 'after-them').attach('file', await sheetOf(['Code'], [['E2000005']]), 'tags.xlsx').expect(201);
    await lastPush(mine, 'after-them');
    assert.deepEqual(mine.filter((p) => p.progressId !== 'after-them'), []);
  });
});
