import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js';
import { verifyEventStore } from './chain-verifier.js';

const cli = fileURLToPath(new URL('../../cli/audit-verify.js', import.meta.url));
const run = promisify(execFile);

async function auditVerifyCli(databaseUrl: string): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await run(process.execPath, [cli], { env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' } });
    return { code: 0, stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string };
    return { code: e.code, stdout: e.stdout };
  }
}

describe('audit:verify', () => {
  let tp: TestPlatform;
  const streams = [`a-${randomUUID()}`, `b-${randomUUID()}`, `c-${randomUUID()}`];
  before(async () => {
    tp = await createTestPlatform({}, []);
    for (const s of streams) {
      for (let i = 1; i <= 5; i++) await tp.platform.store.append(s, 'thing', [{ type: 'Happened', data: { i, text: 'Xin chào ✓' } }]);
    }
  });
  after(() => tp.close());

  it('an untouched store verifies: the command prints OK and the count, and exits 0', async () => {
    const result = await verifyEventStore(tp.platform.db);
    assert.deepEqual(result, { ok: true, events: 15, streams: 3 });
    const out = await auditVerifyCli(tp.url);
    assert.equal(out.code, 0);
    assert.equal(out.stdout.trim(), 'OK 15 events');
  });

  it('an edited event is reported with its stream, version and global position, and the command exits 1', async () => {
    const target = streams[1]!;
    const row = await tp.platform.db
      .selectFrom('events')
      .select(['global_position', 'data'])
      .where('stream_id', '=', target)
      .where('stream_version', '=', 3)
      .executeTakeFirstOrThrow();
    await sql`update events set data = jsonb_set(data, '{i}', '99') where global_position = ${row.global_position}`.execute(tp.platform.db);
    try {
      const result = await verifyEventStore(tp.platform.db);
      assert.equal(result.ok, false);
      assert.ok(!result.ok);
      assert.equal(result.streamId, target);
      assert.equal(result.version, 3);
      assert.equal(result.globalPosition, row.global_position);
      const out = await auditVerifyCli(tp.url);
      assert.equal(out.code, 1);
      assert.match(out.stdout, new RegExp(`^BROKEN stream ${target} version 3 global position ${row.global_position}: `));
    } finally {
      await sql`update events set data = ${JSON.stringify(row.data)}::jsonb where global_position = ${row.global_position}`.execute(tp.platform.db);
    }
    assert.equal((await verifyEventStore(tp.platform.db)).ok, true, 'restoring the content restores the chain');
  });

  it('a removed event in the middle, and one removed at the end, are both reported', async () => {
    const target = streams[2]!;
    const middle = await sql<{ global_position: number }>`
      delete from events where stream_id = ${target} and stream_version = 2 returning global_position`.execute(tp.platform.db);
    const r1 = await verifyEventStore(tp.platform.db);
    assert.ok(!r1.ok);
    assert.equal(r1.streamId, target);
    assert.equal(r1.version, 3, 'the first event after the gap is where the chain breaks');
    assert.ok(middle.rows[0]);

    const target2 = streams[0]!;
    await sql`delete from events where stream_id = ${target2} and stream_version = 5`.execute(tp.platform.db);
    const r2 = await verifyEventStore(tp.platform.db);
    assert.ok(!r2.ok);
    assert.equal(r2.streamId, target2, 'streams are checked in id order: the truncated stream comes first');
    assert.match(r2.reason, /stream record does not match/);
  });
});
