import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import { DateInput } from '@blueprintjs/datetime';
import { format } from 'date-fns';
import { enUS, vi } from 'date-fns/locale';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/i18n';

/** The product's date format in both languages (the screens show HH:mm:ss DD/MM/YYYY). */
export const DATE_FORMAT = 'dd/MM/yyyy';

/**
 * A day, typed as DD/MM/YYYY or picked in a calendar in the user's language (the browser's own date
 * field follows the browser's locale: mm/dd/yyyy in an English Chromium). Its value is the day as
 * YYYY-MM-DD, '' for none. Loaded on demand with the calendar: only lists with a date filter need it.
 */
export default function DateFilterInput({ value, onChange, label, name }: { value: string; onChange: (day: string) => void; label: string; name: string }) {
  const { t } = useTranslation();
  const vietnamese = currentLanguage() === 'vi';
  return (
    <DateInput
      value={value ? `${value}T00:00:00` : null}
      onChange={(iso) => onChange(iso ? iso.slice(0, 10) : '')}
      dateFnsFormat={DATE_FORMAT}
      locale={vietnamese ? vi : enUS}
      // Vietnamese weekdays in their narrow form (T2 … CN): the short one ("Th 2") does not fit a day's column
      dayPickerProps={vietnamese ? { formatters: { formatWeekdayName: (day) => format(day, 'EEEEE', { locale: vi }) } } : undefined}
      placeholder="DD/MM/YYYY"
      clearButtonText={t('list.clear_date')}
      todayButtonText={t('list.today')}
      showActionsBar
      highlightCurrentDay
      inputProps={{ 'aria-label': label, name }}
      popoverProps={{ placement: 'bottom-start' }}
    />
  );
}
