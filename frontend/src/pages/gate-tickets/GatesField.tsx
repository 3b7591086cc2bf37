import { useTranslation } from 'react-i18next';
import { LOOKUPS } from '../../components/fields/lookup-endpoints';
import { LookupMultiSelect } from '../../components/fields/LookupMultiSelect';
import type { CustomFieldProps } from '../../components/FormDialog';

/** The gates a gate ticket lets its items pass: chosen one by one among the GATE readers, each removable. */
export function GatesField({ id, value, onChange, disabled, error }: CustomFieldProps) {
  const { t } = useTranslation();
  return (
    <LookupMultiSelect
      id={id}
      name="gateSearch"
      endpoint={LOOKUPS.gates}
      value={value}
      onChange={onChange}
      disabled={disabled}
      intent={error ? 'danger' : 'none'}
      addLabel={t('gate_tickets.add_gate')}
      removeLabel={(name) => t('gate_tickets.remove_gate', { name })}
      testId="gates"
    />
  );
}
