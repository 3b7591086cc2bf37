import { useEffect, useState } from 'react';
import { formatDateTime, formatRelative } from '../i18n/format';

/** How often a relative time is said again ("5 seconds ago" → "15 seconds ago"). */
const TICK_MS = 5000;

/**
 * A moment as "3 minutes ago", kept current while it is shown, with the exact time in its tooltip.
 * A moment ahead of this browser's clock (another machine's clock) reads as now, never "in 2 seconds".
 */
export function RelativeTime({ iso }: { iso: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {formatRelative(iso, Math.max(now, Date.parse(iso)))}
    </time>
  );
}
