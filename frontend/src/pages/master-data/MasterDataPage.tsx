import { API, createMasterDataItemRequest, MASTER_DATA_CATALOGUES, updateMasterDataItemRequest, type MasterDataCatalogue, type MasterDataItem, MASTER_DATA_COLUMNS, ZONE_CODE_COLUMN } from '@rfid/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { saveRecord } from '../../api/client';
import { useAuth } from '../../auth/auth-context';
import { AddButton } from '../../components/AddButton';
import { ExcelToolbar } from '../../components/excel/ExcelToolbar';
import { FormDialog, type FormMode } from '../../components/FormDialog';
import { screenColumns } from '../../components/list/screen-columns';
import { refreshList } from '../../components/list/list-state';
import { ListPage } from '../../components/list/ListPage';
import { RowAction } from '../../components/list/RowAction';
import { StatusTag, statusBulkActions, useStatusToggle } from '../../components/list/status-toggle';
import { showSuccess } from '../../components/toasts';
import { formatDateTime } from '../../i18n/format';
import { enumOptions } from '../../i18n/enum-options';

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
  const routes = API.masterData[catalogue.key];
  const endpoint = routes.list.path;
  const { permissions } = catalogue;
  const [editing, setEditing] = useState<{ mode: FormMode; item?: MasterDataItem }>();
  const codeLabel = catalogue.zoneCode ? ZONE_CODE_COLUMN.label : MASTER_DATA_COLUMNS.code.label;
  const [confirmElement, toggle] = useStatusToggle<MasterDataItem>(routes, (item, off) =>
    t(off ? 'master_data.deactivate_confirm' : 'master_data.activate_confirm', { name: item.name }),
  );

  const columns = screenColumns<MasterDataItem, typeof MASTER_DATA_COLUMNS>(MASTER_DATA_COLUMNS, {
    code: { labelKey: codeLabel },
    name: {},
    description: { className: 'wrap-col' },
    status: { render: (i) => <StatusTag status={i.status} label={t(`master_data.status_${i.status}`)} /> },
    updatedAt: { render: (i) => formatDateTime(i.updatedAt) },
  });

  return (
    <>
      <ListPage<MasterDataItem>
        route={routes.list}
        columns={columns}
        onRowClick={can(permissions.detail) ? (i) => setEditing({ mode: 'view', item: i }) : undefined}
        bulk={can(permissions.update) ? { actions: statusBulkActions<MasterDataItem>(routes), nameOf: (i) => i.code } : undefined}
        filters={[
          { name: 'q', labelKey: 'list.search', type: 'text' },
          { name: 'status', labelKey: 'master_data.status', type: 'select', options: enumOptions(t, ['ACTIVE', 'INACTIVE'], 'master_data.status') },
        ]}
        actions={(query) => (
          <>
            <ExcelToolbar list={routes.list} query={query} template={can(permissions.list) && routes.template} import={can(permissions.create) && routes.import} export={can(permissions.list) && routes.export} />
            <AddButton permission={permissions.create} onClick={() => setEditing({ mode: 'add' })} />
          </>
        )}
        rowActions={(i) => {
          const active = i.status === 'ACTIVE';
          return (
            <>
              <RowAction icon="eye-open" label={t('common.view')} permission={permissions.detail} onClick={() => setEditing({ mode: 'view', item: i })} />
              <RowAction icon="edit" label={t('common.edit')} permission={permissions.update} onClick={() => setEditing({ mode: 'edit', item: i })} />
              <RowAction
                icon={active ? 'disable' : 'confirm'}
                label={t(active ? 'master_data.deactivate' : 'master_data.activate')}
                permission={permissions.update}
                onClick={() => void toggle(i)}
              />
            </>
          );
        }}
      />
      <FormDialog
        isOpen={!!editing}
        mode={editing?.mode ?? 'add'}
        title={t(`master_data.dialog_${editing?.mode ?? 'add'}`, { entity: t(`catalogue:${catalogue.key}.noun`), name: t(`catalogue:${catalogue.key}.one`) })}
        fields={[
          { name: 'code', labelKey: codeLabel, required: true },
          { name: 'name', labelKey: 'master_data.name', required: true },
          { name: 'description', labelKey: 'master_data.description', type: 'textarea' },
          {
            name: 'status',
            labelKey: 'master_data.status',
            type: 'select',
            required: true,
            options: enumOptions(t, ['ACTIVE', 'INACTIVE'], 'master_data.status'),
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
          await saveRecord(routes, editing?.mode === 'add' ? undefined : editing?.item, values);
          showSuccess(t('common.saved'));
          await refreshList(endpoint);
        }}
      />
      {confirmElement}
    </>
  );
}
