import type { TagLastSeen } from '@rfid/contracts';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from './RelativeTime';

/** Where and when a reader last saw a tag: when (exact time in the tooltip), the reader, its antenna, the zone; or that none has. */
export function TagLastSeenView({ seen }: { seen: TagLastSeen | null }) {
  const { t } = useTranslation();
  if (!seen) return <span className="muted" data-testid="last-seen">{t('rfid.never_seen')}</span>;
  return (
    <span data-testid="last-seen">
      <RelativeTime iso={seen.at} /> · <strong>{seen.readerCode}</strong> {seen.readerName}
      {seen.antenna !== null && <> · {t('rfid.seen_antenna', { antenna: seen.antenna })}</>}
      {seen.zoneName && <> · {seen.zoneName}</>}
    </span>
  );
}
