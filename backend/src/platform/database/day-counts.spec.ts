import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js';
import { countsOfDays, perLocalDay, quarterHourOf } from './day-counts.js';

let tp: TestPlatform;
before(async () => {
  tp = await createTestPlatform({}, []);
});
after(() => tp.close());

describe('counts per local day from counts per UTC quarter hour', () => {
  it('a timestamp a microsecond before a quarter hour is in the quarter before; one on it, in its own', async () => {
    const at = ['2026-11-24T16:59:59.999999Z', '2026-11-24T17:00:00Z', '2026-11-24T17:14:59.999999Z', '2026-11-24T17:15:00.000001Z'];
    const { rows } = await sql<{ quarter: string }>`
      select ${quarterHourOf('t.at')} as quarter from unnest(${at}::timestamptz[]) with ordinality as t(at, n) order by t.n`.execute(tp.platform.db);
    const k = Date.parse('2026-11-24T17:00:00Z') / 900_000;
    assert.deepEqual(rows.map((r) => Number(r.quarter)), [k - 1, k, k, k + 1]);
  });

  it('quarters become the days of the zone: 17:00 UTC is midnight in Viet Nam, the evening before in UTC', () => {
    const k = Date.parse('2026-11-24T17:00:00Z') / 900_000;
    const rows = [
      { quarter: String(k - 1), total: '2' },
      { quarter: String(k), total: '3' },
    ];
    assert.deepEqual(countsOfDays(perLocalDay(rows, 'Asia/Ho_Chi_Minh'), ['2026-11-24', '2026-11-25']), [2, 3]);
    assert.deepEqual(countsOfDays(perLocalDay(rows, 'UTC'), ['2026-11-24', '2026-11-25']), [5, 0]);
  });
});
