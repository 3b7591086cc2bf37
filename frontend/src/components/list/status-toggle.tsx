import { Intent, Tag } from '@blueprintjs/core';
import { apiPath, type ActiveStatus, type ApiRoute } from '@rfid/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { useConfirm } from '../ConfirmDialog';
import { showError, showSuccess, showUndoable } from '../toasts';
import type { BulkAction } from './bulk-actions';
import { refreshList } from './list-state';

/** A record that is deactivated and activated (a catalogue item, a product). */
interface Toggled {
  id: string;
  status: ActiveStatus;
}

/**
 * Deactivating an ACTIVE record or activating an INACTIVE one, after the user confirms `message(row,
 * off)`, by the routes of its kind; then the list is loaded again. Answers the confirmation dialog to render and the action.
 */
export function useStatusToggle<R extends Toggled>(
  routes: { list: ApiRoute; activate: ApiRoute; deactivate: ApiRoute },
  message: (row: R, off: boolean) => string,
): [ReactNode, (row: R) => Promise<void>] {
  const { t } = useTranslation();
  const [confirmElement, confirm] = useConfirm();
  const toggle = async (row: R) => {
    const off = row.status === 'ACTIVE';
    if (!(await confirm({ message: message(row, off), intent: off ? Intent.DANGER : Intent.PRIMARY }))) return;
    try {
      await call(off ? routes.deactivate : routes.activate, { params: { id: row.id } });
      await refreshList(apiPath(routes.list));
      // a deactivation just done may be taken back from its toast
      if (off)
        showUndoable(t('common.deactivated'), async () => {
          await call(routes.activate, { params: { id: row.id } });
          await refreshList(apiPath(routes.list));
        });
      else showSuccess(t('common.state_updated'));
    } catch (err) {
      showError(err);
    }
  };
  return [confirmElement, toggle];
}

/** Deactivating and activating the rows selected on a list's page (each the records of its state), a deactivation undone from its toast. */
export function statusBulkActions<R extends Toggled>(routes: { activate: ApiRoute; deactivate: ApiRoute }): BulkAction<R>[] {
  const activate = (row: R) => call(routes.activate, { params: { id: row.id } });
  return [
    { key: 'deactivate', labelKey: 'common.deactivate', icon: 'disable', intent: 'danger', confirmKey: 'list.deactivate_selected', applies: (r) => r.status === 'ACTIVE', each: (r) => call(routes.deactivate, { params: { id: r.id } }), undo: activate },
    { key: 'activate', labelKey: 'common.activate', icon: 'tick-circle', applies: (r) => r.status === 'INACTIVE', each: activate },
  ];
}

/** A status as a list shows it: green when ACTIVE, red when INACTIVE. */
export function StatusTag({ status, label }: { status: ActiveStatus; label: string }) {
  return (
    <Tag minimal intent={status === 'ACTIVE' ? 'success' : 'danger'}>
      {label}
    </Tag>
  );
}
