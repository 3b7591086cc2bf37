import { Button, HTMLTable } from '@blueprintjs/core';
import { API, assignReaderUserRequest, P, type ReaderView } from '@rfid/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { useAuth } from '../../auth/auth-context';
import { useConfirm } from '../../components/ConfirmDialog';
import { LOOKUPS } from '../../components/fields/lookup-endpoints';
import { FormDialog } from '../../components/FormDialog';
import { RowAction } from '../../components/list/RowAction';
import { showError, showSuccess } from '../../components/toasts';

/**
 * The users a reader is assigned to (a handheld belongs to a person): assigned with a look-up of the
 * users (one already assigned is said on the field: USER_READER_EXISTS), taken off after a confirmation.
 */
export function ReaderUsers({ reader, onChanged }: { reader: ReaderView; onChanged: (reader: ReaderView) => Promise<unknown> }) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const [assigning, setAssigning] = useState(false);
  const [confirmElement, confirm] = useConfirm();
  const remove = async (user: ReaderView['users'][number]) => {
    if (!(await confirm({ message: t('readers.unassign_confirm', { user: user.username, code: reader.code }), intent: 'danger' }))) return;
    try {
      await onChanged(await call(API.readers.unassign, { params: { id: reader.id, userId: user.id } }));
      showSuccess(t('readers.unassigned', { user: user.username }));
    } catch (err) {
      showError(err);
    }
  };
  return (
    <div data-testid="reader-users">
      {reader.users.length ? (
        <HTMLTable compact striped className="reader-users">
          <tbody>
            {reader.users.map((u) => (
              <tr key={u.id}>
                <td>{u.username}</td>
                <td>{u.fullName}</td>
                <td className="actions-col">
                  <RowAction icon="cross" label={t('readers.unassign')} permission={P.SECURITY_GATE_CONFIGURATION_UPDATE} intent="danger" onClick={() => void remove(u)} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      ) : (
        <p className="muted">{t('readers.no_users')}</p>
      )}
      {can(P.SECURITY_GATE_CONFIGURATION_UPDATE) && <Button icon="new-person" text={t('readers.assign')} onClick={() => setAssigning(true)} data-testid="assign-user" />}
      <FormDialog
        isOpen={assigning}
        mode="add"
        title={t('readers.assign_to', { code: reader.code })}
        fields={[{ name: 'userId', labelKey: 'readers.user', type: 'lookup', lookup: LOOKUPS.users, required: true }]}
        schema={assignReaderUserRequest}
        initial={{ userId: '' }}
        onClose={() => setAssigning(false)}
        onSubmit={async (body) => {
          await onChanged(await call(API.readers.assign, { params: { id: reader.id }, body }));
          showSuccess(t('readers.assigned'));
        }}
      />
      {confirmElement}
    </div>
  );
}
