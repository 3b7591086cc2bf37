import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lastDaysRange, linkReportQuery } from './reports.js';

describe('link reports', () => {
  it("SPEC's date-range helper: from midnight N days ago to 23:59:59 today, local time", () => {
    const now = new Date(2026, 10, 21, 14, 30, 5);
    const { from, to } = lastDaysRange(7, now);
    assert.deepEqual([from.getFullYear(), from.getMonth(), from.getDate(), from.getHours(), from.getMinutes(), from.getSeconds()], [2026, 10, 14, 0, 0, 0]);
    assert.deepEqual([to.getFullYear(), to.getMonth(), to.getDate(), to.getHours(), to.getMinutes(), to.getSeconds()], [2026, 10, 21, 23, 59, 59]);
    const today = lastDaysRange(0, now);
    assert.equal(today.from.getDate(), 21);
    const acrossMonths = lastDaysRange(30, now);
    assert.deepEqual([acrossMonths.from.getMonth(), acrossMonths.from.getDate()], [9, 22]);
  });

  it('the query takes ISO date-times with an offset, ids and a search of at least 2 characters', () => {
    const q = linkReportQuery.parse({ from: '2026-11-14T00:00:00+07:00', to: '2026-11-21T16:59:59.999Z', q: ' ab ' });
    assert.equal(q.from!.toISOString(), '2026-11-13T17:00:00.000Z');
    assert.equal(q.q, 'ab');
    assert.equal(linkReportQuery.safeParse({ from: '2026-11-14' }).success, false);
    assert.equal(linkReportQuery.safeParse({ q: 'a' }).success, false);
  });
});
