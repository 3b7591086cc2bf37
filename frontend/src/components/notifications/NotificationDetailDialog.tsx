import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, FormGroup, TextArea } from '@blueprintjs/core';
import { LIMITS, type NotificationItem } from '@rfid/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format';
import { CopyButton } from '../CopyButton';
import { DetailRow } from '../DetailRow';
import { errorMessage, showSuccess } from '../toasts';
import { disableAlert } from './notifications-api';

const REASON_ROWS = 6;

/** Which of the alert's two calls is under way: switching its alarm off, or disabling it with a reason. */
type Busy = 'alarm' | 'reason' | undefined;

/** The alert a notification reports: its gate (by name) and the reader's address, its id (short, copied whole), and once disabled who, when and why. */
function AlertRows({ n }: { n: NotificationItem }) {
  const { t } = useTranslation();
  const id = n.alertLogId!;
  return (
    <>
      <DetailRow label={t('notifications.gate')}>{n.readerName}</DetailRow>
      {n.readerHostName && <DetailRow label={t('notifications.reader_address')}>{n.readerHostName}</DetailRow>}
      <DetailRow label={t('notifications.alert_id')}>
        <code data-testid="alert-id" data-alert-id={id} title={id}>
          {id.slice(0, 8)}
        </code>{' '}
        <CopyButton text={id} label={t('notifications.copy_alert_id')} />
      </DetailRow>
      {n.disableTime && (
        <>
          <DetailRow label={t('notifications.disabled_by')} testId="disabled-by">
            {n.disableBy}
          </DetailRow>
          <DetailRow label={t('notifications.disabled_at')} testId="disabled-at">
            {formatDateTime(n.disableTime)}
          </DetailRow>
          <DetailRow label={t('notifications.disable_reason')} testId="disabled-reason">
            {n.disableReason}
          </DetailRow>
        </>
      )}
    </>
  );
}

/**
 * A notification's detail, and for an alert still active its two actions. "Switch alarm off" (the
 * disable ping, an empty body) silences the gate's light and buzzer: the alert stays active, so the
 * dialog stays open with its reason kept. The reason form disables the alert: confirm only with an
 * alert id and a non-blank reason; the dialog closes once it is done. A refused call says why in the
 * dialog. Closes on the close button or Escape; closing clears the form.
 */
export function NotificationDetailDialog({ notification, onClose }: { notification: NotificationItem | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState<Busy>();
  const [alarmOff, setAlarmOff] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [shown, setShown] = useState<NotificationItem>();
  useEffect(() => {
    if (notification) setShown(notification);
  }, [notification]);

  const close = () => {
    setReason('');
    setAlarmOff(false);
    setFailure(undefined);
    onClose();
  };
  const n = notification ?? shown;
  const active = !!n?.alertLogId && !n.disableTime;
  const canConfirm = !!n?.alertLogId && reason.trim().length > 0 && !busy;

  /** Runs one of the alert's calls; a refusal (a 403 FORBIDDEN ...) is said in the dialog. */
  const run = async (which: Exclude<Busy, undefined>, call: () => Promise<void>) => {
    setBusy(which);
    setFailure(undefined);
    try {
      await call();
    } catch (err) {
      setFailure(errorMessage(err));
    } finally {
      setBusy(undefined);
    }
  };
  const switchAlarmOff = () =>
    run('alarm', async () => {
      await disableAlert(n!.id, undefined);
      setAlarmOff(true);
      showSuccess(t('notifications.alarm_switched_off'));
    });
  const disableWithReason = () =>
    run('reason', async () => {
      await disableAlert(n!.id, reason.trim());
      showSuccess(`${t('notifications.disable_alert')} ${t('common.success').toLowerCase()}`);
      close();
    });

  return (
    <Dialog isOpen={!!notification} onClose={close} title={n?.title || t('notifications.no_title')} className="notification-dialog" canEscapeKeyClose canOutsideClickClose>
      <DialogBody>
        <p data-testid="notification-content">{n?.content}</p>
        <dl className="detail-list">
          <DetailRow label={t('notifications.created_at')}>{formatDateTime(n?.createdAt)}</DetailRow>
          {n?.alertLogId ? (
            <AlertRows n={n} />
          ) : (
            <>
              {n?.readerName && <DetailRow label={t('notifications.gate')}>{n.readerName}</DetailRow>}
              {n?.readerHostName && <DetailRow label={t('notifications.reader_address')}>{n.readerHostName}</DetailRow>}
            </>
          )}
        </dl>
        {alarmOff && active && (
          <Callout intent="success" icon="volume-off" className="alarm-off-note" data-testid="alarm-off-note">
            {t('notifications.alarm_off_note')}
          </Callout>
        )}
        {failure && (
          <Callout intent="danger" icon="error" className="dialog-failure" data-testid="dialog-failure">
            {failure}
          </Callout>
        )}
        {active && (
          <FormGroup label={t('notifications.reason_input')} labelFor="disable-reason" className={Classes.FILL}>
            <TextArea id="disable-reason" rows={REASON_ROWS} fill value={reason} onChange={(e) => setReason(e.target.value)} maxLength={LIMITS.DISABLE_REASON_MAX} />
          </FormGroup>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('common.close')} onClick={close} />
            {active && (
              <>
                <Button
                  icon="volume-off"
                  text={t('notifications.disable_ping')}
                  loading={busy === 'alarm'}
                  disabled={alarmOff || busy === 'reason'}
                  onClick={() => void switchAlarmOff()}
                  data-testid="switch-alarm-off"
                />
                <Button intent="danger" text={t('notifications.disable_alert')} loading={busy === 'reason'} disabled={!canConfirm} onClick={() => void disableWithReason()} data-testid="disable-alert" />
              </>
            )}
          </>
        }
      />
    </Dialog>
  );
}
