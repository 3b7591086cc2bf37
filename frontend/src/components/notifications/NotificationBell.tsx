import { Button, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { UI_CONSTANTS, type NotificationItem } from '@rfid/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '../../app/route-table';
import { formatRelative } from '../../i18n/format';
import { NotificationDetailDialog } from './NotificationDetailDialog';
import { UnreadMark } from './UnreadMark';
import { BELL_KEY, markRead, useNotificationPage, useNotificationPushes, useUnreadCount } from './notifications-api';

/** The unread count on the bell: above 9 it reads "9+". */
export function badgeText(count: number): string {
  return count > UI_CONSTANTS.BADGE_CAP ? `${UI_CONSTANTS.BADGE_CAP}+` : String(count);
}

/** The header's bell: unread badge (shown as 9+ above 9), the five latest, view all. */
export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useNotificationPushes();
  const unread = useUnreadCount();
  const { page } = useNotificationPage(BELL_KEY);
  const [open, setOpen] = useState(false);
  const [detail, setDetail] = useState<NotificationItem>();
  const items = page?.data ?? [];

  const openItem = async (n: NotificationItem) => {
    setOpen(false);
    setDetail(n);
    if (!n.isRead) await markRead(n.id);
  };

  return (
    <>
      <PopoverNext
        isOpen={open}
        onInteraction={setOpen}
        placement="bottom-end"
        content={
          <div className="bell-panel" data-testid="bell-panel">
            <div className="bell-head">
              <strong>{t('notifications.title')}</strong>
              {unread > 0 && <Button variant="minimal" size="small" text={t('notifications.mark_all_read')} onClick={() => void markRead()} />}
            </div>
            {items.length === 0 ? (
              <div className="bell-empty">{t('common.no_data')}</div>
            ) : (
              <Menu className="bell-list" data-testid="bell-list">
                {items.map((n) => (
                  <MenuItem
                    key={n.id}
                    data-testid="bell-item"
                    multiline
                    htmlTitle={`${n.title}\n${n.content}`}
                    onClick={() => void openItem(n)}
                    text={
                      <div className="bell-item">
                        <div className="bell-item-title">
                          {!n.isRead && <UnreadMark />}
                          <span>{n.title || t('notifications.no_title')}</span>
                        </div>
                        <div className="bell-item-content">{n.content}</div>
                        <div className="bell-item-time muted">{formatRelative(n.createdAt)}</div>
                      </div>
                    }
                  />
                ))}
              </Menu>
            )}
            <MenuDivider />
            <Button
              className="bell-foot"
              data-testid="bell-view-all"
              fill
              variant="minimal"
              intent="primary"
              text={t('notifications.view_all')}
              onClick={() => {
                setOpen(false);
                navigate(PATHS.notifications);
              }}
            />
          </div>
        }
      >
        <Button variant="minimal" icon="notifications" aria-label={t('notifications.title')} data-testid="bell" className="bell-button">
          {unread > 0 && (
            <span className="bell-badge" data-testid="bell-badge">
              {badgeText(unread)}
            </span>
          )}
        </Button>
      </PopoverNext>
      <NotificationDetailDialog notification={detail} onClose={() => setDetail(undefined)} />
    </>
  );
}
