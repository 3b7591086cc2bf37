import { Button, Intent, Tag, Tooltip } from '@blueprintjs/core';
import {
  createMasterDataItemRequest,
  MASTER_DATA_CATALOGUES,
  updateMasterDataItemRequest,
  type MasterDataCatalogue,
  type MasterDataItem,
} from '@rfid/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { api } from '../../api/client';
import { downloadFile } from '../../api/files';
import { useAuth } from '../../auth/auth-context';
import { useConfirm } from '../../components/ConfirmDialog';
import { ExcelImportDialog } from '../../components/ExcelImportDialog';
import { FormDialog, type FormMode } from '../../components/FormDialog';
import { refreshList } from '../../components/list/list-state';
import { ListPage, type Column } from '../../components/list/ListPage';
import { showError, showSuccess } from '../../components/toasts';
import { formatDateTime } from '../../i18n/format';

/** One screen for the eight catalogues at /master-data/{route}: which one comes from the path. */
export default function MasterDataPage() {
  const { pathname } = useLocation();
  const catalogue = MASTER_DATA_CATALOGUES.find((c) => c.path === pathname);
  // A new component per catalogue, so moving between catalogues starts with a fresh state.
  return catalogue ? <CataloguePage key={catalogue.key} catalogue={catalogue} /> : null;
}

function CataloguePage({ catalogue }: { catalogue: MasterDataCatalogue }) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const endpoint = `/master-data/${catalogue.key}`;
  const may = (action: keyof MasterDataCatalogue['permissions']) => can(catalogue.permissions[action]);
  const [editing, setEditing] = useState<{ mode: FormMode; item?: MasterDataItem }>();
  const [importing, setImporting] = useState(false);
  const [confirmElement, confirm] = useConfirm();
  const codeLabel = catalogue.zoneCode ? 'master_data.zone_id' : 'master_data.code';

  const toggle = async (item: MasterDataItem) => {
    const off = item.status === 'ACTIVE';
    if (!(await confirm({ message: t(off ? 'master_data.deactivate_confirm' : 'master_data.activate_confirm', { name: item.name }), intent: off ? Intent.DANGER : Intent.PRIMARY }))) return;
    try {
      await api(`${endpoint}/${item.id}/${off ? 'deactivate' : 'activate'}`, { method: 'POST' });
      showSuccess(t('common.state_updated'));
      await refreshList(endpoint);
    } catch (err) {
      showError(err);
    }
  };
  const download = (path: string, query?: Record<string, string | number | undefined>) => downloadFile(`${endpoint}/${path}`, query).catch(showError);

  const columns: Column<MasterDataItem>[] = [
    { key: 'code', labelKey: codeLabel, sortField: 'code' },
    { key: 'name', labelKey: 'master_data.name', sortField: 'name' },
    { key: 'description', labelKey: 'master_data.description', className: 'wrap-col' },
    {
      key: 'status',
      labelKey: 'master_data.status',
      sortField: 'status',
      render: (i) => (
        <Tag minimal intent={i.status === 'ACTIVE' ? 'success' : 'danger'}>
          {t(`master_data.status_${i.status}`)}
        </Tag>
      ),
    },
    { key: 'updatedAt', labelKey: 'common.updated_at', sortField: 'updatedAt', render: (i) => formatDateTime(i.updatedAt) },
  ];

  return (
    <>
      <ListPage<MasterDataItem>
        titleKey={`menu.master.${catalogue.key}`}
        endpoint={endpoint}
        columns={columns}
        defaultSort="name:asc"
        rowKey={(i) => i.id}
        onRowClick={may('detail') ? (i) => setEditing({ mode: 'view', item: i }) : undefined}
        filters={[
          { name: 'q', labelKey: 'list.search', type: 'text' },
          { name: 'status', labelKey: 'master_data.status', type: 'select', options: ['ACTIVE', 'INACTIVE'].map((s) => ({ value: s, label: t(`master_data.status_${s}`) })) },
        ]}
        toolbar={may('create') && <Button intent="primary" icon="add" text={t('common.add')} onClick={() => setEditing({ mode: 'add' })} data-testid="add" />}
        excel={{
          onTemplate: may('list') ? () => void download('template') : undefined,
          onImport: may('create') ? () => setImporting(true) : undefined,
          onExport: may('list') ? (query) => void download('export', { ...query, page: undefined, size: undefined }) : undefined,
        }}
        rowActions={(i) => (
          <>
            {may('detail') && (
              <Tooltip content={t('common.view')}>
                <Button icon="eye-open" aria-label={t('common.view')} onClick={() => setEditing({ mode: 'view', item: i })} />
              </Tooltip>
            )}
            {may('update') && (
              <Tooltip content={t('common.edit')}>
                <Button icon="edit" aria-label={t('common.edit')} onClick={() => setEditing({ mode: 'edit', item: i })} />
              </Tooltip>
            )}
            {may('update') && (
              <Tooltip content={t(i.status === 'ACTIVE' ? 'master_data.deactivate' : 'master_data.activate')}>
                <Button
                  icon={i.status === 'ACTIVE' ? 'disable' : 'confirm'}
                  aria-label={t(i.status === 'ACTIVE' ? 'master_data.deactivate' : 'master_data.activate')}
                  onClick={() => void toggle(i)}
                />
              </Tooltip>
            )}
          </>
        )}
      />
      <FormDialog
        isOpen={!!editing}
        mode={editing?.mode ?? 'add'}
        title={t(`master_data.dialog_${editing?.mode ?? 'add'}`, { catalogue: t(`menu.master.${catalogue.key}`) })}
        fields={[
          { name: 'code', labelKey: codeLabel, required: true },
          { name: 'name', labelKey: 'master_data.name', required: true },
          { name: 'description', labelKey: 'master_data.description', type: 'textarea' },
          {
            name: 'status',
            labelKey: 'master_data.status',
            type: 'select',
            required: true,
            options: ['ACTIVE', 'INACTIVE'].map((s) => ({ value: s, label: t(`master_data.status_${s}`) })),
          },
        ]}
        schema={editing?.mode === 'add' ? createMasterDataItemRequest(catalogue.key) : updateMasterDataItemRequest(catalogue.key)}
        initial={{
          code: editing?.item?.code ?? '',
          name: editing?.item?.name ?? '',
          description: editing?.item?.description ?? '',
          status: editing?.item?.status ?? 'ACTIVE',
        }}
        onClose={() => setEditing(undefined)}
        onSubmit={async (values) => {
          if (editing?.mode === 'add') await api(endpoint, { method: 'POST', body: values });
          else await api(`${endpoint}/${editing!.item!.id}`, { method: 'PUT', body: values, query: { expectedVersion: editing!.item!.version } });
          showSuccess(t('common.saved'));
          await refreshList(endpoint);
        }}
      />
      <ExcelImportDialog isOpen={importing} endpoint={endpoint} onClose={() => setImporting(false)} onImported={() => void refreshList(endpoint)} />
      {confirmElement}
    </>
  );
}
