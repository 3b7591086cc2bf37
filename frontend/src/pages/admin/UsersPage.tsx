import { Intent, Tag } from '@blueprintjs/core';
import { USER_LIST_COLUMNS, API, changePasswordRequest, createUserRequest, P, updateUserRequest, type UserView } from '@rfid/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, saveRecord } from '../../api/client';
import { useAuth } from '../../auth/auth-context';
import { AddButton } from '../../components/AddButton';
import { useConfirm } from '../../components/ConfirmDialog';
import { LOOKUPS } from '../../components/fields/lookup-endpoints';
import { FormDialog, type FieldSpec, type FormMode } from '../../components/FormDialog';
import type { BulkAction } from '../../components/list/bulk-actions';
import { refreshList } from '../../components/list/list-state';
import { screenColumns } from '../../components/list/screen-columns';
import { ListPage } from '../../components/list/ListPage';
import { RowAction } from '../../components/list/RowAction';
import { showError, showSuccess } from '../../components/toasts';
import { formatDateTime } from '../../i18n/format';
import { enumOptions } from '../../i18n/enum-options';

const ENDPOINT = API.users.list.path;

type Editing = { mode: FormMode; user?: UserView } | { mode: 'password'; user: UserView } | undefined;

/**
 * Users: list, search, add, view, edit, lock, unlock, change password (SYSTEM_ADMINISTRATION_USER_*).
 * A user holding a permission the signed-in user lacks offers nothing but view (`manageable`); nobody
 * is offered to lock themselves; the form offers only the groups the signed-in user may put a user into.
 */
