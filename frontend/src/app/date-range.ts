/** SPEC.md §9's date-range helper: from midnight N days ago to 23:59:59 today, local time. */
export function lastDaysRange(days: number, now = new Date()): { from: Date; to: Date } {
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate() - days, 0, 0, 0, 0);
  const to = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 23, 59, 59, 999);
  return { from, to };
}
