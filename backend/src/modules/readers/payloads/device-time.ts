/*
 * A reader's clock, as its payload states it. Only a time with an explicit offset (Z, ±hh:mm, ±hhmm) is
 * kept: a time without one could be any zone, and the device's clock is not trusted to guess it.
 * Zebra writes `2023-04-03T21:50:16.699+0200` (no colon: not RFC 3339, not ECMAScript's Date format, so
 * Date.parse is not relied on), Impinj `2021-02-02T18:39:34.385793625Z` (up to 9 fractional digits; a
 * Date keeps milliseconds, the rest is dropped).
 */

// Fixed-width fields and one optional group each: no nested quantifier, so no backtracking trap.
const DEVICE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:([Zz])|([+-])(\d{2}):?(\d{2}))$/;
/** The longest time text worth matching: 2021-02-02T18:39:34.385793625+05:30 is 35 characters. */
const DEVICE_TIME_MAX_CHARS = 40;

/** The last text parsed and its instant: the reads of one message mostly share their time. */
let lastText: string | undefined;
let lastTime: number | null = null;

/** The instant a payload's time text names, or null when it has no explicit offset or is not a valid time. */
export function parseDeviceTime(value: unknown): Date | null {
  if (typeof value !== 'string' || value.length > DEVICE_TIME_MAX_CHARS) return null;
  if (value !== lastText) {
    lastText = value;
    lastTime = parseTime(value)?.getTime() ?? null;
  }
  return lastTime === null ? null : new Date(lastTime);
}

function parseTime(value: string): Date | null {
  const m = DEVICE_TIME.exec(value);
  if (m === null) return null;
  const [, y, mo, d, h, mi, s, fraction, zulu, sign, offH, offM] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = s === undefined ? 0 : Number(s);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  const millis = fraction === undefined ? 0 : Number(fraction.length >= 3 ? fraction.slice(0, 3) : fraction.padEnd(3, '0'));
  let offsetMinutes = 0;
  if (zulu === undefined) {
    const hours = Number(offH);
    const minutes = Number(offM);
    if (hours > 23 || minutes > 59) return null;
    offsetMinutes = (sign === '-' ? -1 : 1) * (hours * 60 + minutes);
  }
  const time = new Date(Date.UTC(year, month - 1, day, hour, minute, second, millis) - offsetMinutes * 60_000);
  // Date.UTC reads the years 0 to 99 as 1900 to 1999.
  if (year < 100) time.setUTCFullYear(time.getUTCFullYear() - 1900);
  return time;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  return DAYS_IN_MONTH[month - 1]! - (month === 2 && !isLeapYear(year) ? 1 : 0);
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}
