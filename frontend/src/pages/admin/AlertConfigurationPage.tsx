import { Callout, Tag } from '@blueprintjs/core';
import { ALERT_CONFIGURATION_COLUMNS, API, ALERT_KINDS, NOTIFICATION_METHODS, P, type AlertConfigurationListResponse, type AlertConfigurationView } from '@rfid/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { AddButton } from '../../components/AddButton';
import { useConfirm } from '../../components/ConfirmDialog';
import { screenColumns } from '../../components/list/screen-columns';
import { refreshList } from '../../components/list/list-state';
import { ListPage } from '../../components/list/ListPage';
import { RowAction } from '../../components/list/RowAction';
import { showError, showSuccess } from '../../components/toasts';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { ALERT_CONFIGURATIONS_ENDPOINT, AlertConfigurationDialog, type AlertConfigurationEditing } from './AlertConfigurationDialog';
import { enumOptions } from '../../i18n/enum-options';

/** Said while the server sends no e-mail: what happens to the configurations that ask for it. */
function MailOffCallout({ data }: { data: AlertConfigurationListResponse | undefined }) {
  const { t } = useTranslation();
  if (!data || data.mailEnabled) return null;
  return (
    <Callout intent="warning" icon="envelope" title={t('alert_config.mail_off_title')} className="mail-off-callout" data-testid="mail-off">
      {t('alert_config.mail_off')}
    </Callout>
  );
}

/**
 * The alert configuration (SYSTEM_ADMINISTRATION_ALERT_CONFIG_*): who is told of which alerts, how, and
 * how often while an alert stays active; add, view, edit and delete.
 */
export default function AlertConfigurationPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<AlertConfigurationEditing>();
  const [confirmElement, confirm] = useConfirm();
  const nameOf = (c: AlertConfigurationView) => c.fullName || c.username;

  const remove = async (c: AlertConfigurationView) => {
    if (!(await confirm({ message: t('alert_config.delete_confirm', { name: nameOf(c) }), intent: 'danger' }))) return;
    try {
      await call(API.alertConfigurations.delete, { params: { id: c.id } });
      showSuccess(t('alert_config.deleted'));
      await refreshList(ALERT_CONFIGURATIONS_ENDPOINT);
    } catch (err) {
      showError(err);
    }
  };

  const columns = screenColumns<AlertConfigurationView, typeof ALERT_CONFIGURATION_COLUMNS>(ALERT_CONFIGURATION_COLUMNS, {
    username: { pinned: true, width: 150 },
    fullName: { width: 180 },
    methods: {
      render: (c) => (
        <span className="tag-list">
          {c.methods.map((m) => (
            <Tag key={m} minimal icon={m === 'EMAIL' ? 'envelope' : 'notifications'}>
              {t(`alert_config.method_${m}`)}
            </Tag>
          ))}
        </span>
      ),
    },
    email: { width: 220 },
    actionName: { width: 200 },
    functionName: { render: (c) => t(`alerts.kind_${c.functionName}`) },
    timeMinutes: { className: 'number-col', render: (c) => formatNumber(c.timeMinutes) },
    updatedAt: { hiddenByDefault: true, render: (c) => formatDateTime(c.updatedAt) },
  });

  return (
    <>
      <ListPage<AlertConfigurationView, AlertConfigurationListResponse>
        route={API.alertConfigurations.list}
        columns={columns}
        intro={(data) => <MailOffCallout data={data} />}
        onRowClick={(c) => setEditing({ mode: 'view', configuration: c })}
        filters={[
          { name: 'q', labelKey: 'alert_config.search', type: 'text' },
          { name: 'functionName', labelKey: 'alert_config.function_name', type: 'select', options: enumOptions(t, ALERT_KINDS, 'alerts.kind') },
          { name: 'method', labelKey: 'alert_config.method', type: 'select', options: enumOptions(t, NOTIFICATION_METHODS, 'alert_config.method') },
        ]}
        actions={() => <AddButton permission={P.SYSTEM_ADMINISTRATION_ALERT_CONFIG_CREATE} onClick={() => setEditing({ mode: 'add' })} />}
        rowActions={(c) => (
          <>
            <RowAction icon="eye-open" label={t('common.view')} onClick={() => setEditing({ mode: 'view', configuration: c })} />
            <RowAction icon="edit" label={t('common.edit')} permission={P.SYSTEM_ADMINISTRATION_ALERT_CONFIG_UPDATE} onClick={() => setEditing({ mode: 'edit', configuration: c })} />
            <RowAction
              icon="trash"
              intent="danger"
              label={t('common.delete')}
              permission={P.SYSTEM_ADMINISTRATION_ALERT_CONFIG_DELETE}
              onClick={() => void remove(c)}
              data-testid="delete-alert-configuration"
            />
          </>
        )}
      />
      <AlertConfigurationDialog editing={editing} onClose={() => setEditing(undefined)} onSaved={() => refreshList(ALERT_CONFIGURATIONS_ENDPOINT)} />
      {confirmElement}
    </>
  );
}
