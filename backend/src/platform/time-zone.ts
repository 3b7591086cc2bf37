import type { Language } from '@rfid/contracts';
import { AppError } from './errors/app-error.js';

/** An IANA time zone name or a UTC offset: letters, digits, '/', '_', '+', '-'; at most 64 characters. */
const TIME_ZONE_TEXT = /^[A-Za-z0-9/_+-]{1,64}$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The formatter of a zone's wall-clock time (throws a RangeError for a name that is no time zone). */
function wallClockFormat(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(zone, format);
  }
  return format;
}

/**
 * The time zone a client names (`Asia/Ho_Chi_Minh`, `UTC`), kept as named (ICU would say the older
 * `Asia/Saigon`, which the user does not know); none is UTC. A name that is no time zone is
 * TIME_ZONE_NOT_VALID (400), naming what was sent.
 */
export function timeZoneOf(name: string | undefined): string {
  if (name === undefined || name.trim() === '') return 'UTC';
  const zone = name.trim();
  try {
    if (!TIME_ZONE_TEXT.test(zone)) throw new RangeError('not a time zone name');
    wallClockFormat(zone);
    return zone;
  } catch {
    throw new AppError('TIME_ZONE_NOT_VALID', { timeZone: zone.slice(0, 64) });
  }
}

/** Offsets change at most every quarter of an hour (the zones' rules move on the hour or the half, a few on 15 or 45 minutes). */
const QUARTER_HOUR = 15 * 60_000;
const offsets = new Map<string, Map<number, number>>();

/** The zone's offset from UTC at an instant, in milliseconds (+7 h in Asia/Ho_Chi_Minh). */
function offsetAt(zone: string, ms: number): number {
  let byQuarter = offsets.get(zone);
  if (!byQuarter) offsets.set(zone, (byQuarter = new Map()));
  // an export of 50,000 rows asks for a few hundred quarters, not 50,000 formats
  const quarter = Math.floor(ms / QUARTER_HOUR);
  let offset = byQuarter.get(quarter);
  if (offset === undefined) {
    const at = quarter * QUARTER_HOUR;
    const part = Object.fromEntries(wallClockFormat(zone).formatToParts(new Date(at)).map((p) => [p.type, Number(p.value)]));
    offset = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!) - at;
    byQuarter.set(quarter, offset);
  }
  return offset;
}

/**
 * The wall-clock time of an instant in a zone, as a Date whose UTC fields read it: what a spreadsheet
 * cell holds (a date-time without a zone) for a reader in that zone.
 */
export function wallClockTime(date: Date, zone: string): Date {
  return zone === 'UTC' ? date : new Date(date.getTime() + offsetAt(zone, date.getTime()));
}

/** A zone's name of one kind in a language at an instant ("Indochina Time", "GMT+7"). */
function zoneNamePart(zone: string, language: Language, style: 'longGeneric' | 'shortOffset', at: Date): string {
  return new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: style }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? zone;
}

/**
 * A zone as people read it, in their language: "Giờ Đông Dương, GMT+7" / "Indochina Time, GMT+7"; a
 * zone that changes its offset in summer without the offset ("Central European Time"), since a file's
 * rows may fall on either side; UTC as UTC. (Browsers name Vietnam's zone by its old IANA name,
 * Asia/Saigon, which its users would not recognise.)
 */
export function timeZoneName(zone: string, language: Language, now = new Date()): string {
  if (zone === 'UTC') return 'UTC';
  const year = now.getUTCFullYear();
  const [winter, summer] = [new Date(Date.UTC(year, 0, 1)), new Date(Date.UTC(year, 6, 1))].map((d) => zoneNamePart(zone, language, 'shortOffset', d));
  const generic = zoneNamePart(zone, language, 'longGeneric', now);
  return winter === summer ? `${generic}, ${winter}` : generic;
}

/** The local day (yyyy-mm-dd) an instant falls on in a zone. */
export function localDay(date: Date, zone: string): string {
  return wallClockTime(date, zone).toISOString().slice(0, 10);
}

/** The instant a local day (yyyy-mm-dd) starts in a zone: its midnight, less the zone's offset then. */
export function startOfLocalDay(day: string, zone: string): Date {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  // the offset at midnight itself, found from the offset a moment before (they differ only across a change)
  return new Date(midnight - offsetAt(zone, midnight - offsetAt(zone, midnight)));
}

/** The last `count` local days of a zone up to the one `now` falls on, oldest first. */
export function lastLocalDays(count: number, zone: string, now: Date): string[] {
  const today = Date.parse(`${localDay(now, zone)}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(today - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}
