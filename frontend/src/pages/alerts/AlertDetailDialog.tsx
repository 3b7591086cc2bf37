import { Button, Dialog, DialogBody, DialogFooter, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { API, apiPath, type AlertView } from '@rfid/contracts';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { DetailRow } from '../../components/DetailRow';
import { GateItemLabel } from '../../components/GateItemLabel';
import { errorMessage } from '../../components/toasts';
import { formatDateTime } from '../../i18n/format';
import { AlarmTag, AlertKindTag, AlertStateTag } from './alert-tags';

/** An alert's API path. */
export const alertPath = (id: string): string => apiPath(API.alerts.detail, { id });

/** One alert as it stands now: what, where, whether its alarm still sounds, who disabled it and why. */
export function AlertDetails({ alert }: { alert: AlertView }) {
  const { t } = useTranslation();
  return (
    <dl className="detail-list" data-testid="alert-details">
      <DetailRow label={t('alerts.time')}>{formatDateTime(alert.at)}</DetailRow>
      <DetailRow label={t('alerts.kind')}>
        <AlertKindTag kind={alert.kind} />
      </DetailRow>
      <DetailRow label={t('alerts.state')}>
        <AlertStateTag state={alert.state} />
      </DetailRow>
      <DetailRow label={t('gate.gate')}>{alert.gateName && `${alert.gateName} (${alert.gateCode})`}</DetailRow>
      <DetailRow label={t('alerts.reader_host')}>{alert.readerHostName}</DetailRow>
      <DetailRow label={t('gate.antenna')}>{alert.antenna}</DetailRow>
      <DetailRow label={t('gate.tag')}>{alert.epc && <Tag minimal>{alert.epc}</Tag>}</DetailRow>
      <DetailRow label={t('gate.item')}>{alert.item && <GateItemLabel item={alert.item} />}</DetailRow>
      {alert.subject && <DetailRow label={t('alerts.stocktake')}>{alert.subject.code}</DetailRow>}
      <DetailRow label={t('alerts.alarm')}>
        <AlarmTag on={alert.alarmOn} />
      </DetailRow>
      <DetailRow label={t('alerts.alarm_off_by')}>{alert.alarmOffBy}</DetailRow>
      <DetailRow label={t('alerts.alarm_off_at')}>{formatDateTime(alert.alarmOffAt)}</DetailRow>
      <DetailRow label={t('alerts.disabled_by')}>{alert.disabledBy}</DetailRow>
      <DetailRow label={t('alerts.disabled_at')}>{formatDateTime(alert.disabledAt)}</DetailRow>
      <DetailRow label={t('alerts.reason')}>{alert.disableReason}</DetailRow>
    </dl>
  );
}

/** An alert opened from a list that links to it (a gate pass that raised it), read from the API when opened. */
export function AlertDetailDialog({ alertId, onClose }: { alertId: string | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, error } = useSWR<AlertView>(alertId ? alertPath(alertId) : null);
  return (
    <Dialog isOpen={!!alertId} onClose={onClose} title={t('alerts.detail')} icon="warning-sign">
      <DialogBody>{error ? <NonIdealState icon="error" title={errorMessage(error)} /> : data ? <AlertDetails alert={data} /> : <Spinner size={32} />}</DialogBody>
      <DialogFooter actions={<Button text={t('common.close')} onClick={onClose} />} />
    </Dialog>
  );
}
