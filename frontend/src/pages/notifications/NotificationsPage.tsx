import { Button, Card, HTMLTable } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/ConfirmDialog';
import { useListState } from '../../components/list/list-state';
import { Pager } from '../../components/list/Pager';
import { NotificationDetailDialog } from '../../components/notifications/NotificationDetailDialog';
import {
  deleteNotification,
  markRead,
  useNotificationPage,
  useNotificationPushes,
  type NotificationItem,
} from '../../components/notifications/notifications-api';
import { showError } from '../../components/toasts';
import { formatDateTime, formatRelative } from '../../i18n/format';

/** Every notification of the user, paged, with mark all read and delete. */
export default function NotificationsPage() {
  const { t } = useTranslation();
  useNotificationPushes();
  const state = useListState([]);
  const { page, loading } = useNotificationPage(`/user-notifications?page=${state.page}&size=${state.size}`);
  const [detail, setDetail] = useState<NotificationItem>();
  const [confirmElement, confirm] = useConfirm();

  const open = async (n: NotificationItem) => {
    setDetail(n);
    if (!n.isRead) await markRead(n.id);
  };
  const remove = async (n: NotificationItem) => {
    if (!(await confirm({ message: t('notifications.delete_confirm'), intent: 'danger' }))) return;
    try {
      await deleteNotification(n.id);
    } catch (err) {
      showError(err);
    }
  };

  return (
    <div className="list-page">
      <div className="page-head">
        <h1>{t('menu.notifications')}</h1>
        <div className="page-actions">
          <Button icon="tick" text={t('notifications.mark_all_read')} disabled={!page?.total} onClick={() => void markRead()} />
        </div>
      </div>
      <Card className="list-card">
        <HTMLTable interactive striped className="list-table">
          <thead>
            <tr>
              <th>{t('notifications.title_col')}</th>
              <th>{t('notifications.content')}</th>
              <th>{t('notifications.created_at')}</th>
              <th className="actions-col">{t('list.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {page?.data.map((n) => (
              <tr key={n.id} onClick={() => void open(n)} tabIndex={0} onKeyDown={(e) => e.key === 'Enter' && void open(n)} className={n.isRead ? '' : 'unread-row'}>
                <td>
                  {!n.isRead && <span className="unread-dot" aria-label={t('notifications.unread')} />}
                  {n.title || t('notifications.no_title')}
                </td>
                <td>{n.content}</td>
                <td title={formatDateTime(n.createdAt)}>{formatRelative(n.createdAt)}</td>
                <td className="actions-col" onClick={(e) => e.stopPropagation()}>
                  <Button variant="minimal" icon="trash" intent="danger" aria-label={t('common.delete')} onClick={() => void remove(n)} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        <Pager
          page={state.page}
          size={state.size}
          total={page?.totalItems}
          loading={loading && !page}
          empty={!!page && page.data.length === 0}
          emptyIcon="notifications"
          summary={t('notifications.unread_count', { count: page?.total ?? 0 })}
          onChange={(patch) => state.update(patch, !('page' in patch))}
        />
      </Card>
      <NotificationDetailDialog notification={detail} onClose={() => setDetail(undefined)} />
      {confirmElement}
    </div>
  );
}
