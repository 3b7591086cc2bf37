import { Button, Callout, Dialog, DialogBody, DialogFooter, Intent, Tag } from '@blueprintjs/core';
import { GROUP_LIST_COLUMNS, API, ADMIN_GROUP_DESCRIPTION, ADMIN_GROUP_ID, createGroupRequest, P, updateGroupRequest, type GroupView } from '@rfid/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, saveRecord } from '../../api/client';
import { useAuth } from '../../auth/auth-context';
import { useConfirm } from '../../components/ConfirmDialog';
import { AddButton } from '../../components/AddButton';
import { FormDialog, type FormMode } from '../../components/FormDialog';
import { refreshList } from '../../components/list/list-state';
import { screenColumns } from '../../components/list/screen-columns';
import { ListPage } from '../../components/list/ListPage';
import { RowAction } from '../../components/list/RowAction';
import { showError, showSuccess } from '../../components/toasts';
import { formatDateTime } from '../../i18n/format';
import { PermissionTree } from './PermissionTree';

const ENDPOINT = API.userGroups.list.path;

/**
 * User groups: list, add, edit, lock and unlock, and permission assignment as a tree
 * (SYSTEM_ADMINISTRATION_USER_GROUP_*). A group holding a permission the signed-in user lacks offers no
 * action (`manageable`); neither Administrators nor the user's own group can be locked.
 */
export default function UserGroupsPage() {
  const { t } = useTranslation();
  const { me } = useAuth();
  const [editing, setEditing] = useState<{ mode: FormMode; group?: GroupView }>();
  const [assigning, setAssigning] = useState<GroupView>();
  const [confirmElement, confirm] = useConfirm();

  const lockToggle = async (g: GroupView) => {
    const locking = g.status === 'ACTIVE';
    const ok = await confirm({ message: t(locking ? 'groups.lock_confirm' : 'groups.unlock_confirm', { name: g.name }), intent: locking ? Intent.DANGER : Intent.PRIMARY });
    if (!ok) return;
    try {
      await call(locking ? API.userGroups.lock : API.userGroups.unlock, { params: { id: g.id } });
      showSuccess(t('common.state_updated'));
      await refreshList(ENDPOINT);
    } catch (err) {
      showError(err);
    }
  };

  const columns = screenColumns<GroupView, typeof GROUP_LIST_COLUMNS>(GROUP_LIST_COLUMNS, {
    name: {},
    // the built-in group's description, as the first start wrote it, in the reader's language
    description: { className: 'wrap-col', render: (g) => (g.id === ADMIN_GROUP_ID && g.description === ADMIN_GROUP_DESCRIPTION ? t('groups.admin_description') : g.description) },
    userCount: {},
    permissions: { render: (g) => t('groups.permission_count', { count: g.permissions.length }) },
    status: {
      render: (g) => (
        <Tag intent={g.status === 'ACTIVE' ? 'success' : 'danger'} minimal>
          {t(`users.status_${g.status}`)}
        </Tag>
      ),
    },
    updatedAt: { render: (g) => formatDateTime(g.updatedAt) },
  });

  return (
    <>
      <ListPage<GroupView>
        route={API.userGroups.list}
        columns={columns}
        onRowClick={(g) => setEditing({ mode: 'view', group: g })}
        filters={[{ name: 'q', labelKey: 'list.search', type: 'text' }]}
        actions={() => <AddButton permission={P.SYSTEM_ADMINISTRATION_USER_GROUP_CREATE} onClick={() => setEditing({ mode: 'add' })} />}
        rowActions={(g) =>
          g.manageable && (
            <>
              <RowAction icon="edit" label={t('common.edit')} permission={P.SYSTEM_ADMINISTRATION_USER_GROUP_UPDATE} onClick={() => setEditing({ mode: 'edit', group: g })} />
              {g.id !== ADMIN_GROUP_ID && (
                <RowAction
                  icon="key"
                  label={t('groups.assign_permissions')}
                  permission={P.SYSTEM_ADMINISTRATION_USER_GROUP_PERMISSION}
                  onClick={() => setAssigning(g)}
                  data-testid="assign"
                />
              )}
              {g.id !== ADMIN_GROUP_ID && g.id !== me?.user.group.id && (
                <RowAction
                  icon={g.status === 'ACTIVE' ? 'lock' : 'unlock'}
                  label={t(g.status === 'ACTIVE' ? 'groups.lock' : 'groups.unlock')}
                  permission={P.SYSTEM_ADMINISTRATION_USER_GROUP_UPDATE}
                  onClick={() => void lockToggle(g)}
                  data-testid="lock-group"
                />
              )}
            </>
          )
        }
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
          await saveRecord(API.userGroups, editing?.mode === 'add' ? undefined : editing?.group, values);
          showSuccess(t('common.saved'));
          await refreshList(ENDPOINT);
        }}
      />
      {assigning && <AssignDialog group={assigning} onClose={() => setAssigning(undefined)} />}
      {confirmElement}
    </>
  );
}

function AssignDialog({ group, onClose }: { group: GroupView; onClose: () => void }) {
  const { t } = useTranslation();
  const { me } = useAuth();
  // Nobody grants or takes away a permission they do not hold themselves.
  const held = new Set(me?.permissions ?? []);
  const [selected, setSelected] = useState(new Set(group.permissions));
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await call(API.userGroups.assign, { params: { id: group.id }, body: { permissions: [...selected] }, query: { expectedVersion: group.version } });
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
        <Callout intent="primary" icon="info-sign" compact className="perm-note">
          {t('groups.grant_only_held')}
        </Callout>
        <PermissionTree selected={selected} onChange={setSelected} grantable={held} />
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
