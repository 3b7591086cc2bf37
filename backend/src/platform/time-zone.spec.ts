import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from './errors/app-error.js';
import { timeZoneName, timeZoneOf, wallClockTime } from './time-zone.js';

const wall = (iso: string, zone: string) => wallClockTime(new Date(iso), zone).toISOString();

describe('time zones', () => {
  it("an instant's wall-clock time: Vietnam at +7, Kathmandu at +5:45, Paris on both sides of its spring change", () => {
    assert.equal(wall('2026-11-24T17:30:00.000Z', 'Asia/Ho_Chi_Minh'), '2026-11-25T00:30:00.000Z');
    assert.equal(wall('2026-11-24T17:30:00.000Z', 'Asia/Kathmandu'), '2026-11-24T23:15:00.000Z');
    assert.equal(wall('2026-03-29T00:59:59.999Z', 'Europe/Paris'), '2026-03-29T01:59:59.999Z');
    assert.equal(wall('2026-03-29T01:00:00.000Z', 'Europe/Paris'), '2026-03-29T03:00:00.000Z');
    assert.equal(wall('2026-03-29T01:00:00.000Z', 'UTC'), '2026-03-29T01:00:00.000Z');
  });

  it('a zone is named as people read it: with its offset when it has one all year, without when it changes in summer', () => {
    assert.equal(timeZoneName('Asia/Saigon', 'vi'), 'Giờ Đông Dương, GMT+7');
    assert.equal(timeZoneName('Asia/Ho_Chi_Minh', 'en'), 'Indochina Time, GMT+7');
    assert.equal(timeZoneName('Europe/Paris', 'en'), 'Central European Time');
    assert.equal(timeZoneName('UTC', 'vi'), 'UTC');
  });

  it('a named zone is kept as named, none is UTC, a name that is no zone is TIME_ZONE_NOT_VALID', () => {
    assert.equal(timeZoneOf('Asia/Ho_Chi_Minh'), 'Asia/Ho_Chi_Minh');
    assert.equal(timeZoneOf(undefined), 'UTC');
    assert.equal(timeZoneOf('  '), 'UTC');
    for (const bad of ['Mars/Olympus_Mons', 'Asia/Ho Chi Minh', '<script>', 'x'.repeat(65)]) {
      assert.throws(() => timeZoneOf(bad), (err) => err instanceof AppError && err.code === 'TIME_ZONE_NOT_VALID', bad);
    }
  });
});