export default function UsersPage() {
  const { t } = useTranslation();
  const { me, can } = useAuth();
  const [editing, setEditing] = useState<Editing>();
  const [confirmElement, confirm] = useConfirm();

  const fields = (mode: FormMode): FieldSpec[] => [
    { name: 'username', labelKey: 'users.username', required: true, readOnly: mode !== 'add' },
    ...(mode === 'add' ? [{ name: 'password', labelKey: 'users.password', type: 'password' as const, required: true }] : []),
    { name: 'fullName', labelKey: 'users.full_name', required: true },
    { name: 'position', labelKey: 'users.position' },
    { name: 'groupId', labelKey: 'users.group', type: 'lookup', lookup: LOOKUPS.userGroups, required: true },
  ];

  const lockToggle = async (u: UserView) => {
    const locking = u.status === 'ACTIVE';
    const ok = await confirm({ message: t(locking ? 'users.lock_confirm' : 'users.unlock_confirm', { name: u.username }), intent: locking ? Intent.DANGER : Intent.PRIMARY });
    if (!ok) return;
    try {
      await call(locking ? API.users.lock : API.users.unlock, { params: { id: u.id } });
      showSuccess(t('common.state_updated'));
      await refreshList(ENDPOINT);
    } catch (err) {
      showError(err);
    }
  };

  // nobody locks themselves, nor a user holding a permission they lack
  const lockable = (u: UserView) => u.manageable && u.id !== me?.user.id;
  const lockActions: BulkAction<UserView>[] = [
    ...(can(P.SYSTEM_ADMINISTRATION_USER_LOCK)
      ? [{ key: 'lock', labelKey: 'common.lock', icon: 'lock', intent: 'danger', confirmKey: 'list.lock_selected', applies: (u) => u.status === 'ACTIVE' && lockable(u), each: (u) => call(API.users.lock, { params: { id: u.id } }), undo: (u) => call(API.users.unlock, { params: { id: u.id } }) } satisfies BulkAction<UserView>]
      : []),
    ...(can(P.SYSTEM_ADMINISTRATION_USER_UNLOCK)
      ? [{ key: 'unlock', labelKey: 'common.unlock', icon: 'unlock', applies: (u) => u.status === 'LOCKED' && lockable(u), each: (u) => call(API.users.unlock, { params: { id: u.id } }) } satisfies BulkAction<UserView>]
      : []),
  ];

  const columns = screenColumns<UserView, typeof USER_LIST_COLUMNS>(USER_LIST_COLUMNS, {
    username: {},
    fullName: {},
    position: {},
    groupName: {},
    status: {
      render: (u) => (
        <Tag intent={u.status === 'ACTIVE' ? 'success' : 'danger'} minimal>
          {t(`users.status_${u.status}`)}
        </Tag>
      ),
    },
    updatedAt: { render: (u) => formatDateTime(u.updatedAt) },
  });

  const current = editing && editing.mode !== 'password' ? editing : undefined;
  return (
    <>
      <ListPage<UserView>
        route={API.users.list}
        columns={columns}
        onRowClick={(u) => setEditing({ mode: 'view', user: u })}
        bulk={lockActions.length ? { actions: lockActions, nameOf: (u) => u.username } : undefined}
        filters={[
          { name: 'q', labelKey: 'list.search', type: 'text' },
          { name: 'status', labelKey: 'users.status', type: 'select', options: enumOptions(t, ['ACTIVE', 'LOCKED'], 'users.status') },
          { name: 'groupId', labelKey: 'users.group', type: 'lookup', lookup: LOOKUPS.userGroups },
        ]}
        actions={() => <AddButton permission={P.SYSTEM_ADMINISTRATION_USER_CREATE} onClick={() => setEditing({ mode: 'add' })} />}
        rowActions={(u) => {
          const locking = u.status === 'ACTIVE';
          const self = u.id === me?.user.id;
          return (
            <>
              <RowAction icon="eye-open" label={t('common.view')} onClick={() => setEditing({ mode: 'view', user: u })} />
              {u.manageable && (
                <>
                  <RowAction icon="edit" label={t('common.edit')} permission={P.SYSTEM_ADMINISTRATION_USER_UPDATE} onClick={() => setEditing({ mode: 'edit', user: u })} />
                  {!(self && locking) && (
                    <RowAction
                      icon={locking ? 'lock' : 'unlock'}
                      label={t(locking ? 'users.lock' : 'users.unlock')}
                      permission={locking ? P.SYSTEM_ADMINISTRATION_USER_LOCK : P.SYSTEM_ADMINISTRATION_USER_UNLOCK}
                      onClick={() => void lockToggle(u)}
                      data-testid="lock-user"
                    />
                  )}
                  <RowAction
                    icon="key"
                    label={t('users.change_password')}
                    permission={P.SYSTEM_ADMINISTRATION_USER_CHANGE_PASSWORD}
                    onClick={() => setEditing({ mode: 'password', user: u })}
                  />
                </>
              )}
            </>
          );
        }}
      />
      <FormDialog
        isOpen={!!current}
        mode={current?.mode ?? 'add'}
        title={t(`users.dialog_${current?.mode ?? 'add'}`)}
        fields={fields(current?.mode ?? 'add')}
        schema={current?.mode === 'add' ? createUserRequest : updateUserRequest}
        initial={{
          username: current?.user?.username ?? '',
          password: '',
          fullName: current?.user?.fullName ?? '',
          position: current?.user?.position ?? '',
          groupId: current?.user?.groupId ?? '',
        }}
        onClose={() => setEditing(undefined)}
        onSubmit={async (values) => {
          await saveRecord(API.users, current?.mode === 'add' ? undefined : current?.user, values);
          showSuccess(t('common.saved'));
          await refreshList(ENDPOINT);
        }}
      />
      <FormDialog
        isOpen={editing?.mode === 'password'}
        mode="edit"
        title={t('users.change_password_of', { name: editing?.user?.username ?? '' })}
        fields={[{ name: 'password', labelKey: 'users.new_password', type: 'password', required: true }]}
        schema={changePasswordRequest}
        initial={{ password: '' }}
        onClose={() => setEditing(undefined)}
        onSubmit={async (values) => {
          await call(API.users.changePassword, { params: { id: editing!.user!.id }, body: values });
          showSuccess(t('users.password_changed'));
        }}
      />
      {confirmElement}
    </>
  );
}
