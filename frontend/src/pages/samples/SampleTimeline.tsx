import { SAMPLE_FIELDS, type SampleFieldChange, type SampleTimelineEntry } from '@rfid/contracts';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { stocktakePath, ticketPath } from '../../app/route-table';
import { enumLabel } from '../../components/fields/field-views';
import { formatDateTime } from '../../i18n/format';

/**
 * What happened to a sample, newest first (as the server answers it): what, who and when; an update lists
 * the fields it changed; the tickets that lent it out or brought it back, the gates it passed and the
 * stocktakes that counted it are among them.
 */
export function SampleTimeline({ entries }: { entries: readonly SampleTimelineEntry[] }) {
  const { t } = useTranslation();
  if (entries.length === 0) return <p className="muted">{t('common.no_data')}</p>;
  return (
    <ol className="timeline" data-testid="history">
      {entries.map((e) => (
        <li key={e.id} data-action={e.action}>
          <span className="timeline-time muted">{formatDateTime(e.recordedAt)}</span>
          <strong>
            <EntryText entry={e} />
          </strong>
          <span className="muted"> · {e.actor.name ?? e.actor.kind}</span>
          {e.action === 'SampleUpdated' && e.changes.length > 0 && (
            <ul className="timeline-changes muted">
              {e.changes.map((c) => (
                <FieldChange key={c.field} change={c} />
              ))}
            </ul>
          )}
          {e.action === 'TagUnlinked' && e.reason && <div className="muted">{t('samples.event_reason', { reason: e.reason })}</div>}
        </li>
      ))}
    </ol>
  );
}

/** What an entry says: the tickets, gates and stocktakes named by their codes, a ticket or stocktake linked to its page. */
function EntryText({ entry: e }: { entry: SampleTimelineEntry }) {
  const { t } = useTranslation();
  switch (e.action) {
    case 'TicketClosed':
    case 'TicketRolledBack':
      return <Trans i18nKey={`samples.event_${e.action}_${e.moved}`} values={{ ticket: e.ticketCode }} components={{ link: <Link to={ticketPath(e.direction, 'INTERNAL', e.ticketId)} /> }} />;
    case 'GatePassDecided':
      return (
        <>
          {t('samples.event_GatePassDecided', { gate: e.gateCode, direction: t(`gate_history.direction_${e.passDirection}`), decision: t(`gate_history.decision_${e.decision}`) })}
          {e.permitCode && ` ${t('samples.event_permit', { permit: e.permitCode })}`}
        </>
      );
    case 'StocktakeClosed': {
      const result = e.result === 'MOVED' ? t('samples.result_MOVED') : t(`stocktake.result_${e.result}`);
      return <Trans i18nKey="samples.event_StocktakeClosed" values={{ stocktake: e.stocktakeCode, result }} components={{ link: <Link to={stocktakePath(e.stocktakeId)} /> }} />;
    }
    default:
      return <>{t(`samples.event_${e.action}`, { tag: 'tagCode' in e ? e.tagCode : undefined })}</>;
  }
}

/** "Colour: — → Red": the field's label, then its value before and after (blank is —). */
function FieldChange({ change }: { change: SampleFieldChange }) {
  const { t } = useTranslation();
  const field = SAMPLE_FIELDS[change.field];
  const shown = (value: string | null) => (value === null ? '—' : enumLabel(t, field, value));
  return (
    <li>
      {t(field.label)}: {shown(change.from)} → {shown(change.to)}
    </li>
  );
}
