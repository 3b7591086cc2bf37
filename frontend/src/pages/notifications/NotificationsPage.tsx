import { Button, Card } from '@blueprintjs/core';
import { NOTIFICATION_COLUMNS, type NotificationItem } from '@rfid/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/list/DataTable';
import { screenColumns } from '../../components/list/screen-columns';
import { useListState } from '../../components/list/list-state';
import { Pager } from '../../components/list/Pager';
import { RowAction } from '../../components/list/RowAction';
import { NotificationDetailDialog } from '../../components/notifications/NotificationDetailDialog';
import { UnreadMark } from '../../components/notifications/UnreadMark';
import {
  deleteNotification,
  markRead,
  notificationPageKey,
  useNotificationPage,
  useNotificationPushes,
} from '../../components/notifications/notifications-api';
import { PageHeader } from '../../components/PageHeader';
import { showError } from '../../components/toasts';
import { formatDateTime, formatRelative } from '../../i18n/format';

const NO_FILTERS: string[] = [];

/** Every notification of the user, paged, with mark all read and delete. */
export default function NotificationsPage() {
  const { t } = useTranslation();
  useNotificationPushes();
  const state = useListState(NO_FILTERS);
  const { page, loading } = useNotificationPage(notificationPageKey(state.page, state.size));
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

  const columns = screenColumns<NotificationItem, typeof NOTIFICATION_COLUMNS>(NOTIFICATION_COLUMNS, {
    title: {
      wrap: true,
      render: (n) => (
        <>
          {!n.isRead && <UnreadMark />}
          {n.title || t('notifications.no_title')}
        </>
      ),
    },
    content: { wrap: true },
    createdAt: { render: (n) => <span title={formatDateTime(n.createdAt)}>{formatRelative(n.createdAt)}</span> },
  });

  return (
    <div className="list-page">
      <PageHeader title={t('menu.notifications')}>
        <Button icon="tick" text={t('notifications.mark_all_read')} disabled={!page?.total} onClick={() => void markRead()} />
      </PageHeader>
      <Card className="list-card">
        <DataTable
          fillWindow
          columns={columns}
          rows={page?.data}
          rowKey={(n) => n.id}
          onRowClick={(n) => void open(n)}
          rowClassName={(n) => (n.isRead ? undefined : 'unread-row')}
          rowActions={(n) => <RowAction icon="trash" intent="danger" label={t('common.delete')} onClick={() => void remove(n)} />}
        />
        <Pager
          page={state.page}
          size={state.size}
          total={page?.totalItems}
          loading={loading && !page}
          empty={!!page && page.data.length === 0}
          emptyIcon="notifications"
          summary={t('notifications.unread_count', { count: page?.total ?? 0 })}
          onChange={state.update}
        />
      </Card>
      <NotificationDetailDialog notification={detail} onClose={() => setDetail(undefined)} />
      {confirmElement}
    </div>
  );
}
