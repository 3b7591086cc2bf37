import { Button, Classes, Dialog, DialogBody, DialogFooter, FormGroup, TextArea } from '@blueprintjs/core';
import { LIMITS, type NotificationItem } from '@rfid/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format';
import { showError, showSuccess } from '../toasts';
import { disableAlert } from './notifications-api';

const REASON_ROWS = 6;

/**
 * A notification's detail: gate and reader, and for an alert the disable form:
 * confirm only with an alert log id and a non-blank reason; a disabled alert shows who, when and why
 * instead of the form. Closes on the close button, Escape, or a successful disable; closing clears the form.
 */
export function NotificationDetailDialog({ notification, onClose }: { notification: NotificationItem | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<NotificationItem>();
  useEffect(() => {
    if (notification) setShown(notification);
  }, [notification]);

  const close = () => {
    setReason('');
    onClose();
  };
  const n = notification ?? shown;
  const disabled = !!n?.disableTime;
  const canConfirm = !!n?.alertLogId && reason.trim().length > 0 && !busy;

  const submit = async (withReason: boolean) => {
    if (!n) return;
    setBusy(true);
    try {
      await disableAlert(n.id, withReason ? reason.trim() : undefined);
      showSuccess(`${t('notifications.disable_alert')} ${t('common.success').toLowerCase()}`);
      close();
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog isOpen={!!notification} onClose={close} title={n?.title || t('notifications.no_title')} canEscapeKeyClose canOutsideClickClose>
      <DialogBody>
        <p data-testid="notification-content">{n?.content}</p>
        <dl className="detail-list">
          <dt>{t('notifications.created_at')}</dt>
          <dd>{formatDateTime(n?.createdAt)}</dd>
          {n?.readerName && (
            <>
              <dt>{t('notifications.gate')}</dt>
              <dd>{n.readerName}</dd>
            </>
          )}
          {n?.readerHostName && (
            <>
              <dt>{t('notifications.reader_host')}</dt>
              <dd>{n.readerHostName}</dd>
            </>
          )}
          {disabled && (
            <>
              <dt>{t('notifications.disabled_by')}</dt>
              <dd>{n?.disableBy}</dd>
              <dt>{t('notifications.disabled_at')}</dt>
              <dd>{formatDateTime(n?.disableTime)}</dd>
              <dt>{t('notifications.reason')}</dt>
              <dd>{n?.disableReason}</dd>
            </>
          )}
        </dl>
        {n?.alertLogId && !disabled && (
          <FormGroup label={t('notifications.reason')} labelFor="disable-reason" className={Classes.FILL}>
            <TextArea id="disable-reason" rows={REASON_ROWS} fill value={reason} onChange={(e) => setReason(e.target.value)} maxLength={LIMITS.DISABLE_REASON_MAX} />
          </FormGroup>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('common.close')} onClick={close} />
            {n?.alertLogId && !disabled && (
              <>
                <Button text={t('notifications.disable_ping')} loading={busy} onClick={() => void submit(false)} />
                <Button intent="danger" text={t('notifications.disable_alert')} disabled={!canConfirm} onClick={() => void submit(true)} />
              </>
            )}
          </>
        }
      />
    </Dialog>
  );
}
