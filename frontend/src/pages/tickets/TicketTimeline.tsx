import type { TicketTimelineEntry } from '@rfid/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format';

/** What happened to a ticket, newest first (as the server answers it): the step, who and when, the status it led to, the reason given. */
export function TicketTimeline({ entries }: { entries: readonly TicketTimelineEntry[] }) {
  const { t } = useTranslation();
  if (entries.length === 0) return <p className="muted">{t('common.no_data')}</p>;
  return (
    <ol className="timeline" data-testid="ticket-timeline">
      {entries.map((e, i) => (
        <li key={`${e.at}-${i}`} data-action={e.action}>
          <span className="timeline-time muted">{formatDateTime(e.at)}</span>
          {/* an apart decision counts its tags ("1 tag", "2 tags") */}
          <strong>{t(`tickets.event_${e.action.replace('-', '_')}`, { detail: e.detail ?? '', count: e.action.startsWith('apart-') ? Number(e.detail) : undefined })}</strong>
          {e.actor && <span className="muted"> · {e.actor}</span>}
          {e.to && <span className="muted"> → {t(`tickets.status_${e.to}`)}</span>}
          {e.reason && <div className="muted">{t('tickets.event_reason', { reason: e.reason })}</div>}
        </li>
      ))}
    </ol>
  );
}
