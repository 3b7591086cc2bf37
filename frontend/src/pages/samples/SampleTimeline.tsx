import { SAMPLE_FIELDS, type SampleFieldChange, type SampleTimelineEntry } from '@rfid/contracts';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../../components/fields/field-views';
import { formatDateTime } from '../../i18n/format';

/** What happened to a sample, newest first (as the server answers it): what, who and when; an update lists the fields it changed. */
export function SampleTimeline({ entries }: { entries: readonly SampleTimelineEntry[] }) {
  const { t } = useTranslation();
  if (entries.length === 0) return <p className="muted">{t('common.no_data')}</p>;
  return (
    <ol className="timeline" data-testid="history">
      {entries.map((e) => (
        <li key={e.id} data-action={e.action}>
          <span className="timeline-time muted">{formatDateTime(e.recordedAt)}</span>
          <strong>{t(`samples.event_${e.action}`, { tag: 'tagCode' in e ? e.tagCode : undefined })}</strong>
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
