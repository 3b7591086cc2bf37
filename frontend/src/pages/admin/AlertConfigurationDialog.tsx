import { Checkbox } from '@blueprintjs/core';
import {
  ALERT_KINDS,
  API,
  createAlertConfigurationRequest,
  NOTIFICATION_METHODS,
  type AlertConfigurationView,
  type CreateAlertConfigurationRequest,
  type NotificationMethod,
} from '@rfid/contracts';
import { useTranslation } from 'react-i18next';
import { api, call } from '../../api/client';
import { LOOKUPS } from '../../components/fields/lookup-endpoints';
import { FormDialog, type CustomFieldProps, type FieldSpec, type FormMode } from '../../components/FormDialog';
import { showSuccess } from '../../components/toasts';
import { enumOptions } from '../../i18n/enum-options';

export const ALERT_CONFIGURATIONS_ENDPOINT = API.alertConfigurations.list.path;

/** What the dialog shows: a new configuration, or one to view or edit. */
export interface AlertConfigurationEditing {
  mode: FormMode;
  configuration?: AlertConfigurationView;
}

const chosenMethods = (value: unknown): NotificationMethod[] => (Array.isArray(value) ? (value as NotificationMethod[]) : []);

/** How the user is told: in the app, by e-mail, or both; kept in the contracts' order. None is no value, so that the form says it is required. */
function MethodsField({ id, value, onChange, disabled }: CustomFieldProps) {
  const { t } = useTranslation();
  const chosen = chosenMethods(value);
  const toggle = (method: NotificationMethod, on: boolean) => {
    const next = NOTIFICATION_METHODS.filter((m) => (m === method ? on : chosen.includes(m)));
    onChange(next.length ? next : undefined);
  };
  return (
    <div className="methods-field">
      {NOTIFICATION_METHODS.map((m, i) => (
        <Checkbox
          key={m}
          id={i === 0 ? id : `${id}-${m}`}
          inline
          name={`methods.${m}`}
          label={t(`alert_config.method_${m}`)}
          checked={chosen.includes(m)}
          disabled={disabled}
          onChange={(e) => toggle(m, e.currentTarget.checked)}
        />
      ))}
    </div>
  );
}

/** The form's values of a configuration, or of a new one (notified in the app). */
function initialOf(configuration: AlertConfigurationView | undefined) {
  return {
    userId: configuration?.userId ?? '',
    methods: configuration?.methods ?? ['IN_APP'],
    email: configuration?.email ?? '',
    actionName: configuration?.actionName ?? '',
    functionName: configuration?.functionName ?? '',
    timeMinutes: configuration ? String(configuration.timeMinutes) : '',
  };
}

/**
 * Add, view or edit an alert configuration: whom to tell (a user), how (in the app, by e-mail: the
 * address is asked for, and required, only with e-mail), about which alerts (the function) and after how
 * many minutes an alert still active is told again (above 0). The contracts' schema checks it all before
 * sending; an edit sends the version it started from.
 */
export function AlertConfigurationDialog({ editing, onClose, onSaved }: { editing: AlertConfigurationEditing | undefined; onClose: () => void; onSaved: () => Promise<unknown> | void }) {
  const { t } = useTranslation();
  const mode = editing?.mode ?? 'add';
  const configuration = editing?.configuration;
  const name = configuration ? configuration.fullName || configuration.username : '';
  const fields: FieldSpec[] = [
    { name: 'userId', labelKey: 'alert_config.user', type: 'lookup', lookup: LOOKUPS.users, required: true },
    { name: 'methods', labelKey: 'alert_config.methods', type: 'custom', required: true, render: (p) => <MethodsField {...p} /> },
    { name: 'email', labelKey: 'alert_config.email', required: true, placeholder: 'name@example.com', shownWhen: (v) => chosenMethods(v.methods).includes('EMAIL') },
    { name: 'actionName', labelKey: 'alert_config.action_name', required: true },
    { name: 'functionName', labelKey: 'alert_config.function_name', type: 'select', required: true, options: enumOptions(t, ALERT_KINDS, 'alerts.kind') },
    { name: 'timeMinutes', labelKey: 'alert_config.time_minutes', required: true, placeholder: t('alert_config.time_placeholder') },
  ];
  return (
    <FormDialog
      isOpen={!!editing}
      mode={mode}
      title={configuration ? t(`alert_config.dialog_${mode === 'view' ? 'view' : 'edit'}`, { name }) : t('alert_config.dialog_add')}
      fields={fields}
      schema={createAlertConfigurationRequest}
      initial={initialOf(configuration)}
      onClose={onClose}
      onSubmit={async (values: CreateAlertConfigurationRequest) => {
        if (configuration) await call(API.alertConfigurations.update, { params: { id: configuration.id }, body: { ...values, version: configuration.version } });
        else await api(ALERT_CONFIGURATIONS_ENDPOINT, { method: 'POST', body: values });
        showSuccess(t('common.saved'));
        await onSaved();
      }}
    />
  );
}
