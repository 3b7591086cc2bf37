import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import type { Intent } from '@blueprintjs/core';
import { DateInput, TimePrecision } from '@blueprintjs/datetime';
import { format } from 'date-fns';
import { enUS, vi } from 'date-fns/locale';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/i18n';

/** A moment as the forms take it: the day as the lists show it, then the time to the minute. */
export const DATE_TIME_FORMAT = 'dd/MM/yyyy HH:mm';

export interface DateTimeInputProps {
  id: string;
  /** The moment as an ISO date-time (UTC), '' for none. */
  value: string;
  onChange: (iso: string) => void;
  label: string;
  name?: string;
  disabled?: boolean;
  intent?: Intent;
}

/**
 * A moment, typed as DD/MM/YYYY HH:mm or picked in a calendar with a time, in the user's language and
 * time zone; its value is the ISO date-time the API takes. Enter takes the typed moment, it never
 * submits the form around it.
 */
export function DateTimeInput(props: DateTimeInputProps) {
  const { t } = useTranslation();
  const vietnamese = currentLanguage() === 'vi';
  return (
    <div className="date-time-input" onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}>
      <DateInput
        value={props.value || null}
        onChange={(iso) => props.onChange(iso ? new Date(iso).toISOString() : '')}
        timePrecision={TimePrecision.MINUTE}
        dateFnsFormat={DATE_TIME_FORMAT}
        locale={vietnamese ? vi : enUS}
        // Vietnamese weekdays in their narrow form (T2 … CN): the short one ("Th 2") does not fit a day's column
        dayPickerProps={vietnamese ? { formatters: { formatWeekdayName: (day) => format(day, 'EEEEE', { locale: vi }) } } : undefined}
        placeholder="DD/MM/YYYY HH:mm"
        disabled={props.disabled}
        clearButtonText={t('list.clear_date')}
        todayButtonText={t('list.today')}
        showActionsBar
        highlightCurrentDay
        fill
        inputProps={{ id: props.id, name: props.name, 'aria-label': props.label, intent: props.intent }}
        popoverProps={{ placement: 'bottom-start' }}
      />
    </div>
  );
}
