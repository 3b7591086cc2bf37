import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { createGroupRequest, P, updateGroupRequest, type GroupView } from '@rfid/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, saveRecord } from '../../api/client';
import { AddButton } from '../../components/AddButton';
import { FormDialog, type FormMode } from '../../components/FormDialog';
import { refreshList } from '../../components/list/list-state';
import type { Column } from '../../components/list/DataTable';
import { ListPage } from '../../components/list/ListPage';
import { RowAction } from '../../components/list/RowAction';
import { showError, showSuccess } from '../../components/toasts';
import { formatDateTime } from '../../i18n/format';
import { PermissionTree } from './PermissionTree';

const ENDPOINT = '/user-groups';

/** User groups: list, add, edit, and permission assignment as a tree (SYSTEM_ADMINISTRATION_USER_GROUP_*). */
export default function UserGroupsPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ mode: FormMode; group?: GroupView }>();
  const [assigning, setAssigning] = useState<GroupView>();

  const columns: Column<GroupView>[] = [
    { key: 'name', labelKey: 'groups.name', sortField: 'name' },
    { key: 'description', labelKey: 'groups.description', className: 'wrap-col' },
    { key: 'userCount', labelKey: 'groups.user_count', sortField: 'userCount' },
    { key: 'permissions', labelKey: 'groups.permissions', render: (g) => t('groups.permission_count', { count: g.permissions.length }) },
    { key: 'updatedAt', labelKey: 'common.updated_at', sortField: 'updatedAt', render: (g) => formatDateTime(g.updatedAt) },
  ];

  return (
    <>
      <ListPage<GroupView>
        titleKey="menu.user_groups"
        endpoint={ENDPOINT}
        columns={columns}
        defaultSort="name:asc"
        rowKey={(g) => g.id}
        onRowClick={(g) => setEditing({ mode: 'view', group: g })}
        filters={[{ name: 'q', labelKey: 'list.search', type: 'text' }]}
        actions={() => <AddButton permission={P.SYSTEM_ADMINISTRATION_USER_GROUP_CREATE} onClick={() => setEditing({ mode: 'add' })} />}
        rowActions={(g) => (
          <>
            <RowAction icon="edit" label={t('common.edit')} permission={P.SYSTEM_ADMINISTRATION_USER_GROUP_UPDATE} onClick={() => setEditing({ mode: 'edit', group: g })} />
            <RowAction
              icon="key"
              label={t('groups.assign_permissions')}
              permission={P.SYSTEM_ADMINISTRATION_USER_GROUP_PERMISSION}
              onClick={() => setAssigning(g)}
              data-testid="assign"
            />
          </>
        )}
      />
      <FormDialog
        isOpen={!!editing}
        mode={editing?.mode ?? 'add'}
        title={t(`groups.dialog_${editing?.mode ?? 'add'}`)}
        fields={[
          { name: 'name', labelKey: 'groups.name', required: true },
          { name: 'description', labelKey: 'groups.description' },
        ]}
        schema={editing?.mode === 'add' ? createGroupRequest : updateGroupRequest}
        initial={{ name: editing?.group?.name ?? '', description: editing?.group?.description ?? '' }}
        onClose={() => setEditing(undefined)}
        onSubmit={async (values) => {
          await saveRecord(ENDPOINT, editing?.mode === 'add' ? undefined : editing?.group, values);
          showSuccess(t('common.saved'));
          await refreshList(ENDPOINT);
        }}
      />
      {assigning && <AssignDialog group={assigning} onClose={() => setAssigning(undefined)} />}
    </>
  );
}

function AssignDialog({ group, onClose }: { group: GroupView; onClose: () => void }) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState(new Set(group.permissions));
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await api(`${ENDPOINT}/${group.id}/permissions`, { method: 'PUT', body: { permissions: [...selected] }, query: { expectedVersion: group.version } });
      showSuccess(t('common.saved'));
      await refreshList(ENDPOINT);
      onClose();
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen onClose={onClose} title={t('groups.assign_permissions_of', { name: group.name })} className="wide-dialog">
      <DialogBody>
        <PermissionTree selected={selected} onChange={setSelected} />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <span className="muted">{t('groups.permission_count', { count: selected.size })}</span>
            <Button text={t('common.cancel')} onClick={onClose} />
            <Button intent="primary" loading={busy} text={t('common.save')} onClick={() => void save()} data-testid="save-permissions" />
          </>
        }
      />
    </Dialog>
  );
}
