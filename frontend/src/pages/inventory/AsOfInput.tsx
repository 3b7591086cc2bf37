import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import { DateInput } from '@blueprintjs/datetime';
import { format } from 'date-fns';
import { enUS, vi } from 'date-fns/locale';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/i18n';

/**
 * A moment, typed as DD/MM/YYYY HH:mm or picked in a calendar with a time, in the user's language.
 * Its value is an ISO date-time ('' for now). Loaded on demand with the calendar.
 */
export default function AsOfInput({ value, onChange, label }: { value: string; onChange: (iso: string) => void; label: string }) {
  const { t } = useTranslation();
  const vietnamese = currentLanguage() === 'vi';
  return (
    <DateInput
      // the picker reads and writes the local time without a zone
      value={value ? format(new Date(value), "yyyy-MM-dd'T'HH:mm:ss") : null}
      onChange={(local) => onChange(local ? new Date(local).toISOString() : '')}
      dateFnsFormat="dd/MM/yyyy HH:mm"
      timePrecision="minute"
      // the moment is the user's own local time; no zone to choose
      showTimezoneSelect={false}
      locale={vietnamese ? vi : enUS}
      placeholder="DD/MM/YYYY HH:mm"
      clearButtonText={t('list.clear_date')}
      todayButtonText={t('list.today')}
      showActionsBar
      highlightCurrentDay
      inputProps={{ 'aria-label': label, name: 'asOf' }}
      popoverProps={{ placement: 'bottom-start' }}
    />
  );
}
