import { intlLocale } from './i18n';

const pad = (n: number) => String(n).padStart(2, '0');

/** Dates and times are shown as HH:mm:ss DD/MM/YYYY, in the user's time zone, whatever the language. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())} ${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
}

export function formatNumber(n: number): string {
  return new Intl.NumberFormat(intlLocale()).format(n);
}

/** "3 minutes ago" / "3 phút trước". */
export function formatRelative(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(intlLocale(), { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 60) return rtf.format(seconds, 'second');
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 86400) return rtf.format(Math.round(seconds / 3600), 'hour');
  if (abs < 86400 * 30) return rtf.format(Math.round(seconds / 86400), 'day');
  return new Intl.DateTimeFormat(intlLocale()).format(new Date(iso));
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** A size in bytes as a person reads it: "740 bytes", "256 kB", "1.5 MB" (powers of 1024), in the user's language. */
export function formatBytes(bytes: number): string {
  let unit = 0;
  let value = bytes;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return new Intl.NumberFormat(intlLocale(), { style: 'unit', unit: BYTE_UNITS[unit], unitDisplay: unit === 0 ? 'long' : 'short', maximumFractionDigits: 1 }).format(value);
}
