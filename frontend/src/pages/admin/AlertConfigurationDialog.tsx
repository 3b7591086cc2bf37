import { Checkbox } from '@blueprintjs/core';
import {
  ALERT_CONFIGURATION_FIELDS,
  API,
  createAlertConfigurationRequest,
  NOTIFICATION_METHODS,
  type AlertConfigurationView,
  type CreateAlertConfigurationRequest,
  type NotificationMethod,
} from '@rfid/contracts';
import { useTranslation } from 'react-i18next';
import { api, call } from '../../api/client';
import { useFieldViews } from '../../components/fields/field-views';
import { FormDialog, type CustomFieldProps, type FieldSpec, type FormMode } from '../../components/FormDialog';
import { showSuccess } from '../../components/toasts';

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

/** A new configuration's values: notified in the app. */
const NEW_CONFIGURATION = { userId: '', methods: ['IN_APP'], email: '', actionName: '', functionName: '', timeMinutes: '' };

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
  const { formField: field, formValues } = useFieldViews<AlertConfigurationView, typeof ALERT_CONFIGURATION_FIELDS>(ALERT_CONFIGURATION_FIELDS, {
    editors: { methods: (p) => <MethodsField {...p} /> },
  });
  const fields: FieldSpec[] = [
    field.userId,
    field.methods,
    // the address is asked for, and needed, only when the user is told by e-mail
    { ...field.email, required: true, shownWhen: (v) => chosenMethods(v.methods).includes('EMAIL') },
    field.actionName,
    field.functionName,
    { ...field.timeMinutes, placeholder: t('alert_config.time_placeholder') },
  ];
  return (
    <FormDialog
      isOpen={!!editing}
      mode={mode}
      title={configuration ? t(`alert_config.dialog_${mode === 'view' ? 'view' : 'edit'}`, { name }) : t('alert_config.dialog_add')}
      fields={fields}
      schema={createAlertConfigurationRequest}
      initial={configuration ? formValues(configuration) : NEW_CONFIGURATION}
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
